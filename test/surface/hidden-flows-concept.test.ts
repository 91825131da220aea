/** Concealment of a flow the item admits (./concepts/hidden-flows.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/hidden-flows.js';

describe('hidden-flow concept', () => conceptTests(POISONED, HONEST));
