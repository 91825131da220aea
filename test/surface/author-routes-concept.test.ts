/** Data routed by the author's statement (./concepts/author-routes.ts): high on its item, honest neighbours below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/author-routes.js';

describe('author routes concept', () => conceptTests(POISONED, HONEST));
