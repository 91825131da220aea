/**
 * Measures the TOOL checks on the development corpus (./dev-corpus.ts): each case's surface is
 * turned into evidence and run through the TOOL family exactly as a scan runs it (./run-checks.ts),
 * and the findings are read against the case's expectation.
 *
 * A poisoned case is `caught` when its expected check (or one it names in `also`) fails on the
 * expected item at the minimum severity or above; `under` when such a check fails on that item
 * below it; `wrong-item` when it fails at the severity only on another item; `missed` otherwise.
 * A benign twin is `high` (high or critical anywhere), `medium` (medium anywhere), `low` (a low
 * finding of a content check, TOOL01–TOOL05) or `clean`. A pair is discriminated when the poisoned case is caught and its twin raises neither
 * the expected check at the minimum severity nor anything high.
 */
import { SEVERITIES } from '../../src/checks/define-check.js';
import type { CheckResult, Severity } from '../../src/checks/define-check.js';
import type { CorpusCase, PoisonedExpectation } from './dev-corpus.js';
import { SPLITS } from './dev-corpus.js';
import { surfaceEvidence } from './evidence.js';
import { toolFindings } from './run-checks.js';

export type PoisonedOutcome = 'caught' | 'under' | 'wrong-item' | 'missed';
export type BenignOutcome = 'clean' | 'low' | 'medium' | 'high';

export interface Finding {
  readonly check: string;
  readonly severity: Severity | null;
  readonly location: string;
}

export interface CaseResult {
  readonly c: CorpusCase;
  readonly findings: readonly Finding[];
  readonly outcome: PoisonedOutcome | BenignOutcome;
}

/** Runs the checks on one case; `judge` may replace the findings (an ablation, ./dev-ablation.ts). */
export type Judge = (c: CorpusCase) => readonly Finding[];

export const atLeast = (s: Severity | null, min: Severity): boolean =>
  s !== null && SEVERITIES.indexOf(s) <= SEVERITIES.indexOf(min);

const asFinding = (r: CheckResult): Finding => ({
  check: r.checkId,
  severity: r.severity ?? null,
  location: r.location,
});

/**
 * A case is the text of a listing, not a server's declarations: the server that lists prompts or
 * resources is taken to declare them, as an SDK server registering them does. Left at the harness's
 * default (tools only), TOOL13 failed at medium on every case with a prompt or a resource: 223 of
 * the 281 twins at medium on train and dev were only that, nothing their text says.
 */
function caseCapabilities(surface: CorpusCase['surface']): Record<string, unknown> {
  return {
    tools: {},
    ...(surface.prompts?.length ? { prompts: {} } : {}),
    ...(surface.resources?.length ? { resources: {} } : {}),
  };
}

export const rulesJudge: Judge = (c) =>
  toolFindings(surfaceEvidence({ ...c.surface, capabilities: caseCapabilities(c.surface) })).map(asFinding);

/**
 * The locations that name the expected item: a case names a resource by its URI, and a finding
 * names it as the scanner does, by its `name` when it has one (src/surface/extract.ts).
 */
function itemLocations(c: CorpusCase, item: string): Set<string> {
  const out = new Set([item]);
  for (const r of c.surface.resources ?? []) if (item === `resource:${r.uri}`) out.add(`resource:${r.name}`);
  return out;
}

function poisonedOutcome(
  c: CorpusCase,
  e: PoisonedExpectation,
  findings: readonly Finding[],
): PoisonedOutcome {
  const checks = new Set([e.check, ...(e.also ?? [])]);
  const mine = findings.filter((f) => checks.has(f.check));
  const at = itemLocations(c, e.item);
  const onItem = mine.filter((f) => at.has(f.location));
  if (onItem.some((f) => atLeast(f.severity, e.min))) return 'caught';
  if (onItem.length > 0) return 'under';
  if (mine.some((f) => atLeast(f.severity, e.min))) return 'wrong-item';
  return 'missed';
}

/** The checks that read what the text says (a low finding of the others is about shape, not intent). */
const CONTENT = new Set(['MCPP-TOOL01', 'MCPP-TOOL02', 'MCPP-TOOL03', 'MCPP-TOOL04', 'MCPP-TOOL05']);

function benignOutcome(findings: readonly Finding[]): BenignOutcome {
  if (findings.some((f) => atLeast(f.severity, 'high'))) return 'high';
  if (findings.some((f) => atLeast(f.severity, 'medium'))) return 'medium';
  return findings.some((f) => CONTENT.has(f.check) && atLeast(f.severity, 'low')) ? 'low' : 'clean';
}

export function runCase(c: CorpusCase, judge: Judge = rulesJudge): CaseResult {
  const findings = judge(c);
  const outcome = 'benign' in c.expected ? benignOutcome(findings) : poisonedOutcome(c, c.expected, findings);
  return { c, findings, outcome };
}

export interface Tally {
  poisoned: number;
  caught: number;
  under: number;
  wrongItem: number;
  missed: number;
  benign: number;
  benignHigh: number;
  benignMedium: number;
  benignLow: number;
  pairs: number;
  discriminated: number;
}

const emptyTally = (): Tally => ({
  poisoned: 0,
  caught: 0,
  under: 0,
  wrongItem: 0,
  missed: 0,
  benign: 0,
  benignHigh: 0,
  benignMedium: 0,
  benignLow: 0,
  pairs: 0,
  discriminated: 0,
});

/** The twin does not raise the poisoned case's check at its severity, nor anything high. */
function twinQuiet(e: PoisonedExpectation, twin: CaseResult): boolean {
  const checks = new Set([e.check, ...(e.also ?? [])]);
  return (
    twin.outcome !== 'high' && !twin.findings.some((f) => checks.has(f.check) && atLeast(f.severity, e.min))
  );
}

function add(t: Tally, r: CaseResult, twin: CaseResult | undefined): void {
  if ('benign' in r.c.expected) {
    t.benign++;
    if (r.outcome === 'high') t.benignHigh++;
    if (r.outcome === 'medium') t.benignMedium++;
    if (r.outcome === 'low') t.benignLow++;
    return;
  }
  t.poisoned++;
  if (r.outcome === 'caught') t.caught++;
  if (r.outcome === 'under') t.under++;
  if (r.outcome === 'wrong-item') t.wrongItem++;
  if (r.outcome === 'missed') t.missed++;
  if (twin) {
    t.pairs++;
    if (r.outcome === 'caught' && twinQuiet(r.c.expected, twin)) t.discriminated++;
  }
}

export interface Measurement {
  readonly results: readonly CaseResult[];
  readonly bySplit: Readonly<Record<string, Tally>>;
  /** `<split>/<family>` → tally. */
  readonly byFamily: Readonly<Record<string, Tally>>;
  /** `<split>/<language>` → tally. */
  readonly byLanguage: Readonly<Record<string, Tally>>;
}

/**
 * `labels` (group → its batch's label) adds a `test · <label>` tally per label when the test part
 * holds more than one: the headline stays the whole `test` split.
 */
export function measure(
  cases: readonly CorpusCase[],
  judge: Judge = rulesJudge,
  labels: ReadonlyMap<string, string> = new Map(),
): Measurement {
  const results = cases.map((c) => runCase(c, judge));
  const twinOf = new Map<string, CaseResult>();
  for (const r of results) if ('benign' in r.c.expected) twinOf.set(r.c.expected.twin, r);
  const bySplit: Record<string, Tally> = {};
  const byFamily: Record<string, Tally> = {};
  const byLanguage: Record<string, Tally> = {};
  const at = (m: Record<string, Tally>, k: string) => (m[k] ??= emptyTally());
  for (const s of [...SPLITS, 'all']) at(bySplit, s);
  const testLabels = new Set(cases.filter((c) => c.split === 'test').map((c) => labels.get(c.group)));
  const labelled = (c: CorpusCase) =>
    c.split === 'test' && testLabels.size > 1 ? [`test · ${labels.get(c.group) ?? 'unlabelled'}`] : [];
  for (const r of results) {
    const twin = twinOf.get(r.c.id);
    for (const s of labelled(r.c)) add(at(bySplit, s), r, twin);
    for (const s of [r.c.split, 'all']) {
      add(at(bySplit, s), r, twin);
      add(at(byFamily, `${s}/${r.c.family}`), r, twin);
      add(at(byLanguage, `${s}/${r.c.language}`), r, twin);
    }
  }
  return { results, bySplit, byFamily, byLanguage };
}

export const pct = (n: number, d: number): string => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);
