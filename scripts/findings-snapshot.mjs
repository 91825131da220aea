/**
 * The findings of a build, for comparing two builds of a performance change (issue 25: "the
 * findings must be identical before/after"). Scans, with the build in DIST, the fleet bench's
 * fixture, the fixture with each of its flaws, and the official SDK 1.x (JSON and SSE) and 2.x
 * fixture servers, and writes one JSON document of their results with what changes from run to
 * run removed (timestamps, durations, ports, session IDs, fingerprints, which hash the port).
 *
 *   npm run build && cp -r dist /tmp/dist-before      # the build before the change
 *   node scripts/findings-snapshot.mjs /tmp/dist-before /tmp/before.json
 *   node scripts/findings-snapshot.mjs dist /tmp/after.json
 *   diff /tmp/before.json /tmp/after.json && echo identical
 *
 * With `--exchanges` (a third argument) every recorded exchange is written whole too (request and
 * response headers, bodies, excerpts, errors; the `date` header's value removed), for a change to
 * the HTTP client, whose records must stay the same.
 *
 * The SDK servers are TypeScript under test/, loaded through vite (a dev dependency), as the
 * bench's conformance section does. The fixtures always come from ./dist, the scanner from DIST.
 */
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [distArg, outFile, flag] = process.argv.slice(2);
const withExchanges = flag === '--exchanges';
if (!distArg || !outFile || (flag !== undefined && !withExchanges)) {
  process.stderr.write('usage: node scripts/findings-snapshot.mjs DIST OUT.json [--exchanges]\n');
  process.exit(2);
}
const dist = pathToFileURL(resolve(distArg)).href;
const { scan } = await import(`${dist}/api.js`);
const { startFixtureServer, FIXTURE_FLAWS } = await import('../dist/demo/fixture-server.js');
const { openFixtureRunner } = await import('../dist/bench/test-fixtures.js');

const VOLATILE_KEYS = new Set(['generatedAt', 'durationMs', 'fingerprint', 'startedAt', 'finishedAt']);

/** Ports, session IDs and other values a second run of the same build would not repeat. */
function normalise(text) {
  return (
    text
      .replace(/(127\.0\.0\.1|localhost|\[::1\]):\d+/g, '$1:PORT')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'UUID')
      .replace(/\b\d+(\.\d+)? ?ms\b/g, 'N ms')
      // The random names and cursors the probes make up (tools/call of an unknown tool, a bogus cursor).
      .replace(/\b(mcp-posture-[a-z]+-)[0-9a-f]{8,12}\b/g, '$1HEX')
      .replace(/=\?base64\?[A-Za-z0-9+/=]+\?=/g, '=?base64?B64?=')
  );
}

function strip(value) {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) if (!VOLATILE_KEYS.has(k)) out[k] = strip(v);
  return out;
}

/** An exchange record without its response's `date` value (the one header a rerun changes). */
function withoutDate(x) {
  if (!x.response?.headers?.date) return x;
  return { ...x, response: { ...x.response, headers: { ...x.response.headers, date: ['DATE'] } } };
}

async function findings(label, url) {
  const { report } = await scan({ url, allowPrivate: true });
  const kept = {
    outcome: report.outcome,
    target: { ...report.target, url: undefined },
    summary: report.summary,
    rating: report.rating,
    results: report.results,
    checks: report.checks.map((c) => c.id),
    clients: report.clients,
    framework: report.framework,
    exchanges: report.exchanges.map(
      (x) => `${x.id} ${x.request.method} ${x.response?.status ?? x.error?.code}`,
    ),
    ...(withExchanges ? { exchangeRecords: report.exchanges.map(withoutDate) } : {}),
  };
  return [label, JSON.parse(normalise(JSON.stringify(strip(kept))))];
}

const out = [];
const fixtures = [
  ['fleet fixture (GET 405)', { getMode: '405' }],
  ['default fixture', {}],
  ...FIXTURE_FLAWS.map((f) => [`flaw ${f.name} (${f.transport})`, f.options]),
];
for (const [label, options] of fixtures) {
  const server = await startFixtureServer(options);
  try {
    out.push(await findings(label, `${server.origin}/mcp`));
  } finally {
    await server.close();
  }
}
const runner = await openFixtureRunner();
try {
  const sdk1 = await runner.load('test/fixtures/servers/sdk1.ts');
  const sdk2 = await runner.load('test/fixtures/servers/sdk2.ts');
  const servers = [
    ['SDK 1.x JSON', () => sdk1.startSdk1({ responseMode: 'json', hostValidation: true })],
    ['SDK 1.x SSE', () => sdk1.startSdk1({ responseMode: 'sse', hostValidation: false })],
    ['SDK 2.x express stateless', () => sdk2.startSdk2({ variant: 'express', legacy: 'stateless' })],
  ];
  for (const [label, start] of servers) {
    const server = await start();
    try {
      out.push(await findings(label, server.url));
    } finally {
      await server.close();
    }
  }
} finally {
  await runner.close();
}
writeFileSync(outFile, `${JSON.stringify(Object.fromEntries(out), null, 1)}\n`);
process.stderr.write(`${out.length} targets -> ${outFile}\n`);
