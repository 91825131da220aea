/** A sign-in tool's own credential (./concepts/own-sign-in.ts): honest below high, phishing neighbours high on their item. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/own-sign-in.js';

describe('own sign-in concept', () => conceptTests(POISONED, HONEST));
