/** Reported instructions (./concepts/reported.ts): mentioned when judged as an attack, used when voided or given. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/reported.js';

describe('reported instruction concept', () => conceptTests(POISONED, HONEST));
