/** Secrecy and claimed consent in every wording (./concepts/secrecy.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/secrecy.js';

describe('secrecy concept', () => conceptTests(POISONED, HONEST));
