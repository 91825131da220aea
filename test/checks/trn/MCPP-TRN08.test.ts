import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/trn/MCPP-TRN08.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { authWall, sessionSamples, setRevision, stateless } from '../../helpers/trn.js';

const V4 = [
  '7c2e9a41-d3b8-4e05-b1f6-52a9c0e8d347',
  '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
  '3d5b7f90-1e2c-4a6b-8d0f-9c1e3a5b7d2f',
];

testCheck(check, {
  pass: [
    { name: 'random UUIDv4 session IDs (default)', evidence: evidence() },
    {
      name: 'prefixed UUIDs (mcp-session-<uuid>)',
      evidence: evidence((ev, b) =>
        sessionSamples(
          ev,
          b,
          V4.map((u) => `mcp-session-${u}`),
        ),
      ),
    },
    {
      name: '32 random bytes in base64url',
      evidence: evidence((ev, b) =>
        sessionSamples(ev, b, [
          'q3Zx_9kP-aQ2mWv7tLr5yBcHd8Tn4sJ6eXu1oVd0fGp',
          'Lw0-Hq8Tn4_sJ6eXu1oVd0fGpZx3_kP9aQ2mWv7tLr5',
        ]),
      ),
    },
  ],
  fail: [
    {
      name: 'charset: a space in the ID is medium',
      evidence: evidence((ev, b) => sessionSamples(ev, b, [`${V4[0]} x`, `${V4[1]} y`])),
      key: 'charset',
      severity: 'medium',
    },
    {
      name: 'identical IDs for separate sessions are high',
      evidence: evidence((ev, b) => sessionSamples(ev, b, [V4[0]!, V4[0]!, V4[0]!])),
      key: 'identical',
      severity: 'high',
    },
    {
      name: 'counter IDs are sequential (high) and short',
      evidence: evidence((ev, b) => sessionSamples(ev, b, ['session-1041', 'session-1042', 'session-1043'])),
      key: 'sequential',
      severity: 'high',
    },
    {
      name: 'millisecond timestamps are sequential',
      evidence: evidence((ev, b) => sessionSamples(ev, b, ['1735689600123', '1735689600456'])),
      key: 'sequential',
    },
    {
      name: 'eight random hex characters are short',
      evidence: evidence((ev, b) => sessionSamples(ev, b, ['9f86d081', '2c26b46b', 'e3b0c442'])),
      key: 'short',
      severity: 'high',
    },
    {
      name: 'a single short ID is short even without prefix stripping',
      evidence: evidence((ev, b) => sessionSamples(ev, b, ['abc123'])),
      key: 'short',
    },
    {
      name: 'guessable IDs under 2025-03-26 only are medium (transport SHOULD)',
      evidence: evidence((ev, b) => {
        sessionSamples(ev, b, ['9f86d081', '2c26b46b']);
        setRevision(ev, { known: ['2025-03-26'], candidates: ['2025-03-26'], unconfirmed: [] });
      }),
      key: 'short',
      severity: 'medium',
    },
  ],
  inconclusive: [
    {
      name: 'a single long ID: uniqueness untestable',
      evidence: evidence((ev, b) => sessionSamples(ev, b, [V4[0]!])),
      reason: 'ambiguous',
    },
    {
      name: 'behind an authorization wall',
      evidence: evidence((ev, b) => authWall(ev, b)),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [
    {
      name: 'stateless server issues no session',
      evidence: evidence((ev, b) => stateless(ev, b)),
      reason: 'feature_absent',
    },
  ],
});

describe('MCPP-TRN08 details', () => {
  it('reports both sequential and short for a counter', () => {
    const { results } = runCheck(
      check,
      evidence((ev, b) => sessionSamples(ev, b, ['1', '2', '3'])),
    );
    expect(results.map((r) => r.key).sort()).toEqual(['sequential', 'short']);
    expect(results.find((r) => r.key === 'sequential')!.confidence).toBe('medium');
  });
});

describe('MCPP-TRN08 over Streamable HTTP negotiated at 2024-11-05', () => {
  it('is judged by the earliest revision defining the transport shape, not skipped', () => {
    const ev = evidence((e) =>
      setRevision(e, { known: ['2024-11-05'], candidates: ['2024-11-05'], unconfirmed: [] }),
    );
    const { status, results } = runCheck(check, ev);
    expect(status).toBe('pass');
    expect(results.every((r) => r.revisionsEvaluated.join() === '2025-03-26')).toBe(true);
  });
});
