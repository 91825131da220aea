import check from '../../../src/checks/leg/MCPP-LEG01.js';
import type { InitAttempt } from '../../../src/evidence/types.js';
import type { Revision } from '../../../src/spec/revisions.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import {
  authWall,
  editRequest,
  evidence,
  modernOnly,
  setDetection,
  setInits,
  setRevision,
} from '../../helpers/leg.js';

/** The four ladder attempts, each answered with the given version (or a custom result). */
function ladder(b: EvidenceBuilder, answers: Record<Revision, unknown>): InitAttempt[] {
  return (['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const).map((requested) => {
    const a = answers[requested];
    const result = typeof a === 'string' ? b.initResult(a) : a;
    const reply = b.reply({ result });
    const offered = typeof a === 'string' ? a : null;
    return { requested, probe: b.ok(reply), offered };
  });
}

testCheck(check, {
  pass: [
    { name: 'every version echoed', evidence: evidence() },
    {
      name: 'stable counter-offer (2025-06-18 offered for 2025-11-25, and echoed when requested)',
      evidence: evidence((ev, b) => {
        setInits(
          ev,
          ladder(b, {
            '2025-11-25': '2025-06-18',
            '2025-06-18': '2025-06-18',
            '2025-03-26': '2025-03-26',
            '2024-11-05': '2024-11-05',
          } as Record<Revision, unknown>),
        );
      }),
    },
    {
      name: 'errors for versions the server does not list are left to LEG02',
      evidence: evidence((ev, b) => {
        const attempts = ladder(b, { '2025-11-25': '2025-11-25' } as Record<Revision, unknown>).map((a, i) =>
          i === 0
            ? a
            : {
                ...a,
                probe: b.ok(
                  b.reply({
                    status: 400,
                    error: { code: -32602, message: 'Unsupported', data: { supported: ['2025-11-25'] } },
                  }),
                ),
                offered: null,
              },
        );
        setInits(ev, attempts);
        setRevision(ev, { known: ['2025-11-25'], candidates: ['2025-11-25'] });
      }),
    },
    {
      name: 'HTTP+SSE initialize echoes the requested 2024-11-05',
      evidence: evidence((ev, b) => {
        ev.detection.transport = 'http+sse';
        setInits(ev, []);
        ev.sessions = null;
        setRevision(ev, { known: ['2024-11-05'], candidates: ['2024-11-05'] });
        const post = b.reply({ status: 202, mediaType: null });
        editRequest(b, post.exchange, {
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2024-11-05' },
          }),
        });
        ev.sse = {
          streamUrl: 'http://127.0.0.1:3000/sse',
          get: b.reply({ mediaType: 'text/event-stream', method: 'GET' }),
          firstEvent: null,
          endpoint: { raw: '/messages?sessionId=1', resolved: 'http://127.0.0.1:3000/messages?sessionId=1' },
          init: b.ok(
            { post, reply: null, message: { kind: 'response', id: 1, result: b.initResult('2024-11-05') } },
            post.exchange,
          ),
          badSession: b.skipped(),
        } as unknown as typeof ev.sse;
      }),
    },
  ],
  fail: [
    {
      name: 'a string that is not a protocol version',
      evidence: evidence((ev, b) => {
        setInits(
          ev,
          ladder(b, {
            '2025-11-25': '2025-11-25',
            '2025-06-18': 'latest',
            '2025-03-26': '2025-03-26',
            '2024-11-05': '2024-11-05',
          } as Record<Revision, unknown>),
        );
      }),
      key: 'unknown-version',
      severity: 'medium',
    },
    {
      name: 'unstable counter-offer',
      evidence: evidence((ev, b) => {
        setInits(
          ev,
          ladder(b, {
            '2025-11-25': '2025-06-18',
            '2025-06-18': '2025-03-26',
            '2025-03-26': '2025-03-26',
            '2024-11-05': '2024-11-05',
          } as Record<Revision, unknown>),
        );
      }),
      key: 'unstable',
    },
    {
      name: 'version listed in the DiscoverResult but not echoed',
      evidence: evidence((ev, b) => {
        setDetection(ev, {
          discover: b.ok(
            b.reply({
              result: {
                supportedVersions: ['2026-07-28', '2025-06-18'],
                capabilities: {},
                resultType: 'complete',
              },
            }),
          ),
        });
        setInits(
          ev,
          ladder(b, {
            '2025-11-25': '2025-11-25',
            '2025-06-18': '2025-11-25',
            '2025-03-26': '2025-11-25',
            '2024-11-05': '2025-11-25',
          } as Record<Revision, unknown>),
        );
      }),
      key: 'listed-not-echoed',
    },
    {
      name: 'InitializeResult without protocolVersion',
      evidence: evidence((ev, b) => {
        setInits(
          ev,
          ladder(b, {
            '2025-11-25': '2025-11-25',
            '2025-06-18': { capabilities: {}, serverInfo: { name: 'x', version: '1' } },
            '2025-03-26': '2025-03-26',
            '2024-11-05': '2024-11-05',
          } as Record<Revision, unknown>),
        );
      }),
      key: 'missing',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    {
      name: 'every initialize timed out',
      evidence: evidence((ev, b) => {
        ev.sessions = null;
        setInits(
          ev,
          (['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const).map((requested) => ({
            requested,
            probe: b.failed('timeout'),
            offered: null,
          })),
        );
        setRevision(ev, { known: [], unconfirmed: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] });
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
