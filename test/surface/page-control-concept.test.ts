/** Browser permissions and page automation (./concepts/page-control.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/page-control.js';

describe('browser permissions and page control concept', () => conceptTests(POISONED, HONEST));
