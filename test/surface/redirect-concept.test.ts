/** Navigation redirected in place of the user's (./concepts/redirect.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/redirect.js';

describe('redirect concept', () => conceptTests(POISONED, HONEST));
