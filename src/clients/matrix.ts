/**
 * The client matrix: for every client profile, whether that client connects and logs in, as a pure
 * function of the evidence. A cell is `blocked` when a blocking rule fails, `unknown` when no rule
 * fails but a blocking rule cannot be decided from the evidence, `degraded` when only degrading
 * rules fail, and `connects` otherwise (docs/clients.md#the-matrix). JSON-serialisable as it is.
 */
import type { Evidence, ExchangeId } from '../evidence/types.js';
import { clientView } from './evidence-view.js';
import type { ClientView } from './evidence-view.js';
import { CLIENT_PROFILES } from './profiles/index.js';
import { observedShapes } from './shapes.js';
import { judgeRequirement } from './requirements/index.js';
import type {
  CellStatus,
  ClientCell,
  ClientMatrix,
  ClientProfile,
  RedirectShapeObservation,
  RuleResult,
} from './types.js';

export interface MatrixOptions {
  /** The profiles to judge (default: every built-in profile). */
  readonly profiles?: readonly ClientProfile[];
  /** Intrusive registrations per redirect shape (default: what the evidence's `i.shape` probes showed). */
  readonly shapes?: readonly RedirectShapeObservation[];
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** Why the scan cannot speak for any client: the target was not reached as an MCP server. */
function unreachableReason(ev: Evidence): string | null {
  const cls = ev.detection.targetClass;
  if (cls === 'reachable') return null;
  return `The scan did not reach an MCP server (target class: ${cls}), so no client can be judged.`;
}

function judgeRules(
  profile: ClientProfile,
  view: ClientView,
  shapes: readonly RedirectShapeObservation[],
): RuleResult[] {
  return profile.rules.map((rule) => {
    const o = judgeRequirement(rule.requirement, { view, shapes });
    return {
      rule: rule.id,
      kind: rule.kind,
      verdict: rule.verdict,
      status: o.status,
      detail: o.detail,
      evidence: o.evidence,
      fix: rule.fix,
      source: rule.source,
    };
  });
}

function decide(results: readonly RuleResult[]): { status: CellStatus; deciding: RuleResult[] } {
  const failing = (verdict: 'blocks' | 'degrades') =>
    results.filter((r) => r.verdict === verdict && r.status === 'unmet');
  const blocking = failing('blocks');
  if (blocking.length > 0) return { status: 'blocked', deciding: blocking };
  const undecided = results.filter((r) => r.verdict === 'blocks' && r.status === 'unknown');
  const degrading = failing('degrades');
  // An undecided blocker hides no known limit: the degrading failures are listed after it.
  if (undecided.length > 0) return { status: 'unknown', deciding: [...undecided, ...degrading] };
  if (degrading.length > 0) return { status: 'degraded', deciding: degrading };
  return { status: 'connects', deciding: [] };
}

function reasonOf(status: CellStatus, deciding: readonly RuleResult[]): string {
  const first = deciding[0];
  switch (status) {
    case 'connects':
      return 'Every rule the evidence can decide is met.';
    case 'blocked':
      return `Blocked: ${first?.detail ?? ''}`;
    case 'degraded':
      return `Connects with limits: ${first?.detail ?? ''}`;
    case 'unknown':
      return `Not decidable from this scan: ${first?.detail ?? ''}`;
  }
}

function cellOf(
  profile: ClientProfile,
  view: ClientView,
  shapes: readonly RedirectShapeObservation[],
): ClientCell {
  const rules = judgeRules(profile, view, shapes);
  const { status, deciding } = decide(rules);
  return {
    client: profile.id,
    name: profile.name,
    status,
    reason: reasonOf(status, deciding),
    deciding: deciding.map((r) => r.rule),
    evidence: unique<ExchangeId>(deciding.flatMap((r) => r.evidence)),
    fixes: unique(deciding.filter((r) => r.status === 'unmet').map((r) => r.fix)),
    rules,
  };
}

function unreachableCell(profile: ClientProfile, reason: string): ClientCell {
  return {
    client: profile.id,
    name: profile.name,
    status: 'unknown',
    reason,
    deciding: [],
    evidence: [],
    fixes: [],
    rules: [],
  };
}

export function clientMatrix(evidence: Evidence, options: MatrixOptions = {}): ClientMatrix {
  const profiles = options.profiles ?? CLIENT_PROFILES;
  const unreachable = unreachableReason(evidence);
  if (unreachable) return { version: 1, cells: profiles.map((p) => unreachableCell(p, unreachable)) };
  const view = clientView(evidence);
  const shapes = options.shapes ?? observedShapes(evidence);
  return { version: 1, cells: profiles.map((p) => cellOf(p, view, shapes)) };
}
