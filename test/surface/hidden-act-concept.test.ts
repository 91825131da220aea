/** Secrecy of a named act (./concepts/hidden-act.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/hidden-act.js';

describe('hidden act concept', () => conceptTests(POISONED, HONEST));
