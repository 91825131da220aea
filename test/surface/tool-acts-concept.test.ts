/** Acts of consequence through a sibling tool (./concepts/tool-acts.ts): poisoned high on its item, honest twins below high. */
import { describe } from 'vitest';

import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/tool-acts.js';

describe('tool-act concept', () => conceptTests(POISONED, HONEST));
