/** A sibling sending to the user's own destination (./concepts/own-destination.ts): honest below high, elsewhere high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/own-destination.js';

describe('own destination concept', () => conceptTests(POISONED, HONEST));
