/** Tool-to-tool flows (./concepts/tool-flows.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/tool-flows.js';

describe('tool-to-tool flow concept', () => conceptTests(POISONED, HONEST));
