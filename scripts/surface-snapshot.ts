/**
 * The TOOL family's findings on every surface the judge is measured on, for proving that a speed
 * change of the judge changes no finding (issue 22/25: "identical findings before/after"): every
 * case of the development corpus (all splits: only the outputs are compared, no case is shown), the
 * real-server corpus (test/surface/corpus.ts, listed once and kept outside the repository, since
 * the descriptions are third-party text) and the synthetic 1 MB surface of the speed figures.
 *
 *   jiti scripts/surface-snapshot.ts --write /tmp/before.json [--listings /tmp/listings.json]
 *   jiti scripts/surface-snapshot.ts --compare /tmp/before.json [--listings /tmp/listings.json]
 *
 * `--listings` keeps the real servers' listings in that file (listed when it does not exist yet), so
 * that a comparison does not start 35 servers again. `--compare` prints `identical` and exits 0, or
 * the number of changed surfaces and exits 1; only a train or dev case or a real server is named.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

import type { CheckResult } from '../src/checks/define-check.js';
import { bigTools } from '../test/surface/big-surface.js';
import { CORPUS, listedEvidence, listServer } from '../test/surface/corpus.js';
import type { ListedSurface } from '../test/surface/corpus.js';
import { loadCorpus } from '../test/surface/dev-corpus.js';
import { surfaceEvidence } from '../test/surface/evidence.js';
import { toolFindings } from '../test/surface/run-checks.js';

type Snapshot = Record<string, string[]>;

const line = (r: CheckResult): string =>
  [r.checkId, r.status, r.severity ?? '-', r.location, r.key, r.message].join(' | ');

async function listings(file: string | undefined): Promise<ListedSurface[]> {
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ListedSurface[];
  const out: ListedSurface[] = [];
  for (const s of CORPUS) out.push(await listServer(s));
  if (file) writeFileSync(file, JSON.stringify(out));
  return out;
}

async function snapshot(listingFile: string | undefined): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const c of loadCorpus())
    out[`${c.split}:${c.id}`] = toolFindings(surfaceEvidence(c.surface)).map(line);
  for (const l of await listings(listingFile)) {
    const ev = listedEvidence(l);
    out[`real:${l.pkg}@${l.version}`] = toolFindings(ev).map(line);
  }
  out['synthetic:1MB'] = toolFindings(surfaceEvidence({ tools: bigTools(200, 2000, 'snapshot') })).map(line);
  return out;
}

async function main(argv: readonly string[]): Promise<number> {
  const arg = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const write = arg('--write');
  const compare = arg('--compare');
  if (!write && !compare) throw new Error('usage: --write FILE | --compare FILE [--listings FILE]');
  const now = await snapshot(arg('--listings'));
  const findings = Object.values(now).reduce((n, f) => n + f.length, 0);
  const size = `${Object.keys(now).length} surfaces, ${findings} findings`;
  if (write) {
    writeFileSync(write, `${JSON.stringify(now, null, 1)}\n`);
    console.log(`${size} -> ${write}`);
    return 0;
  }
  const before = JSON.parse(readFileSync(compare!, 'utf8')) as Snapshot;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(now)])];
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(now[k]));
  if (changed.length === 0) {
    console.log(`identical: ${size}`);
    return 0;
  }
  const shown = changed.filter((k) => !k.startsWith('test:'));
  console.log(
    `${changed.length} surfaces changed (${changed.length - shown.length} of them test cases, not shown)`,
  );
  for (const k of shown) console.log(`  ${k}`);
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
