/** Regenerates docs/checks/*.md from the registry. CI runs it and fails on a diff. */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

import { ALL_CHECKS as CHECKS } from '../checks/index.js';
import { configJsonSchema } from '../config/schema.js';
import { fleetReportJsonSchema } from '../fleet/report/schema.js';
import { lockJsonSchema } from '../lock/schema.js';
import { renderCheckDoc, renderDocIndex } from '../report/check-doc.js';
import { withVerifiedMatrix } from './verified-matrix-doc.js';

const dir = join(process.cwd(), 'docs', 'checks');
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) if (f.endsWith('.md')) rmSync(join(dir, f));
for (const c of CHECKS) writeFileSync(join(dir, `${c.meta.id}.md`), renderCheckDoc(c));
writeFileSync(join(dir, 'README.md'), renderDocIndex(CHECKS));
writeFileSync(
  join(process.cwd(), 'schema', 'config.schema.json'),
  JSON.stringify(configJsonSchema(), null, 2) + '\n',
);
writeFileSync(
  join(process.cwd(), 'schema', 'lock.schema.json'),
  JSON.stringify(lockJsonSchema(z), null, 2) + '\n',
);
writeFileSync(
  join(process.cwd(), 'schema', 'fleet-report.schema.json'),
  JSON.stringify(fleetReportJsonSchema(z), null, 2) + '\n',
);
// The verified client matrix in docs/clients.md, formatted as `prettier --check` wants it.
const clientsDoc = join(process.cwd(), 'docs', 'clients.md');
const prettier = await import('prettier');
const prettierOptions = (await prettier.resolveConfig(clientsDoc)) ?? {};
writeFileSync(
  clientsDoc,
  await prettier.format(withVerifiedMatrix(readFileSync(clientsDoc, 'utf8')), {
    ...prettierOptions,
    filepath: clientsDoc,
  }),
);
console.log(
  `wrote ${CHECKS.length} check pages to docs/checks, schema/config.schema.json, schema/lock.schema.json, schema/fleet-report.schema.json and the verified matrix in docs/clients.md`,
);
