/**
 * One entry of the request plan `--plan` prints: a kind of request a scan may send, its tier and
 * when it is sent. Each probe stage declares its own entries (./stages/), so the plan cannot
 * drift from what is sent; a test checks every probe ID a real scan recorded is in it.
 */
export interface PlanEntry {
  readonly probe: string;
  /** `token`: sent only with a token the user supplied (never in passive mode). */
  readonly tier: 'passive' | 'safe' | 'token' | 'intrusive';
  readonly method: string;
  readonly url: string;
  readonly purpose: string;
  /** When it is sent; empty when always. */
  readonly when: string;
}

/** A plan entry, `when` and `url` defaulted. */
export function planEntry(
  probe: string,
  tier: PlanEntry['tier'],
  method: string,
  purpose: string,
  when = '',
  url = '<endpoint>',
): PlanEntry {
  return { probe, tier, method, url, purpose, when };
}
