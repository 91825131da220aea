import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, it } from 'vitest';

import { TOOL_VERSION } from '../../src/version.js';

it('the tool version reported everywhere is the package version', () => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(TOOL_VERSION).toBe(pkg.version);
});
