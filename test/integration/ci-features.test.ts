/**
 * CI features end to end through the CLI: several formats from one scan,
 * config targets, suppressions (and their expiry), the expected-failures
 * baseline (new and stale), --min-grade, and `diff`.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FixtureServer } from '../../src/demo/fixture-server.js';
import { startFixtureServer } from '../../src/demo/fixture-server.js';
import { runCli } from '../helpers/cli.js';
import { validateReport } from '../helpers/schema.js';

let weak: FixtureServer; // ACT01 (high) fails
let good: FixtureServer;
let dir: string;

beforeAll(async () => {
  [weak, good] = await Promise.all([
    startFixtureServer({ originNotValidated: true }),
    startFixtureServer({}),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'posture-ci-'));
});
afterAll(async () => {
  await Promise.all([weak.close(), good.close()]);
});

function config(body: Record<string, unknown>): string {
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(body, null, 2));
  return file;
}

// Sequential: the CLI runs in-process and its stdout capture is global.
describe('CI features', () => {
  it('writes every format from one scan into --output-dir', async () => {
    const out = join(dir, 'all');
    const run = await runCli([
      'scan',
      weak.url,
      '--format',
      'text,json,sarif,junit,markdown,html',
      '--output-dir',
      out,
    ]);
    expect(run.code).toBe(1);
    const files = readdirSync(out).sort();
    expect(files).toEqual(
      [
        'mcp-posture.targets.json',
        'report.html',
        'report.json',
        'report.junit.xml',
        'report.md',
        'report.sarif',
        'report.txt',
      ].sort(),
    );
    expect(validateReport(readFileSync(join(out, 'report.json'), 'utf8'))).toEqual([]);
    const sarif = JSON.parse(readFileSync(join(out, 'report.sarif'), 'utf8')) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    expect(sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toContain(
      'mcp-posture.targets.json',
    );
  });

  it('SARIF written with -o anchors its results to a file that exists, beside it', async () => {
    const out = join(dir, 'one', 'scan.sarif');
    mkdirSync(join(dir, 'one'));
    const run = await runCli(['scan', weak.url, '-f', 'sarif', '-o', out]);
    expect(run.code).toBe(1);
    const sarif = JSON.parse(readFileSync(out, 'utf8')) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    const uri = sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri;
    expect(existsSync(resolve(process.cwd(), decodeURIComponent(uri)))).toBe(true);
    expect(readFileSync(resolve(process.cwd(), decodeURIComponent(uri)), 'utf8')).toContain(weak.url);
  });

  it('refuses several formats without --output-dir', async () => {
    const run = await runCli(['scan', weak.url, '--format', 'json,sarif']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--output-dir/);
  });

  it('scans every target of the config file and anchors SARIF to it', async () => {
    const file = config({
      targets: [
        { name: 'weak', url: weak.url },
        { name: 'good', url: good.url },
      ],
    });
    const out = join(dir, 'multi');
    const run = await runCli(['scan', '--config', file, '--format', 'sarif,json', '--output-dir', out]);
    expect(run.code).toBe(1);
    const sarif = JSON.parse(readFileSync(join(out, 'report.sarif'), 'utf8')) as { runs: unknown[] };
    expect(sarif.runs).toHaveLength(2);
    expect(readdirSync(out).filter((f) => f.endsWith('.json'))).toHaveLength(2);
    expect(readFileSync(join(out, 'report.sarif'), 'utf8')).toContain(file.split('/').pop()!);
  });

  it('a config file of several targets ends its text output with one line per target', async () => {
    const file = config({
      targets: [
        { name: 'weak', url: weak.url },
        { name: 'good', url: good.url },
      ],
    });
    const run = await runCli(['scan', '--config', file]);
    expect(run.code).toBe(1);
    const tail = run.stdout.slice(run.stdout.lastIndexOf('\n2 targets: '));
    expect(tail).toMatch(/^\n2 targets: /);
    const rows = tail.split('\n').filter((l) => l.includes(weak.url) || l.includes(good.url));
    expect(rows).toHaveLength(2);
    // Worst first: the target failing ACT01 (high) leads.
    expect(rows[0]).toContain('weak');
  });

  it('with a machine format, the cause of a target not reached is also the first line on stderr', async () => {
    const closed = weak.url.replace(/:\d+\//, ':1/');
    const run = await runCli(['scan', closed, '-f', 'json']);
    expect(run.code).toBe(3);
    expect(run.stderr.split('\n')[0]).toMatch(
      /^mcp-posture: cannot scan http:\/\/127\.0\.0\.1:1\/.*ECONNREFUSED/,
    );
    expect(run.stderr).toContain('  next: ');
    expect((JSON.parse(run.stdout) as { target: { unreached: unknown } }).target.unreached).toBeTruthy();
  });

  it('reports config errors with the path of the bad key (exit 2)', async () => {
    const file = config({ targets: [{ url: weak.url, failOn: 'sometimes' }] });
    const run = await runCli(['scan', '--config', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('targets[0].failOn');
  });

  it('a live suppression hides the finding from the gate and is counted; an expired one does not', async () => {
    // AUTHN01 is high here too: an unauthenticated local server that also fails ACT01.
    const authn = { check: 'authn01', reason: 'local development server, no authentication by design' };
    const live = config({
      targets: [{ url: weak.url }],
      suppressions: [
        authn,
        { check: 'act01', reason: 'reverse proxy validates Origin', expires: '2999-12-31' },
      ],
    });
    const run = await runCli(['scan', '--config', live, '--fail-on', 'high']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^4 suppressed$/m);
    const expired = config({
      targets: [{ url: weak.url }],
      suppressions: [authn, { check: 'MCPP-ACT01', reason: 'was accepted once', expires: '2020-01-01' }],
    });
    const again = await runCli(['scan', '--config', expired, '--fail-on', 'high']);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/^1 suppressed$/m);
    expect(again.stdout).toContain('expired 2020-01-01');
  });

  it('a suppression without a reason is refused', async () => {
    const file = config({ targets: [{ url: weak.url }], suppressions: [{ check: 'ACT01' }] });
    const run = await runCli(['scan', '--config', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('suppressions[0].reason');
  });

  it('a baseline tolerates known failures, fails new ones, and fails when an entry goes stale', async () => {
    const baseline = join(dir, 'baseline.json');
    const update = await runCli(['scan', weak.url, '--baseline', baseline, '--update-baseline']);
    expect(update.code).toBe(0);
    expect(JSON.parse(readFileSync(baseline, 'utf8')).entries.length).toBeGreaterThan(0);

    const same = await runCli(['scan', weak.url, '--baseline', baseline, '--fail-on', 'low']);
    expect(same.code).toBe(0);

    // The same URL now served by a fixed server would make every entry stale: simulate with a
    // baseline naming the good server's URL.
    const stalePath = join(dir, 'stale.json');
    const entries = (
      JSON.parse(readFileSync(baseline, 'utf8')) as { entries: { target: string }[] }
    ).entries.map((e) => ({
      ...e,
      target: good.url,
      fingerprint: undefined,
    }));
    writeFileSync(stalePath, JSON.stringify({ version: 1, entries }));
    const stale = await runCli(['scan', good.url, '--baseline', stalePath, '--fail-on', 'none']);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/stale: MCPP-ACT01/);
  });

  it('--min-grade gates on the letter', async () => {
    const low = await runCli(['scan', weak.url, '--fail-on', 'none', '--min-grade', 'A']);
    expect(low.code).toBe(1);
    // An unauthenticated server fails AUTHN01 (medium), which caps the grade at B.
    const ok = await runCli(['scan', good.url, '--fail-on', 'none', '--min-grade', 'B']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/grade B/);
  });

  it('diff shows new and fixed findings and the grade change', async () => {
    const before = join(dir, 'before.json');
    const after = join(dir, 'after.json');
    await runCli(['scan', good.url, '--format', 'json', '--output', before]);
    // The same target URL is needed for fingerprints to match: rewrite the URL of the weak report.
    await runCli(['scan', weak.url, '--format', 'json', '--output', after]);
    const rewritten = readFileSync(after, 'utf8').replaceAll(weak.url, good.url);
    writeFileSync(after, rewritten);
    const run = await runCli(['diff', before, after, '--fail-on-new']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('MCPP-ACT01');
    // --fail-on (default medium, as scan) gates the new failures; --fail-on-new any of them.
    const gated = await runCli(['diff', before, after, '-f', 'json']);
    expect(gated.code).toBe(1);
    const news = (JSON.parse(gated.stdout) as { new: { checkId: string; severity: string }[] }).new;
    expect(news.map((r) => r.checkId)).toContain('MCPP-ACT01');
    expect((await runCli(['diff', before, after, '--fail-on', 'none'])).code).toBe(0);
    expect((await runCli(['diff', before, after, '--fail-on', 'none', '--fail-on-new'])).code).toBe(1);
    const back = await runCli(['diff', after, before]);
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/fixed/i);
  });

  it('diff refuses a file that is not a report', async () => {
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"hello": 1}');
    const run = await runCli(['diff', junk, junk]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not an mcp-posture report');
  });
});
