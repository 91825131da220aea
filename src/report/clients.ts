/**
 * The report's client matrix and framework line, computed once from the evidence by the pure
 * judges in src/clients and src/fingerprint; formatters only render them.
 */
import { clientMatrix } from '../clients/matrix.js';
import { CLIENT_PROFILES } from '../clients/profiles/index.js';
import type { ClientCell, ClientProfile } from '../clients/types.js';
import type { Evidence } from '../evidence/types.js';
import { fingerprint } from '../fingerprint/judge.js';
import type { ReportClient, ReportFramework } from './clients-model.js';

/** `--clients` limits the matrix; a client `--fail-on-client` names is always in it. */
export function clientOptions(s: {
  readonly clients?: readonly string[] | undefined;
  readonly failOnClient?: readonly string[] | undefined;
}): { clients?: readonly string[] } {
  if (!s.clients) return {};
  return { clients: [...new Set([...s.clients, ...(s.failOnClient ?? [])])] };
}

/** The profiles named (every one when `only` is absent), in report order. */
function selected(only: readonly string[] | undefined): readonly ClientProfile[] {
  return only ? CLIENT_PROFILES.filter((p) => only.includes(p.id)) : CLIENT_PROFILES;
}

function reportCell(profile: ClientProfile, cell: ClientCell): ReportClient {
  const does = new Map(profile.rules.map((r) => [r.id, r.does]));
  const deciding = new Set(cell.deciding);
  // Blocking rules first, in profile order: the first rule is the one a report names.
  const rules = cell.rules
    .filter((r) => deciding.has(r.rule))
    .sort((a, b) => Number(a.verdict !== 'blocks') - Number(b.verdict !== 'blocks'));
  return {
    id: cell.client,
    name: cell.name,
    verdict: cell.status,
    reason: cell.reason,
    rules: rules.map((r) => ({
      id: r.rule,
      kind: r.kind,
      does: does.get(r.rule) ?? '',
      effect: r.verdict,
      status: r.status,
      detail: r.detail,
      evidence: r.evidence,
      fix: r.fix,
      source: r.source,
    })),
    evidence: cell.evidence,
    fixes: cell.fixes,
  };
}

const STDIO_REASON =
  'A local (stdio) server: the client profiles describe how clients reach and log in to remote servers.';

/** One cell per selected client profile; a local server's cells are `unknown` with the reason. */
export function clientsOf(ev: Evidence, only?: readonly string[]): ReportClient[] {
  const profiles = selected(only);
  if (ev.stdio) {
    return profiles.map((p) => ({
      id: p.id,
      name: p.name,
      verdict: 'unknown',
      reason: STDIO_REASON,
      rules: [],
      evidence: [],
      fixes: [],
    }));
  }
  const matrix = clientMatrix(ev, { profiles });
  return matrix.cells.map((cell, i) => reportCell(profiles[i]!, cell));
}

export function frameworkOf(ev: Evidence): ReportFramework {
  const f = fingerprint(ev);
  return {
    id: f.framework,
    name: f.name,
    versionRange: f.versionRange,
    confidence: f.confidence,
    level: f.level,
    signals: f.signals.map((s) => ({ says: s.says, value: s.value, evidence: s.evidence })),
    note: f.note,
  };
}
