import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT01.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  answer,
  authWall,
  knownRevisions,
  publicTarget,
  setKnown,
  setOrigin,
  setRevision,
  sseEvidence,
} from '../../helpers/sse-act.js';

testCheck(check, {
  pass: [
    { name: 'all three variants get 403 (2025-11-25 server)', evidence: evidence() },
    {
      name: 'non-403 rejection is enough before 2025-11-25',
      evidence: evidence((ev, b) => {
        // Newest revision 2025-06-18: any rejection passes.
        setKnown(ev, ['2024-11-05', '2025-03-26', '2025-06-18']);
        setOrigin(ev, { foreign: answer(b, 400) });
        setOrigin(ev, { nullOrigin: answer(b, 401) });
        setOrigin(ev, { lookalike: answer(b, 421) });
      }),
    },
    {
      name: 'HTTP+SSE stream GET refused with 403 (2024-11-05)',
      evidence: sseEvidence({}, (ev, b) => {
        setOrigin(ev, { foreign: answer(b, 403) });
      }),
    },
    {
      name: 'auth wall but the foreign Origin gets a distinct 403',
      evidence: evidence((ev, b) => {
        authWall(ev, b);
        setOrigin(ev, { foreign: answer(b, 403) });
        setOrigin(ev, { nullOrigin: answer(b, 403) });
        setOrigin(ev, { lookalike: answer(b, 403) });
      }),
    },
  ],
  fail: [
    {
      name: 'foreign Origin served on a loopback server',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { foreign: answer(b, 200) });
      }),
      key: 'foreign',
      severity: 'high',
    },
    {
      name: 'look-alike Origin served on an authenticated public endpoint (optional auth)',
      evidence: evidence((ev, b) => {
        publicTarget(ev, true);
        setOrigin(ev, { lookalike: answer(b, 200) });
      }),
      key: 'lookalike',
      severity: 'medium',
    },
    {
      name: 'null Origin served on an unauthenticated public endpoint',
      evidence: evidence((ev, b) => {
        publicTarget(ev, false);
        setOrigin(ev, { nullOrigin: answer(b, 200) });
      }),
      key: 'null',
      severity: 'high',
    },
    {
      name: 'rejected with 400 under 2025-11-25',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { foreign: answer(b, 400) });
        setOrigin(ev, { nullOrigin: answer(b, 400) });
      }),
      key: 'status',
      severity: 'low',
    },
    {
      name: 'JSON-RPC error with 200 under 2025-11-25',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { foreign: answer(b, 200, { error: true }) });
      }),
      key: 'status',
      severity: 'low',
    },
    {
      name: 'HTTP+SSE stream opened for a foreign Origin',
      evidence: sseEvidence({}, (ev, b) => {
        setOrigin(ev, {
          foreign: b.ok(b.reply({ status: 200, mediaType: 'text/event-stream', method: 'GET' })),
        });
      }),
      key: 'foreign',
      severity: 'high',
    },
  ],
  inconclusive: [
    {
      name: 'foreign Origin and baseline both 401 without a token',
      evidence: evidence(authWall),
      reason: 'auth_wall',
    },
    {
      name: 'foreign Origin answered 502',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { foreign: answer(b, 502) });
      }),
      reason: 'fetch_failed',
    },
    {
      name: 'same 400 as the request without Origin, before 2025-11-25',
      evidence: evidence((ev, b) => {
        // Newest revision 2025-06-18: any rejection passes.
        setKnown(ev, ['2024-11-05', '2025-03-26', '2025-06-18']);
        const discover = b.reply({ status: 400, error: { code: -32000, message: 'Bad Request' }, id: null });
        setOrigin(ev, { baseline: discover });
        setOrigin(ev, { foreign: answer(b, 400) });
      }),
      reason: 'ambiguous',
    },
    {
      name: 'probe timed out',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { nullOrigin: b.failed('timeout') });
      }),
      reason: 'fetch_failed',
    },
    {
      name: 'passive scan',
      evidence: evidence((ev) => {
        ev.settings.mode = 'passive';
      }),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    {
      name: 'stdio target',
      evidence: evidence((ev) => {
        ev.detection.transport = 'stdio';
      }),
      reason: 'transport',
    },
  ],
});

describe('MCPP-ACT01 per-revision merge', () => {
  it('a 400 fails only the ≥2025-11-25 revisions and passes the earlier ones', () => {
    const ev = evidence((e, b) => {
      setOrigin(e, { foreign: answer(b, 400) });
    });
    const { results } = runCheck(check, ev);
    const status = results.find((r) => r.key === 'status')!;
    expect(status.status).toBe('fail');
    expect(status.revisionsFailed).toEqual(['2025-11-25']);
    const foreign = results.find((r) => r.key === 'foreign')!;
    expect(foreign.status).toBe('pass');
    expect(foreign.revisionsEvaluated).toEqual(['2024-11-05', '2025-03-26', '2025-06-18']);
  });

  it('a non-403 rejection when 2025-11-25 is only a candidate is a conditional fail', () => {
    const ev = evidence((e, b) => {
      setRevision(e, {
        ...knownRevisions(['2025-06-18']),
        candidates: ['2025-06-18', '2025-11-25'],
        unconfirmed: ['2025-11-25'],
      });
      setOrigin(e, { foreign: answer(b, 400) });
    });
    const { results } = runCheck(check, ev);
    const status = results.find((r) => r.key === 'status')!;
    expect(status.status).toBe('fail');
    expect(status.revisionsFailed).toEqual(['2025-11-25']);
  });
});
