/**
 * The report's client matrix and framework sections (docs/clients.md, docs/fingerprints.md): one
 * cell per client profile with the rules that decided it, and the framework the evidence points to.
 */
import type { CellStatus, OutcomeStatus, RuleKind, RuleSource, RuleVerdict } from '../clients/types.js';
import type { ExchangeId } from '../evidence/types.js';

/** A rule that decided a client's cell: failed, or undecided for an `unknown` cell. */
export interface ReportClientRule {
  /** `claude.registration`: stable within the profile. */
  readonly id: string;
  readonly kind: RuleKind;
  /** What the client does, in words. */
  readonly does: string;
  /** What its failure costs: `blocks` or `degrades`. */
  readonly effect: RuleVerdict;
  readonly status: OutcomeStatus;
  /** What the evidence showed (server-supplied values quoted as received). */
  readonly detail: string;
  readonly evidence: readonly ExchangeId[];
  readonly fix: string;
  readonly source: RuleSource;
}

export interface ReportClient {
  /** The profile id `--clients` and `--fail-on-client` take. */
  readonly id: string;
  readonly name: string;
  readonly verdict: CellStatus;
  /** One sentence: why this verdict (for `unknown`, what the scan could not see). */
  readonly reason: string;
  /** The deciding rules, blocking ones first; empty when the client connects. */
  readonly rules: readonly ReportClientRule[];
  readonly evidence: readonly ExchangeId[];
  /** The fixes of the failed rules, without repeats. */
  readonly fixes: readonly string[];
}

export interface ReportFrameworkSignal {
  readonly says: string;
  readonly value: string;
  readonly evidence: readonly ExchangeId[];
}

export interface ReportFramework {
  /** The signature id (`typescript-sdk-1`), or null when no framework could be named. */
  readonly id: string | null;
  readonly name: string | null;
  readonly versionRange: string | null;
  /** 0–1. */
  readonly confidence: number;
  readonly level: 'high' | 'medium' | 'low' | 'none';
  readonly signals: readonly ReportFrameworkSignal[];
  /** Why unknown, or which candidate came second. */
  readonly note: string;
}
