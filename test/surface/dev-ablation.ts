/** The components of the judge compared on the corpus, and the speed figures of docs/tool-surface.md. */
import type { CorpusCase } from './dev-corpus.js';
import { bigTools } from './big-surface.js';
import { measure } from './dev-measure.js';
import type { Ablation, Speed } from './dev-report.js';
import { surfaceEvidence } from './evidence.js';
import { toolFindings } from './run-checks.js';

export function ablations(cases: readonly CorpusCase[]): Ablation[] {
  const work = cases.filter((c) => c.split !== 'test');
  return [{ label: 'rules', bySplit: measure(work).bySplit }];
}

const time = (f: () => void): number => {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

/** About 1 MB of tools/list: JSON.parse (best of three), then the TOOL checks once after a warm-up. */
export function measureSpeed(): Speed {
  const tools = bigTools(200, 2000, 'corpus-speed');
  const json = JSON.stringify({ tools });
  const parse = () => void JSON.parse(json);
  const parseMs = Math.min(time(parse), time(parse), time(parse));
  toolFindings(surfaceEvidence({ tools: bigTools(30, 2000, 'warm') }));
  const ev = surfaceEvidence({ tools });
  const rulesMs = time(() => toolFindings(ev));
  return { bytes: json.length, parseMs, rulesMs, scorerMs: null };
}
