/** Control evasion in every wording (./concepts/evasion.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/evasion.js';

describe('control evasion concept', () => conceptTests(POISONED, HONEST));
