/** Credentials handed to a named destination (./concepts/handover.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/handover.js';

describe('credential handover concept', () => conceptTests(POISONED, HONEST));
