import { describe, expect, it } from 'vitest';

import type { CheckResult } from '../../../src/checks/define-check.js';
import check from '../../../src/checks/err/MCPP-ERR00.js';
import { evaluateAggregate } from '../../../src/engine/run.js';

const base: CheckResult = {
  checkId: 'MCPP-TRN01',
  status: 'pass',
  severity: null,
  confidence: 'high',
  location: 'endpoint',
  key: null,
  reason: null,
  message: 'ok',
  evidence: [],
  revisionsEvaluated: [],
  revisionsFailed: [],
  condition: null,
};

describe('MCPP-ERR00', () => {
  it('passes when no check errored', () => {
    const [r] = evaluateAggregate(check, [
      base,
      { ...base, checkId: 'MCPP-LEG01', status: 'fail', severity: 'medium' },
    ]);
    expect(r!.status).toBe('pass');
  });
  it('fails (info) and names the checks that errored', () => {
    const [r] = evaluateAggregate(check, [
      base,
      { ...base, checkId: 'MCPP-LEG07', status: 'error', reason: 'internal' },
    ]);
    expect(r!.status).toBe('fail');
    expect(r!.severity).toBe('info');
    expect(r!.message).toContain('MCPP-LEG07');
  });
});
