/**
 * MCPP-TOOL04 across servers (key `cross`): a tool of one server that names, shadows or
 * overrides a tool of another server installed beside it, in the same MCP client configuration.
 * The evidence of one target cannot show this, so the run hands a co-installed group's evidence
 * here once every member is scanned; TOOL04's per-server part (./MCPP-TOOL04.ts) judges the
 * siblings within one server. A pure function of the group's evidence, like every check.
 */
import type { CheckResult, Verdict } from '../define-check.js';
import { makeContext } from '../define-check.js';
import type { Evidence, ExchangeId } from '../../evidence/types.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { escapeRegExp } from '../../escape/regexp.js';
import { COMMON_NAMES, NEGATION } from '../../surface/lexicon.js';
import { skeleton } from '../../surface/normalise.js';
import type { SurfaceItem } from '../../surface/types.js';
import { isVerdict, locationOf, surfaceOrVerdict, toolsOf } from './common.js';
import { clausesOf, proseOf } from './prose.js';
import TOOL04 from './MCPP-TOOL04.js';

export interface CoInstalledServer {
  /** The target's identity: the key of the results returned for it. */
  readonly id: string;
  /** How reports name it: its name in the client configuration, or its identity. */
  readonly label: string;
  readonly evidence: Evidence;
}

export interface CoInstalledGroup {
  /** The client configuration, e.g. `cursor (/home/me/.cursor/mcp.json)`. */
  readonly label: string;
  readonly servers: readonly CoInstalledServer[];
}

interface Listed {
  readonly server: CoInstalledServer;
  readonly tools: readonly SurfaceItem[];
  readonly evidence: readonly ExchangeId[];
  /** Tool names, as skeletons. */
  readonly own: ReadonlySet<string>;
}

/** A tool of another server: its owner and its name as listed. */
interface Foreign {
  readonly server: CoInstalledServer;
  readonly name: string;
}

const MAX_HITS = 5;
const WORD = '[\\p{L}\\p{N}_-]';
const ctx = () => makeContext(TOOL04.meta, null);

/** The group's members whose tools were listed (an unreachable or walled member has none to judge). */
function listedMembers(group: CoInstalledGroup): Listed[] {
  const out: Listed[] = [];
  for (const server of group.servers) {
    const ev = server.evidence;
    if (ev.detection.targetClass !== 'reachable' || !ev.inventory) continue;
    const s = surfaceOrVerdict({ inventory: ev.inventory, detection: ev.detection }, ctx());
    if (isVerdict(s)) continue;
    const tools = toolsOf(s.surface);
    out.push({ server, tools, evidence: s.evidence, own: new Set(tools.map((t) => skeleton(t.name))) });
  }
  return out;
}

/** The other members' tools by skeleton name. */
function foreignTools(members: readonly Listed[], self: Listed): Map<string, Foreign[]> {
  const out = new Map<string, Foreign[]>();
  for (const m of members) {
    if (m === self) continue;
    for (const t of m.tools) {
      const key = skeleton(t.name);
      const list = out.get(key);
      if (list) list.push({ server: m.server, name: t.name });
      else out.set(key, [{ server: m.server, name: t.name }]);
    }
  }
  return out;
}

const named = (f: readonly Foreign[]) =>
  f.map((x) => `"${escapeExcerpt(x.name, 80)}" of ${escapeExcerpt(x.server.label, 80)}`).join(', ');

/** Another server's tool with the same name: a client that merges the lists may call either. */
function shadowHit(item: SurfaceItem, foreign: ReadonlyMap<string, readonly Foreign[]>): string | null {
  const same = foreign.get(skeleton(item.name));
  return same ? `has the same name as tool ${named(same)}` : null;
}

const WORDS = /[\p{L}\p{N}_]+/gu;

/**
 * The mentionable names (long, specific, not also this server's own) indexed by their first
 * word: a clause is compared only with the names whose first word it contains.
 */
function mentionIndex(self: Listed, foreign: ReadonlyMap<string, readonly Foreign[]>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const n of foreign.keys()) {
    if (n.length < 4 || COMMON_NAMES.has(n) || self.own.has(n)) continue;
    const first = n.match(WORDS)?.[0];
    if (first === undefined) continue;
    const list = index.get(first);
    if (list) list.push(n);
    else index.set(first, [n]);
  }
  return index;
}

/** The indexed names a clause mentions, at word boundaries. */
function mentionedIn(c: string, index: ReadonlyMap<string, readonly string[]>): string[] {
  const found = new Set<string>();
  for (const w of c.match(WORDS) ?? [])
    for (const name of index.get(w) ?? [])
      if (new RegExp(`(?<!${WORD})${escapeRegExp(name)}(?!${WORD})`, 'u').test(c)) found.add(name);
  return [...found];
}

/** Mentions, in the tool's prose, of tools only another server has. */
function mentionHits(
  item: SurfaceItem,
  index: ReadonlyMap<string, readonly string[]>,
  foreign: ReadonlyMap<string, readonly Foreign[]>,
): string[] {
  if (index.size === 0) return [];
  const hits: string[] = [];
  for (const str of proseOf(item)) {
    for (const c of clausesOf(str)) {
      if (NEGATION.test(c) && !/\b(do not|don't|never|must not)\s+(use|call)\b/.test(c)) continue;
      for (const name of mentionedIn(c, index)) {
        if (hits.length >= MAX_HITS) return hits;
        hits.push(`names tool ${named(foreign.get(name)!)} in its ${str.field}: "${escapeExcerpt(c, 160)}"`);
      }
    }
  }
  return hits;
}

function stamped(v: Verdict): CheckResult {
  return {
    ...v,
    checkId: TOOL04.meta.id,
    revisionsEvaluated: [],
    revisionsFailed: [],
    condition: null,
    era: null,
  };
}

/** One result per offending tool, by member identity; members without findings are left out. */
export function judgeCoInstalled(group: CoInstalledGroup): Map<string, CheckResult[]> {
  const members = listedMembers(group);
  const out = new Map<string, CheckResult[]>();
  if (members.length < 2) return out;
  const where = escapeExcerpt(group.label, 200);
  for (const self of members) {
    const foreign = foreignTools(members, self);
    const index = mentionIndex(self, foreign);
    const results: CheckResult[] = [];
    for (const item of self.tools) {
      const shadow = shadowHit(item, foreign);
      const hits = [...(shadow ? [shadow] : []), ...mentionHits(item, index, foreign)];
      if (hits.length === 0) continue;
      const message = `${locationOf(item)} of ${escapeExcerpt(self.server.label, 80)}, installed beside other servers in ${where}, ${hits.join('; ')}.`;
      const verdict = ctx().fail(message, self.evidence, {
        location: locationOf(item),
        key: 'cross',
        severity: 'medium',
        confidence: shadow ? 'medium' : 'low',
      });
      results.push(stamped(verdict));
    }
    if (results.length > 0) out.set(self.server.id, results);
  }
  return out;
}
