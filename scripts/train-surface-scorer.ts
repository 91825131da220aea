/**
 * npm run surface:train: trains the learned scorer (src/surface/learned.ts) on the `train` split
 * of the development corpus (test/surface/learned-train.ts) and writes
 * src/surface/learned-weights.json. Run it after the corpus or the feature code changes;
 * test/surface/learned.test.ts fails while the committed weights differ from what it gives.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadCorpus } from '../test/surface/dev-corpus.js';
import { trainScorer } from '../test/surface/learned-train.js';

const OUT = join(import.meta.dirname, '..', 'src', 'surface', 'learned-weights.json');

const { weights, sentences, positive } = trainScorer(loadCorpus());
writeFileSync(OUT, `${JSON.stringify(weights, null, 2)}\n`);
console.log(`trained on ${sentences} sentences of the train split (${positive} positive); wrote ${OUT}`);
