/** Shadowing of other tools in every wording (./concepts/shadowing.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/shadowing.js';

describe('shadowing concept', () => conceptTests(POISONED, HONEST));
