/** The components of the judge compared on the corpus, and the speed figures of docs/tool-surface.md. */
import { locationOf, toolsOf } from '../../src/checks/tool/common.js';
import { proseOf } from '../../src/checks/tool/prose.js';
import { extractSurface } from '../../src/surface/extract.js';
import { LEARNED_THRESHOLDS, withLearned, withPurpose } from '../../src/surface/combine.js';
import type { LearnedThresholds } from '../../src/surface/combine.js';
import { scoreText } from '../../src/surface/learned.js';
import { judgeSegments } from '../../src/surface/signals.js';
import type { CorpusCase } from './dev-corpus.js';
import { bigTools } from './big-surface.js';
import { measure, rulesJudge } from './dev-measure.js';
import type { Finding, Judge } from './dev-measure.js';
import type { Ablation, Speed } from './dev-report.js';
import { surfaceEvidence } from './evidence.js';
import { toolFindings } from './run-checks.js';

/** TOOL01 as its `evaluate` judges each item, with the learned scorer or without it, with the purpose reading or without it. */
function tool01(c: CorpusCase, thresholds: LearnedThresholds | null, purpose: boolean): Finding[] {
  const surface = extractSurface(surfaceEvidence(c.surface).inventory!);
  const siblings = toolsOf(surface).map((t) => t.name);
  const out: Finding[] = [];
  for (const item of surface.items) {
    const segments = proseOf(item).map((s) => ({ text: s.text, field: s.field }));
    if (segments.length === 0) continue;
    const rules = judgeSegments(segments, { itemKind: item.kind, itemName: item.name, siblings });
    const scored = thresholds ? withLearned(rules, segments, thresholds) : rules;
    const j = purpose ? withPurpose(scored, item) : scored;
    if (j.severity !== null && j.family !== null)
      out.push({ check: 'MCPP-TOOL01', severity: j.severity, location: locationOf(item) });
  }
  return out;
}

/** The TOOL family with TOOL01 judged as given. */
export const judgeWith =
  (thresholds: LearnedThresholds | null, purpose = true): Judge =>
  (c) => [...rulesJudge(c).filter((f) => f.check !== 'MCPP-TOOL01'), ...tool01(c, thresholds, purpose)];

/** Scorer settings compared on `dev`; the first is the committed LEARNED_THRESHOLDS. */
const VARIANTS: readonly [string, LearnedThresholds][] = [
  ['rules + scorer (committed: adds low ≥0.96, never medium alone, never raises)', LEARNED_THRESHOLDS],
  ['rules + scorer, adding medium alone at ≥0.97', { ...LEARNED_THRESHOLDS, medium: 0.97 }],
  ['rules + scorer, raising below-high rule findings at ≥0.90', { ...LEARNED_THRESHOLDS, raise: 0.9 }],
  ['rules + scorer, adding at ≥0.80', { low: 0.8, medium: 0.95, raise: Infinity }],
];

export function ablations(cases: readonly CorpusCase[]): Ablation[] {
  const work = cases.filter((c) => c.split !== 'test');
  return [
    { label: 'rules only', bySplit: measure(work, judgeWith(null, false)).bySplit },
    { label: 'rules + purpose mismatch', bySplit: measure(work, judgeWith(null)).bySplit },
    {
      label: 'rules + scorer, without the purpose mismatch',
      bySplit: measure(work, judgeWith(LEARNED_THRESHOLDS, false)).bySplit,
    },
    ...VARIANTS.map(([label, t]) => ({ label, bySplit: measure(work, judgeWith(t)).bySplit })),
  ];
}

const time = (f: () => void): number => {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

/**
 * About 1 MB of tools/list: JSON.parse (best of three), then the TOOL checks once after a warm-up.
 * `tag` makes every string new, so that a second measurement in one process reads nothing memoised.
 */
export function measureSpeed(tag = 'corpus-speed'): Speed {
  const tools = bigTools(200, 2000, tag);
  const json = JSON.stringify({ tools });
  const parse = () => void JSON.parse(json);
  const parseMs = Math.min(time(parse), time(parse), time(parse));
  toolFindings(surfaceEvidence({ tools: bigTools(30, 2000, `${tag}-warm`) }));
  const ev = surfaceEvidence({ tools });
  const rulesMs = time(() => toolFindings(ev));
  const texts = extractSurface(ev.inventory!).items.flatMap((i) => proseOf(i).map((s) => s.text));
  const scorerMs = time(() => texts.forEach((t) => scoreText(t)));
  return { bytes: json.length, parseMs, rulesMs, scorerMs };
}
