import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/leg/MCPP-LEG22.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { sseEvidence } from '../../helpers/sse-act.js';

const JWT =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTEiLCJleHAiOjE5MDAwMDAwMDB9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const SECRET = 'mcp-posture-probe-secret-value-0123456789';

testCheck(check, {
  pass: [
    { name: 'session parameter only (TRN07 territory)', evidence: sseEvidence() },
    {
      name: 'empty token parameter is not a credential',
      evidence: sseEvidence({ endpoint: '/messages?sessionId=abc&token=' }),
    },
    { name: 'negotiated 2025-11-25 over HTTP+SSE', evidence: sseEvidence({ revision: '2025-11-25' }) },
  ],
  fail: [
    {
      name: 'access_token in the query',
      evidence: sseEvidence({ endpoint: `/messages?sessionId=abc&access_token=${SECRET}` }),
      key: 'access_token',
      severity: 'high',
    },
    {
      name: 'api-key spelled with a dash',
      evidence: sseEvidence({ endpoint: `/messages?Api-Key=${SECRET}` }),
      key: 'Api-Key',
    },
    {
      name: 'JWT-shaped value under an innocuous name',
      evidence: sseEvidence({ endpoint: `/messages?sessionId=${JWT}` }),
      key: 'sessionId',
    },
    { name: 'JWT-shaped path segment', evidence: sseEvidence({ endpoint: `/messages/${JWT}` }), key: 'path' },
    {
      name: 'userinfo credentials',
      evidence: sseEvidence({ endpoint: `http://user:${SECRET}@127.0.0.1:3000/messages` }),
      key: 'userinfo',
    },
  ],
  inconclusive: [
    {
      name: 'behind an authorization wall',
      evidence: evidence((ev) => {
        ev.detection.transport = null;
        ev.detection.authWall = true;
      }),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [
    { name: 'no endpoint event', evidence: sseEvidence({ endpoint: null }), reason: 'feature_absent' },
    { name: 'Streamable HTTP target', evidence: evidence(), reason: 'transport' },
  ],
});

describe('MCPP-LEG22 redaction', () => {
  it('never repeats credential values in messages or locations', () => {
    for (const endpoint of [
      `/messages?access_token=${SECRET}`,
      `/messages/${JWT}`,
      `/messages?x=${JWT}`,
      `http://user:${SECRET}@127.0.0.1:3000/messages`,
    ]) {
      const { results } = runCheck(check, sseEvidence({ endpoint }));
      for (const r of results) {
        expect(r.status).toBe('fail');
        expect(`${r.message} ${r.location}`).not.toContain(SECRET);
        expect(`${r.message} ${r.location}`).not.toContain(JWT.slice(0, 40));
      }
    }
  });
});
