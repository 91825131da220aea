import { describe, expect, it } from 'vitest';

import { evaluate } from '../../src/index.js';
import { renderJson } from '../../src/report/json.js';
import { evidence } from '../helpers/evidence.js';
import { validateReport } from '../helpers/schema.js';

describe('JSON report schema', () => {
  it('accepts the report of a well-behaved server', () => {
    const out = evaluate(evidence());
    expect(validateReport(renderJson(out.report))).toEqual([]);
  });

  it('accepts a report with failures and an unknown revision', () => {
    const out = evaluate(
      evidence((ev, b) => {
        ev.detection.revision = {
          ...ev.detection.revision,
          value: null,
          source: 'unknown',
          known: [],
          unconfirmed: ['2025-11-25'],
        };
        ev.origin = { ...ev.origin!, foreign: b.ok(b.reply({ result: b.initResult() })) };
      }),
    );
    expect(out.report.results.some((r) => r.status === 'fail')).toBe(true);
    expect(validateReport(renderJson(out.report))).toEqual([]);
  });

  it('rejects a report whose fail result has no severity', () => {
    const out = evaluate(evidence());
    const bad = JSON.parse(renderJson(out.report)) as { results: { status: string; severity: unknown }[] };
    bad.results[0]!.status = 'fail';
    bad.results[0]!.severity = null;
    expect(validateReport(JSON.stringify(bad)).length).toBeGreaterThan(0);
  });
});

describe('JSON report schema: client matrix and framework', () => {
  it('accepts the matrix of every client profile and the framework section', () => {
    const out = evaluate(evidence());
    expect(out.report.clients?.map((c) => c.id)).toContain('cursor');
    expect(out.report.clients?.length).toBe(10);
    expect(out.report.framework).toBeDefined();
    expect(validateReport(renderJson(out.report))).toEqual([]);
  });

  it('limits the matrix to the clients named', () => {
    const out = evaluate(evidence(), { clients: ['cursor', 'claude'] });
    // Report order, whatever the order named.
    expect(out.report.clients?.map((c) => c.id)).toEqual(['claude', 'cursor']);
  });

  it('rejects a cell whose verdict is not one of the four', () => {
    const bad = JSON.parse(renderJson(evaluate(evidence()).report)) as { clients: { verdict: string }[] };
    bad.clients[0]!.verdict = 'maybe';
    expect(validateReport(JSON.stringify(bad)).length).toBeGreaterThan(0);
  });
});
