/** Fake turns in any template syntax (./concepts/role-markers.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/role-markers.js';

describe('role-markers concept', () => conceptTests(POISONED, HONEST));
