/** Credential phishing through a parameter (./concepts/phishing.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/phishing.js';

describe('credential phishing concept', () => conceptTests(POISONED, HONEST));
