/**
 * Derives K (known), C (candidates) and U (unconfirmed) revisions from the
 * detection ladder's evidence (docs/model/revisions.md#known-candidate-and-unconfirmed-revisions). Pure: the same evidence always
 * gives the same answer, live or replayed from a bundle.
 */
import type { InitAttempt, Probe, RevisionInfo, RevisionSource, RpcReply } from '../types.js';
import type { Revision } from '../../spec/revisions.js';
import { isRevision, newest, REVISIONS, sortRevisions } from '../../spec/revisions.js';
import { asObject } from '../parse/json-value.js';

export interface ModernSignal {
  /** Positive modern evidence was seen. */
  readonly modern: boolean;
  /** Versions the server listed (DiscoverResult.supportedVersions or -32022 data.supported). */
  readonly listed: readonly string[];
  readonly how: string | null;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Reads a `server/discover` answer (or any reply) for positive 2026-07-28 evidence (docs/model/revisions.md#the-detection-ladder). */
export function modernSignal(discover: Probe<RpcReply>, resend?: Probe<RpcReply>): ModernSignal {
  if (discover.kind !== 'ok' || discover.value.response === null)
    return { modern: false, listed: [], how: null };
  const res = discover.value.response;
  const result = asObject(res.result);
  if (result) {
    const listed = stringList(result['supportedVersions']);
    if (listed.length > 0) return { modern: true, listed, how: 'server/discover returned supportedVersions' };
    if ('resultType' in result)
      return { modern: true, listed: [], how: 'server/discover result carries resultType' };
    return { modern: false, listed: [], how: null };
  }
  const code = res.error ? res.error.code : null;
  if (code === -32022) {
    const listed = stringList(asObject(res.error?.data)?.['supported']);
    return { modern: true, listed, how: 'server/discover answered -32022 UnsupportedVersion' };
  }
  if (
    (code === -32020 || code === -32021) &&
    resend?.kind === 'ok' &&
    resend.value.response?.error?.code === code
  ) {
    return { modern: true, listed: [], how: `server/discover answered ${code} twice` };
  }
  return { modern: false, listed: [], how: null };
}

/** `protocolVersion` of an InitializeResult, when the reply holds one. */
export function offeredVersion(reply: RpcReply | null): string | null {
  const result = asObject(reply?.response?.result);
  const v = result?.['protocolVersion'];
  return typeof v === 'string' && result !== null && asObject(result['capabilities']) !== null ? v : null;
}

export interface RevisionInputs {
  readonly pinned: Revision | null;
  readonly modern: ModernSignal;
  readonly inits: readonly InitAttempt[];
  /** An HTTP+SSE `endpoint` event was seen and the POST ladder failed. */
  readonly sseOnly: boolean;
  /** Versions negotiated over HTTP+SSE. */
  readonly sseVersions: readonly string[];
  /** A Bearer challenge or other OAuth behaviour was observed. */
  readonly oauthSeen: boolean;
  /** `initialize` was answered with a modern-only error (legacy eras excluded). */
  readonly modernOnlyInit: boolean;
}

export function deriveRevision(input: RevisionInputs): RevisionInfo {
  const offered = [...input.inits.map((i) => i.offered), ...input.sseVersions].filter(
    (v): v is string => v !== null,
  );
  const listed = input.modern.listed;
  const all = [...offered, ...listed];
  const unknownVersions = [...new Set(all.filter((v) => !isRevision(v)))].sort();
  const eras: ('modern' | 'legacy')[] = [];
  if (input.modern.modern) eras.push('modern');
  if (offered.length > 0) eras.push('legacy');

  if (input.pinned) {
    return {
      value: input.pinned,
      source: 'pinned',
      known: [input.pinned],
      candidates: [input.pinned],
      unconfirmed: [],
      unknownVersions,
      eras,
      how: `pinned with --spec ${input.pinned}`,
    };
  }

  const known = new Set<Revision>();
  for (const v of all) if (isRevision(v)) known.add(v);
  // Positive modern evidence without a version list still proves 2026-07-28 is spoken.
  if (input.modern.modern && listed.length === 0) known.add('2026-07-28');

  let candidates: Revision[] = [...REVISIONS];
  const why: string[] = [];
  if (input.oauthSeen) {
    candidates = candidates.filter((r) => r !== '2024-11-05');
    why.push('an OAuth challenge excludes 2024-11-05');
  }
  if (input.sseOnly) {
    candidates = candidates.filter((r) => r !== '2026-07-28');
    why.push('an HTTP+SSE-only endpoint excludes 2026-07-28');
  }
  if (input.modernOnlyInit) {
    candidates = candidates.filter((r) => r === '2026-07-28');
    why.push('initialize answered with a modern-only error');
  }

  let source: RevisionSource;
  let unconfirmed: Revision[];
  let knownList = sortRevisions(known);
  if (knownList.length > 0) {
    // A successful handshake enumerates what the server speaks: nothing stays unconfirmed.
    source = 'negotiated';
    unconfirmed = [];
    candidates = knownList;
  } else {
    knownList = [];
    unconfirmed = candidates;
    source = candidates.length < REVISIONS.length ? 'bounded' : 'unknown';
  }

  const how: string[] = [];
  if (input.modern.how) how.push(input.modern.how);
  const negotiated = input.inits.filter((i) => i.offered !== null);
  if (negotiated.length > 0)
    how.push(`initialize negotiated ${[...new Set(negotiated.map((i) => i.offered))].join(', ')}`);
  if (input.sseVersions.length > 0)
    how.push(`HTTP+SSE initialize negotiated ${input.sseVersions.join(', ')}`);
  if (knownList.length === 0)
    how.push(
      `no handshake succeeded; candidates: ${candidates.join(', ')}${why.length ? ` (${why.join('; ')})` : ''}`,
    );

  return {
    value: newest(knownList),
    source,
    known: knownList,
    candidates,
    unconfirmed,
    unknownVersions,
    eras,
    how: how.join('; '),
  };
}
