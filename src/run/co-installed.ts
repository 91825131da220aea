/**
 * Co-installed targets: the servers of one MCP client configuration (`scan --discovered`) are
 * judged together once every one of them is scanned (MCPP-TOOL04 key `cross`,
 * src/checks/tool/cross-server.ts). A member's result waits here until each group it belongs
 * to is complete; then its results are merged with the group's and its report is rebuilt.
 * Groups are data taken from the targets (`installedIn`); a target in no group of two or more
 * passes straight through. A group that never completes (the fleet deadline) is judged among
 * the members that finished, when the run drains it.
 */
import type { ScanOutput } from '../api.js';
import { reportOf } from '../api.js';
import type { CheckResult } from '../checks/define-check.js';
import type { CoInstalledServer } from '../checks/tool/cross-server.js';
import { judgeCoInstalled } from '../checks/tool/cross-server.js';
import { groupKeyOf } from '../targets/sources/types.js';
import type { PreparedTarget } from './prepare.js';

/** A finished target held for its groups: its output (null when the scan did not end) and what goes with it. */
export interface Held<T> {
  readonly prepared: PreparedTarget;
  readonly out: ScanOutput | null;
  readonly extra: T;
}

interface Group {
  readonly label: string;
  readonly members: ReadonlySet<string>;
  readonly finished: Map<string, ScanOutput | null>;
  results: Map<string, CheckResult[]> | null;
}

/**
 * TOOL04's per-server results stay; the cross results replace its pass and follow its other
 * results, where the check's results are (a check's results are contiguous, in registry order).
 */
export function withCrossResults(
  results: readonly CheckResult[],
  cross: readonly CheckResult[],
): CheckResult[] {
  if (cross.length === 0) return [...results];
  const id = cross[0]!.checkId;
  const first = results.findIndex((r) => r.checkId === id);
  if (first < 0) return [...results, ...cross];
  const own = results.filter((r) => r.checkId === id && r.status !== 'pass');
  const after = results.slice(first).filter((r) => r.checkId !== id);
  return [...results.slice(0, first), ...own, ...cross, ...after];
}

export class CoInstalled<T> {
  readonly #groups = new Map<string, Group>();
  /** Identity → the keys of its groups. */
  readonly #of = new Map<string, string[]>();
  readonly #held = new Map<string, Held<T>>();

  constructor(targets: readonly PreparedTarget[]) {
    const members = new Map<string, { label: string; ids: Set<string> }>();
    for (const p of targets)
      for (const ref of p.sourced.installedIn ?? []) {
        const key = groupKeyOf(ref);
        const g = members.get(key) ?? { label: `${ref.client} (${ref.file})`, ids: new Set<string>() };
        g.ids.add(p.sourced.target.identity);
        members.set(key, g);
      }
    for (const [key, g] of members) {
      if (g.ids.size < 2) continue;
      this.#groups.set(key, { label: g.label, members: g.ids, finished: new Map(), results: null });
      for (const id of g.ids) this.#of.set(id, [...(this.#of.get(id) ?? []), key]);
    }
  }

  /** A target finished: what may be released now (itself, if in no group, and completed groups' members). */
  finished(held: Held<T>): Held<T>[] {
    const id = held.prepared.sourced.target.identity;
    const keys = this.#of.get(id);
    if (!keys) return [held];
    this.#held.set(id, held);
    for (const key of keys) this.#complete(key, id, held.out);
    return this.#releasable(keys.flatMap((k) => [...this.#groups.get(k)!.members]));
  }

  /** Everything still held, judged among the members of each group that finished. */
  drain(): Held<T>[] {
    for (const g of this.#groups.values()) if (g.results === null) g.results = this.#judge(g);
    return this.#releasable([...this.#held.keys()]);
  }

  #complete(key: string, id: string, out: ScanOutput | null): void {
    const g = this.#groups.get(key)!;
    g.finished.set(id, out);
    if (g.finished.size === g.members.size) g.results = this.#judge(g);
  }

  #judge(g: Group): Map<string, CheckResult[]> {
    const servers: CoInstalledServer[] = [];
    for (const [id, out] of g.finished) {
      const p = this.#held.get(id)?.prepared;
      if (out && p) servers.push({ id, label: p.sourced.name ?? id, evidence: out.evidence });
    }
    return judgeCoInstalled({ label: g.label, servers });
  }

  /** The held members all of whose groups are judged, with their cross results merged in. */
  #releasable(ids: readonly string[]): Held<T>[] {
    const out: Held<T>[] = [];
    for (const id of new Set(ids)) {
      const held = this.#held.get(id);
      const groups = (this.#of.get(id) ?? []).map((k) => this.#groups.get(k)!);
      if (!held || groups.some((g) => g.results === null)) continue;
      this.#held.delete(id);
      out.push(
        merged(
          held,
          groups.flatMap((g) => g.results!.get(id) ?? []),
        ),
      );
    }
    return out;
  }
}

function merged<T>(held: Held<T>, cross: readonly CheckResult[]): Held<T> {
  if (!held.out || cross.length === 0) return held;
  const unique = [...new Map(cross.map((r) => [`${r.location}\u0000${r.message}`, r])).values()];
  const out = reportOf(
    held.out.evidence,
    withCrossResults(held.out.results, unique),
    held.prepared.reportOpts,
  );
  return { ...held, out };
}
