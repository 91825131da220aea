/** Override in every wording (./concepts/override.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/override.js';

describe('override concept', () => conceptTests(POISONED, HONEST));
