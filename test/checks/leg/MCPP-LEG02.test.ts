import check from '../../../src/checks/leg/MCPP-LEG02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, passive, setLegacy } from '../../helpers/leg.js';

testCheck(check, {
  pass: [
    { name: 'answered with the newest supported version', evidence: evidence() },
    {
      name: 'refused with an error listing the supported versions in data',
      evidence: evidence((ev, b) => {
        setLegacy(ev, {
          initBogus: b.ok(
            b.reply({
              error: {
                code: -32602,
                message: 'Unsupported protocol version',
                data: { supported: ['2025-11-25'], requested: '1900-01-01' },
              },
            }),
          ),
        });
      }),
    },
  ],
  fail: [
    {
      name: 'echoes 1900-01-01',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { initBogus: b.ok(b.reply({ result: b.initResult('1900-01-01') })) }),
      ),
      key: 'echo',
      severity: 'medium',
    },
    {
      name: 'answers an older supported version',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { initBogus: b.ok(b.reply({ result: b.initResult('2025-03-26') })) }),
      ),
      key: 'not-latest',
      severity: 'low',
    },
    {
      name: 'answers a string that is not a version',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { initBogus: b.ok(b.reply({ result: b.initResult('v2') })) }),
      ),
      key: 'unsupported',
      severity: 'medium',
    },
    {
      name: 'error whose data names no versions (message text is not parsed)',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          initBogus: b.ok(
            b.reply({
              status: 400,
              error: { code: -32000, message: 'Unsupported protocol version (supported: 2025-11-25)' },
            }),
          ),
        }),
      ),
      key: 'error-without-versions',
      severity: 'low',
    },
    {
      name: 'plain HTTP 400 without JSON-RPC',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { initBogus: b.ok(b.reply({ status: 400, mediaType: 'text/plain' })) }),
      ),
      key: 'error-without-versions',
      severity: 'low',
    },
    {
      name: 'server error',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { initBogus: b.ok(b.reply({ status: 500, mediaType: 'text/html' })) }),
      ),
      key: '5xx',
      severity: 'medium',
    },
    {
      name: 'timeout',
      evidence: evidence((ev, b) => setLegacy(ev, { initBogus: b.failed('timeout') })),
      key: 'timeout',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    { name: 'passive scan', evidence: evidence((ev) => passive(ev)), reason: 'mode_disabled' },
    {
      name: 'bogus initialize answered 401',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { initBogus: b.ok(b.reply({ status: 401, mediaType: null })) }),
      ),
      reason: 'auth_wall',
    },
    {
      name: 'HTTP+SSE target: probe only sent over Streamable HTTP',
      evidence: evidence((ev) => {
        ev.detection.transport = 'http+sse';
        ev.sessions = null;
      }),
      reason: 'probe_unavailable',
    },
    {
      name: 'connection reset',
      evidence: evidence((ev, b) => setLegacy(ev, { initBogus: b.failed('reset') })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
