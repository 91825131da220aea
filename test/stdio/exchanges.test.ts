/**
 * A local server's exchanges are first-class evidence: the text header counts them, and the
 * exchange IDs LEG01 and TRN16 cite resolve in the JSON report (stdioExchanges), the SARIF run
 * (properties.stdioExchanges) and the HTML page (an evidence block per cited ID).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli } from '../helpers/cli.js';
import { validateReport } from '../helpers/schema.js';
import { FIXTURE } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'stdio-exchanges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Exchange {
  readonly id: string;
  readonly probe: string;
  readonly request: string | null;
  readonly response: string | null;
}
interface Report {
  readonly results: readonly {
    readonly checkId: string;
    readonly status: string;
    readonly evidence: readonly string[];
  }[];
  readonly exchanges: readonly unknown[];
  readonly stdioExchanges: readonly Exchange[];
}

let report: Report;
let text: string;
let json: string;

beforeAll(async () => {
  const run = await runCli([
    'scan',
    '--format',
    'json,sarif,html,text',
    '--output-dir',
    dir,
    '--fail-on',
    'none',
    '--stdio',
    '--',
    process.execPath,
    FIXTURE,
  ]);
  expect(run.code, run.stderr).toBe(0);
  json = readFileSync(join(dir, 'report.json'), 'utf8');
  report = JSON.parse(json) as Report;
  text = readFileSync(join(dir, 'report.txt'), 'utf8');
}, 60_000);

const cited = (id: string) =>
  report.results.filter((r) => r.checkId === `MCPP-${id}`).flatMap((r) => r.evidence);

describe('stdio exchanges in the reports', () => {
  it('the JSON report lists them (valid against the schema), and the text header counts them', () => {
    expect(validateReport(json)).toEqual([]);
    expect(report.exchanges).toEqual([]);
    expect(report.stdioExchanges.length).toBeGreaterThan(2);
    // A local process: its messages are counted as stdio messages, not requests, and it has no address scope.
    expect(text).toContain(`· ${report.stdioExchanges.length} stdio messages in`);
    expect(text).toContain('· scope local process ·');
    expect(text).not.toContain('scope loopback');
    const init = report.stdioExchanges.find((x) => x.probe.startsWith('p.init('))!;
    expect(init.request).toContain('"method":"initialize"');
    expect(init.response).toContain('"protocolVersion"');
  });

  it('every exchange LEG01 and TRN16 cite resolves in the JSON report', () => {
    const ids = new Set(report.stdioExchanges.map((x) => x.id));
    for (const check of ['LEG01', 'TRN16']) {
      expect(cited(check).length, check).toBeGreaterThan(0);
      for (const id of cited(check)) expect(ids.has(id), `${check} cites ${id}`).toBe(true);
    }
  });

  it('SARIF carries them in the run properties, so a result’s evidence IDs resolve', () => {
    const sarif = JSON.parse(readFileSync(join(dir, 'report.sarif'), 'utf8')) as {
      runs: {
        results: { ruleId: string; properties: { evidence: string[] } }[];
        properties: { stdioExchanges: Exchange[] };
      }[];
    };
    const run = sarif.runs[0]!;
    const ids = new Set(run.properties.stdioExchanges.map((x) => x.id));
    const trn16 = run.results.find((r) => r.ruleId === 'MCPP-TRN16')!;
    expect(trn16.properties.evidence.length).toBeGreaterThan(0);
    for (const id of trn16.properties.evidence) expect(ids.has(id), id).toBe(true);
  });

  it('the HTML page shows each cited exchange as an evidence block', () => {
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    for (const id of cited('TRN16')) expect(html).toContain(`data-exchange="${id}"`);
    expect(html).not.toContain('was not recorded');
    expect(html).toContain('Written to stdin');
  });
});
