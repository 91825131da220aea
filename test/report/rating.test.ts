import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { CheckId, Confidence, Severity } from '../../src/checks/define-check.js';
import type { ReportCheck, ReportResult, ScanReport } from '../../src/report/model.js';
import { fingerprint } from '../../src/report/build-report.js';
import type { Rating } from '../../src/report/rating.js';
import {
  computeRating,
  formatGrade,
  gradeAtLeast,
  RATING_POLICY,
  scopeOf,
  scoreLetter,
} from '../../src/report/rating.js';
import { applySuppressions } from '../../src/report/suppress.js';
import { deductionsFor } from '../../src/report/rating-deductions.js';
import { demoReportOf, ORIGINAL_DEMO_CHECKS } from '../helpers/pinned-report.js';

/** The demo report, cut down to the checks it had when these tests were written. */
const DEMO: ScanReport = demoReportOf(ORIGINAL_DEMO_CHECKS);

function result(checkId: CheckId, over: Partial<ReportResult> = {}): ReportResult {
  const location = over.location ?? 'endpoint';
  const key = over.key ?? null;
  return {
    checkId,
    status: 'pass',
    severity: null,
    confidence: 'high',
    location,
    key,
    reason: null,
    message: `${checkId} result`,
    evidence: [],
    revisionsEvaluated: [],
    revisionsFailed: [],
    condition: null,
    title: checkId,
    fingerprint: fingerprint(checkId, DEMO.target.url, location, key),
    ...over,
    suppression: over.suppression ?? null,
  };
}

const fail = (checkId: CheckId, severity: Severity, over: Partial<ReportResult> = {}) =>
  result(checkId, { status: 'fail', severity, ...over });

/** The demo report with every fail turned into a pass (TRN16's info fail kept). */
const CLEAN_RESULTS: ReportResult[] = DEMO.results.map((r) =>
  r.status === 'fail' && r.severity !== 'info' ? { ...r, status: 'pass', severity: null } : r,
);

function meta(id: CheckId, over: Partial<ReportCheck> = {}): ReportCheck {
  return {
    id,
    title: id,
    severity: 'high',
    keyword: 'MUST',
    mode: 'passive',
    remediation: '',
    citations: [],
    docs: '',
    ...over,
  };
}

interface Edit {
  add?: ReportResult[];
  checks?: ReportCheck[];
  target?: Partial<ScanReport['target']>;
  revisionSource?: ScanReport['target']['revision']['source'];
  outcome?: ScanReport['outcome'];
  mode?: ScanReport['mode'];
  base?: readonly ReportResult[];
}

function report(edit: Edit = {}): ScanReport {
  const target = { ...DEMO.target, ...edit.target };
  return {
    ...DEMO,
    mode: edit.mode ?? DEMO.mode,
    outcome: edit.outcome ?? DEMO.outcome,
    target: {
      ...target,
      revision: { ...target.revision, source: edit.revisionSource ?? target.revision.source },
    },
    results: [...(edit.base ?? CLEAN_RESULTS), ...(edit.add ?? [])],
    checks: [...DEMO.checks, ...(edit.checks ?? [])],
  };
}

/** Authorization in use, with one passing authorization check so that scope has a verdict. */
const AUTH: Edit = { target: { authInUse: true }, base: [...CLEAN_RESULTS, result('MCPP-PRM04')] };

const rate = (edit: Edit = {}): Rating => computeRating(report(edit));

describe('computeRating: the demo report', () => {
  const r = computeRating(DEMO);

  it('grades a target without authorization by its protocol letter, with the qualifier', () => {
    expect(r.policy).toBe(RATING_POLICY);
    expect(r.qualifier).toBe('authorization not graded');
    expect(r.scopes.authorization).toBeNull();
    expect(r.reasons).toContain('authorization: N/G (no authorization configured)');
    expect(r.basis).toBe('passive+safe');
  });

  it('deducts per failing check by severity: 100 - 20 - 20 - 8 - 2 = 50 → D', () => {
    expect(r.scopes.protocol.score).toBe(50);
    expect(r.scopes.protocol.deductions.map((d) => [d.checkId, d.points])).toEqual([
      ['MCPP-ACT01', 20],
      ['MCPP-TRN12', 20],
      ['MCPP-LEG08', 8],
      ['MCPP-LEG07', 2],
      ['MCPP-TRN16', 0],
    ]);
    expect(r.letter).toBe('D');
    expect(r.provisional).toBe(false);
    expect(formatGrade(r)).toBe('D');
  });

  it('ignores ACT05, which the scope table (docs/rating.md#scopes) places in the (ungraded) authorization scope', () => {
    expect(r.scopes.protocol.deductions.some((d) => d.checkId === 'MCPP-ACT05')).toBe(false);
  });
});

describe('computeRating: score', () => {
  it('maps score to letter at the boundaries of docs/rating.md#score', () => {
    expect([100, 90, 89, 80, 79, 65, 64, 50, 49, 0].map(scoreLetter)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'F',
      'F',
    ]);
  });

  it('floors the score at 0', () => {
    const r = rate({
      add: [fail('MCPP-TRN12', 'critical'), fail('MCPP-TRN13', 'critical'), fail('MCPP-TRN14', 'critical')],
    });
    expect(r.scopes.protocol.score).toBe(0);
    expect(r.letter).toBe('F');
  });

  it('deducts a check once, at its highest failing severity', () => {
    const r = rate({
      add: [
        fail('MCPP-LEG08', 'medium', { location: 'a' }),
        fail('MCPP-LEG08', 'low', { location: 'b' }),
        fail('MCPP-LEG08', 'medium', { location: 'c' }),
      ],
    });
    expect(r.scopes.protocol.deductions.find((d) => d.checkId === 'MCPP-LEG08')).toMatchObject({
      severity: 'medium',
      points: 8,
    });
    expect(r.scopes.protocol.score).toBe(92);
  });

  it('deducts ACT07 and its merge partner CIMD13 on the same AS once, the higher', () => {
    // ACT07's meta names CIMD13 (rating.mergesWith). CIMD13 has no implementation yet, so a full
    // report cannot carry its results; the deductions are computed from the results directly.
    const as = 'as:https://auth.example';
    const deduct = (cimdAt: string) =>
      deductionsFor(
        new Map([
          ['MCPP-CIMD13', [fail('MCPP-CIMD13', 'high', { location: cimdAt })]],
          ['MCPP-ACT07', [fail('MCPP-ACT07', 'critical', { location: as })]],
        ]),
      );
    expect(deduct(as)).toEqual([
      { checkId: 'MCPP-ACT07', severity: 'critical', points: 40, heuristic: false, mergedInto: null },
      { checkId: 'MCPP-CIMD13', severity: 'high', points: 0, heuristic: false, mergedInto: 'MCPP-ACT07' },
    ]);
    // Another authorization server: two flaws, two deductions.
    expect(deduct('as:https://other.example').map((d) => d.points)).toEqual([40, 20]);
  });
});

describe('computeRating: heuristic fails', () => {
  const heuristic = (checkId: CheckId, severity: Severity, confidence: Confidence = 'medium') =>
    fail(checkId, severity, { confidence });

  it('deduct half', () => {
    const r = rate({ add: [heuristic('MCPP-LEG08', 'medium'), heuristic('MCPP-TRN12', 'high', 'low')] });
    expect(r.scopes.protocol.deductions.filter((d) => d.heuristic).map((d) => d.points)).toEqual([10, 4]);
    expect(r.scopes.protocol.score).toBe(86);
  });

  it('never cap: a heuristic critical fail gives B by score, not F', () => {
    const r = rate({ add: [heuristic('MCPP-TRN12', 'critical')] });
    expect(r.scopes.protocol.score).toBe(80);
    expect(r.scopes.protocol.caps).toEqual([]);
    expect(r.letter).toBe('B');
  });

  it('a heuristic high fail leaves an A (score 90) but no A+', () => {
    const r = rate({ add: [heuristic('MCPP-TRN12', 'high')] });
    expect(r.letter).toBe('A');
    expect(r.reasons.join('\n')).toMatch(/not A\+: .*fails above info \(MCPP-TRN12\)/);
  });

  it('a firm result at a lower severity still caps', () => {
    const r = rate({
      add: [heuristic('MCPP-TRN12', 'high'), fail('MCPP-TRN12', 'medium', { location: 'origin:x' })],
    });
    expect(r.scopes.protocol.deductions[0]).toMatchObject({ points: 10, heuristic: true, severity: 'high' });
    expect(r.scopes.protocol.caps.map((c) => c.letter)).toEqual(['B']);
    expect(r.letter).toBe('B');
  });
});

describe('computeRating: caps (docs/rating.md#caps)', () => {
  const capLetters = (r: Rating) => r.scopes.protocol.caps.map((c) => c.letter);

  it('any critical fail → F', () => {
    const r = rate({ add: [fail('MCPP-TRN12', 'critical')] });
    expect(r.scopes.protocol.score).toBe(60);
    expect(r.scopes.protocol.caps[0]).toMatchObject({ letter: 'F', checks: ['MCPP-TRN12'] });
    expect(r.letter).toBe('F');
  });

  it('TRN03 on the MCP origin with a key other than expiring → F', () => {
    const origin = `origin:${new URL(DEMO.target.url).origin}`;
    const r = rate({ add: [fail('MCPP-TRN03', 'high', { location: origin, key: 'chain' })] });
    expect(r.scopes.protocol.caps.map((c) => c.rule)).toContain(
      'TRN03 fails on the MCP origin (not only expiring)',
    );
    expect(r.letter).toBe('F');
  });

  it('TRN03 expiring only, or on another origin, is not the F cap', () => {
    const origin = `origin:${new URL(DEMO.target.url).origin}`;
    const expiring = rate({ add: [fail('MCPP-TRN03', 'low', { location: origin, key: 'expiring' })] });
    expect(capLetters(expiring)).toEqual(['A']);
    expect(expiring.letter).toBe('A');
    const other = rate({
      add: [fail('MCPP-TRN03', 'high', { location: 'origin:https://as.example', key: 'chain' })],
    });
    expect(capLetters(other)).toEqual(['C']);
    expect(other.letter).toBe('C');
  });

  it('three or more distinct checks failing at high → D cap (listed with the checks)', () => {
    const r = rate({
      add: [fail('MCPP-TRN12', 'high'), fail('MCPP-ACT01', 'high'), fail('MCPP-LEG08', 'high')],
    });
    expect(r.scopes.protocol.caps[0]).toMatchObject({
      letter: 'D',
      checks: ['MCPP-ACT01', 'MCPP-LEG08', 'MCPP-TRN12'],
    });
    // The score (40) is already lower than the cap.
    expect(r.letter).toBe('F');
    const two = rate({ add: [fail('MCPP-TRN12', 'high'), fail('MCPP-ACT01', 'high', { key: 'a' })] });
    expect(capLetters(two)).toEqual(['C']);
  });

  it('any high fail → C although the score says B', () => {
    const r = rate({ add: [fail('MCPP-TRN12', 'high')] });
    expect(r.scopes.protocol.score).toBe(80);
    expect(r.letter).toBe('C');
  });

  it('a discovery-chain MUST fail at medium → C; the same fail elsewhere → B', () => {
    const chain = rate({ ...AUTH, add: [fail('MCPP-PRM02', 'medium')] });
    expect(chain.scopes.authorization?.score).toBe(92);
    expect(chain.scopes.authorization?.caps.map((c) => c.rule)).toContain(
      'a discovery-chain MUST fails at medium or above',
    );
    expect(chain.letter).toBe('C');
    const elsewhere = rate({ ...AUTH, add: [fail('MCPP-PRM09', 'medium')] });
    expect(elsewhere.letter).toBe('B');
  });

  it('the discovery-chain cap needs a MUST / MUST NOT / REQUIRED keyword and severity ≥ medium', () => {
    const should = rate({
      ...AUTH,
      add: [fail('MCPP-ASM14', 'medium')],
      checks: [meta('MCPP-ASM14', { keyword: 'SHOULD', severity: 'low' })],
    });
    expect(should.letter).toBe('B');
    const required = rate({
      ...AUTH,
      add: [fail('MCPP-ASM15', 'medium')],
      checks: [meta('MCPP-ASM15', { keyword: 'REQUIRED', severity: 'medium' })],
    });
    expect(required.letter).toBe('C');
    const low = rate({ ...AUTH, add: [fail('MCPP-ASM14', 'low')] });
    expect(low.letter).toBe('A');
  });

  it('any medium fail → B; any low fail → A', () => {
    expect(rate({ add: [fail('MCPP-LEG08', 'medium')] }).letter).toBe('B');
    const low = rate({ add: [fail('MCPP-LEG07', 'low')] });
    expect(low.scopes.protocol.score).toBe(98);
    expect(low.letter).toBe('A');
  });

  it('the overall letter is the lower scope letter', () => {
    const r = rate({
      ...AUTH,
      add: [fail('MCPP-LEG08', 'medium'), fail('MCPP-PRM04', 'high', { key: 'absent' })],
    });
    expect(r.scopes.protocol.letter).toBe('B');
    expect(r.scopes.authorization?.letter).toBe('C');
    expect(r.letter).toBe('C');
    expect(r.qualifier).toBeNull();
  });
});

describe('computeRating: A+ (docs/rating.md#the-a-letter)', () => {
  it('a clean loopback target with a negotiated revision gets A+ (info fails allowed)', () => {
    const r = rate();
    expect(CLEAN_RESULTS.some((x) => x.status === 'fail' && x.severity === 'info')).toBe(true);
    expect(r.letter).toBe('A+');
    expect(formatGrade(r)).toBe('A+');
  });

  it('needs TRN05 passing on the MCP origin unless the target is loopback', () => {
    const origin = `origin:${new URL(DEMO.target.url).origin}`;
    const noHsts = rate({ target: { scope: 'public' } });
    expect(noHsts.letter).toBe('A');
    expect(noHsts.reasons.join('\n')).toContain('TRN05 (HSTS) does not pass on the MCP origin');
    const hsts = rate({ target: { scope: 'public' }, add: [result('MCPP-TRN05', { location: origin })] });
    expect(hsts.letter).toBe('A+');
    const elsewhere = rate({
      target: { scope: 'public' },
      add: [result('MCPP-TRN05', { location: 'origin:https://as.example' })],
    });
    expect(elsewhere.letter).toBe('A');
  });

  it('needs revision source pinned or negotiated', () => {
    expect(rate({ revisionSource: 'pinned' }).letter).toBe('A+');
    const bounded = rate({ revisionSource: 'bounded' });
    expect(bounded.letter).toBe('A');
    expect(bounded.reasons.join('\n')).toContain('revision source is bounded');
    expect(rate({ revisionSource: 'unknown' }).letter).toBe('A');
  });

  it('needs no inconclusive high-severity default-mode check, even one of a tier not enabled', () => {
    const r = rate({
      base: CLEAN_RESULTS.map((x) =>
        x.checkId === 'MCPP-ACT01' ? { ...x, status: 'inconclusive', reason: 'mode_disabled' } : x,
      ),
    });
    expect(r.provisional).toBe(false);
    expect(r.letter).toBe('A');
  });

  it('needs no fail above info: a low fail caps at A', () => {
    expect(rate({ add: [fail('MCPP-LEG07', 'low')] }).letter).toBe('A');
  });
});

describe('computeRating: provisional letters (docs/rating.md#provisional-letters)', () => {
  const inconclusive = (id: CheckId, reason: ReportResult['reason']) =>
    CLEAN_RESULTS.map((x) =>
      x.checkId === id ? { ...x, status: 'inconclusive' as const, severity: null, reason } : x,
    );

  it('an inconclusive high-severity default-mode check makes the letter provisional, never A+', () => {
    const r = rate({ base: inconclusive('MCPP-TRN01', 'fetch_failed') });
    expect(r.provisional).toBe(true);
    expect(r.letter).toBe('A');
    expect(formatGrade(r)).toBe('A?');
    expect(r.scopes.protocol.provisionalBy).toEqual([
      'MCPP-TRN01 (high, passive) is inconclusive: fetch_failed',
    ]);
  });

  it('so does an error', () => {
    const r = rate({
      base: CLEAN_RESULTS.map((x) =>
        x.checkId === 'MCPP-TRN08' ? { ...x, status: 'error' as const, reason: 'internal' as const } : x,
      ),
    });
    expect(r.provisional).toBe(true);
  });

  it('behind an auth wall (auth_wall) the protocol letter is provisional', () => {
    const r = rate({ base: inconclusive('MCPP-LEG08', 'auth_wall') });
    expect(formatGrade(r)).toBe('A?');
  });

  it('tiers the user did not enable, and low-severity checks, do not make it provisional', () => {
    expect(rate({ base: inconclusive('MCPP-ACT01', 'mode_disabled') }).provisional).toBe(false);
    expect(rate({ base: inconclusive('MCPP-ACT01', 'needs_token') }).provisional).toBe(false);
    expect(rate({ base: inconclusive('MCPP-LEG04', 'fetch_failed') }).provisional).toBe(false);
    const intrusive = rate({
      ...AUTH,
      add: [result('MCPP-ACT08', { status: 'inconclusive', reason: 'ambiguous' })],
      checks: [meta('MCPP-ACT08', { mode: 'intrusive' })],
    });
    expect(intrusive.provisional).toBe(false);
  });

  it('a cap triggered only by a conditional fail makes the letter provisional', () => {
    const cond = 'applies if the server speaks 2025-06-18';
    const r = rate({ add: [fail('MCPP-TRN12', 'high', { condition: cond })] });
    expect(r.letter).toBe('C');
    expect(r.provisional).toBe(true);
    expect(r.scopes.protocol.caps[0]).toMatchObject({ letter: 'C', conditionalOnly: true });
    const firm = rate({
      add: [
        fail('MCPP-TRN12', 'high', { condition: cond }),
        fail('MCPP-TRN12', 'high', { location: 'origin:x' }),
      ],
    });
    expect(firm.letter).toBe('C');
    expect(firm.provisional).toBe(false);
  });

  it('a provisional scope does not mark an F that a firm scope gives', () => {
    const r = rate({
      ...AUTH,
      base: [...inconclusive('MCPP-TRN01', 'fetch_failed'), result('MCPP-PRM04')],
      add: [fail('MCPP-PRM01', 'critical')],
    });
    expect(r.scopes.protocol.provisional).toBe(true);
    expect(r.scopes.authorization?.letter).toBe('F');
    expect(formatGrade(r)).toBe('F');
  });

  it('a provisional scope marks a lower letter it could still undercut', () => {
    const r = rate({
      ...AUTH,
      base: [...inconclusive('MCPP-TRN01', 'fetch_failed'), result('MCPP-PRM04')],
      add: [fail('MCPP-PRM09', 'medium')],
    });
    expect(formatGrade(r)).toBe('B?');
  });
});

describe('computeRating: targets without a letter (docs/rating.md#targets-without-a-letter)', () => {
  it.each([
    ['unreachable', 'unreachable'],
    ['not-mcp', 'not_mcp'],
    ['redirect', 'redirected'],
  ] as const)('%s → N/G with the class', (outcome, cls) => {
    const r = rate({ outcome, target: { class: cls }, add: [fail('MCPP-TRN03', 'high')] });
    expect(r.letter).toBe('N/G');
    expect(r.qualifier).toBe(outcome);
    expect(r.provisional).toBe(false);
    expect(formatGrade(r)).toBe('N/G');
    expect(r.reasons[0]).toContain(cls);
  });

  it('authorization in use but no authorization verdict → protocol letter, authorization not graded', () => {
    const r = rate({
      target: { authInUse: true },
      // ACT05 (authorization scope) passes in the demo; drop it so the scope has no verdict.
      base: CLEAN_RESULTS.filter((x) => x.checkId !== 'MCPP-ACT05'),
      add: [result('MCPP-PRM01', { status: 'inconclusive', reason: 'fetch_failed' })],
    });
    expect(r.scopes.authorization?.letter).toBe('N/G');
    expect(r.letter).toBe('A+');
    expect(r.qualifier).toBe('authorization not graded');
  });

  it('no verdict in any scope → N/G', () => {
    const r = rate({
      base: CLEAN_RESULTS.map((x) => ({ ...x, status: 'not_applicable' as const, severity: null })),
    });
    expect(r.letter).toBe('N/G');
    expect(r.qualifier).toBe('no verdicts');
  });
});

describe('computeRating: suppressions', () => {
  const everyFail = DEMO.results
    .filter((r) => r.status === 'fail')
    .map((r) => ({ check: r.checkId, reason: 'accepted for the demo' }));

  it('excludes suppressed fails', () => {
    const { report: suppressed } = applySuppressions(DEMO, everyFail, new Date('2026-01-01'));
    expect(computeRating(suppressed).letter).toBe('A+');
  });

  it('counts fails whose suppression expired', () => {
    const expired = everyFail.map((s) => ({ ...s, expires: '2025-12-31' }));
    const { report: suppressed } = applySuppressions(DEMO, expired, new Date('2026-01-01'));
    expect(computeRating(suppressed).letter).toBe('D');
  });
});

describe('computeRating: basis and determinism', () => {
  it('states the tiers the letter rests on', () => {
    expect(rate({ mode: 'passive' }).basis).toBe('passive');
    expect(computeRating(report({ mode: 'intrusive' }), { tokenSupplied: true }).basis).toBe(
      'passive+safe+intrusive+token',
    );
  });

  it('adding a fail never raises the letter, and the score stays within 0..100', () => {
    const ids: CheckId[] = ['MCPP-TRN12', 'MCPP-LEG08', 'MCPP-ACT01', 'MCPP-TRN03', 'MCPP-LEG07'];
    const arbFail = fc.record({
      id: fc.constantFrom(...ids),
      severity: fc.constantFrom<Severity>('critical', 'high', 'medium', 'low', 'info'),
      confidence: fc.constantFrom<Confidence>('high', 'medium', 'low'),
      conditional: fc.boolean(),
      location: fc.constantFrom('endpoint', 'origin:https://a.example'),
    });
    const rank = ['N/G', 'F', 'D', 'C', 'B', 'A', 'A+'];
    fc.assert(
      fc.property(fc.array(arbFail, { maxLength: 6 }), arbFail, (fails, extra) => {
        const mk = (f: typeof extra) =>
          fail(f.id, f.severity, {
            confidence: f.confidence,
            location: f.location,
            condition: f.conditional ? 'applies if the server speaks 2025-06-18' : null,
          });
        const before = rate({ add: fails.map(mk) });
        const after = rate({ add: [...fails.map(mk), mk(extra)] });
        const score = after.scopes.protocol.score ?? -1;
        return rank.indexOf(after.letter) <= rank.indexOf(before.letter) && score >= 0 && score <= 100;
      }),
    );
  });
});

describe('scopeOf (docs/rating.md#scopes)', () => {
  it.each([
    ['MCPP-TRN01', 'protocol'],
    ['MCPP-STDIO06', 'protocol'],
    ['MCPP-AUTHN01', 'protocol'],
    ['MCPP-AUTHN06', 'protocol'],
    ['MCPP-ACT01', 'protocol'],
    ['MCPP-ACT10', 'protocol'],
    ['MCPP-TOOL17', 'protocol'],
    ['MCPP-PIN04', 'protocol'],
    ['MCPP-PIN07', 'protocol'],
    ['MCPP-AUTHN02', 'authorization'],
    ['MCPP-AUTHN07', 'authorization'],
    ['MCPP-PRM14', 'authorization'],
    ['MCPP-ASM18', 'authorization'],
    ['MCPP-SCP01', 'authorization'],
    ['MCPP-CIMD02', 'authorization'],
    ['MCPP-ACT05', 'authorization'],
    ['MCPP-ACT13', 'authorization'],
    ['MCPP-PIN05', 'authorization'],
    ['MCPP-CIMD50', null],
    ['MCPP-ERR00', null],
    ['not-an-id', null],
  ])('%s → %s', (id, scope) => {
    expect(scopeOf(id)).toBe(scope);
  });
});

describe('gradeAtLeast (--min-grade)', () => {
  it('orders A+ > A > B > C > D > F; N/G never meets a minimum', () => {
    expect(gradeAtLeast('A+', 'A')).toBe(true);
    expect(gradeAtLeast('A', 'A+')).toBe(false);
    expect(gradeAtLeast('B', 'B')).toBe(true);
    expect(gradeAtLeast('C', 'B')).toBe(false);
    expect(gradeAtLeast('F', 'F')).toBe(true);
    expect(gradeAtLeast('N/G', 'F')).toBe(false);
  });
});
