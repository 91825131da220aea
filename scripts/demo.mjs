/**
 * `npm run demo`: bundles the demo (src/demo/run-demo.ts and the scanner it drives) straight from the
 * TypeScript sources with rolldown, which takes about a second, then runs it. A first-time user
 * sees a report without waiting for a full `tsc` build, and a second run costs the same.
 */
import { pathToFileURL } from 'node:url';

import { build } from 'rolldown';

import config from '../rolldown.config.mjs';

const OUT = 'dist/demo-run';

await build({
  ...config,
  input: { 'run-demo': 'src/demo/run-demo.ts' },
  output: { ...config.output, dir: OUT, sourcemap: false },
});
await import(pathToFileURL(`${OUT}/run-demo.js`).href);
