/** Shadowed commands and hijacked routing (./concepts/routing.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/routing.js';

describe('shadowed commands and routing concept', () => conceptTests(POISONED, HONEST));
