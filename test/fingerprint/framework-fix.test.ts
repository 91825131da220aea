/**
 * Framework fixes on a real framework: fastmcp (TypeScript, pinned in test/real) is recognised, and
 * its failing findings carry the fix in its own terms (its `httpStream.cors` option for CORS; the
 * SDK 1.x transport option it is built on for Origin), shown before the generic fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ScanReport } from '../../src/report/model.js';
import { renderText } from '../../src/report/text.js';
import { runCli } from '../helpers/cli.js';
import { validateReport } from '../helpers/schema.js';
import { startFramework } from './frameworks.js';
import type { RunningFramework } from './frameworks.js';

let fw: RunningFramework;
let report: ScanReport;

beforeAll(async () => {
  fw = await startFramework('fastmcp-ts');
  const run = await runCli(['scan', fw.url, '--fail-on', 'none', '-f', 'json', '--timeout', '3000']);
  expect(run.code, run.stderr).toBe(0);
  expect(validateReport(run.stdout)).toEqual([]);
  report = JSON.parse(run.stdout) as ScanReport;
}, 60_000);

afterAll(async () => {
  await fw?.close();
});

describe('framework fixes on fastmcp (TypeScript)', () => {
  it('names the framework in the report', () => {
    expect(report.framework?.id).toBe('fastmcp-ts');
    expect(renderText(report)).toMatch(/^ {2}framework: fastmcp/m);
  });

  it('gives its own CORS option, and the SDK 1.x option for Origin it inherits', () => {
    const check = (id: string) => report.checks.find((c) => c.id === id);
    const failing = (id: string) => report.results.some((r) => r.checkId === id && r.status === 'fail');
    expect(failing('MCPP-TRN12')).toBe(true);
    expect(check('MCPP-TRN12')?.frameworkFix).toMatchObject({ framework: 'fastmcp-ts' });
    expect(check('MCPP-TRN12')?.frameworkFix?.fix).toMatch(/httpStream\.cors/);
    expect(failing('MCPP-ACT01')).toBe(true);
    expect(check('MCPP-ACT01')?.frameworkFix).toMatchObject({ framework: 'typescript-sdk-1' });
    // A check without a framework entry keeps only its generic fix.
    for (const c of report.checks.filter(
      (x) => !['MCPP-TRN12', 'MCPP-ACT01', 'MCPP-ACT10', 'MCPP-LEG13', 'MCPP-TOOL18'].includes(x.id),
    ))
      expect(c.frameworkFix, c.id).toBeUndefined();
  });

  it('shows the framework fix first, the generic fix after', () => {
    const lines = renderText(report).split('\n');
    const head = lines.findIndex((l) => l.includes('MCPP-TRN12'));
    const own = lines.findIndex((l, i) => i > head && l.startsWith('      fix (fastmcp'));
    const generic = lines.findIndex((l, i) => i > head && l.startsWith('      fix (any framework):'));
    expect(own).toBeGreaterThan(head);
    expect(lines[own]).toMatch(/httpStream\.cors/);
    expect(generic).toBe(own + 1);
  });
});
