import check from '../../../src/checks/leg/MCPP-LEG24.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { sseEvidence } from '../../helpers/sse-act.js';

testCheck(check, {
  pass: [
    { name: 'unknown session rejected with 404', evidence: sseEvidence() },
    {
      name: 'unknown session rejected with 400',
      evidence: sseEvidence({ badSession: (b) => b.ok(b.reply({ status: 400, mediaType: 'text/plain' })) }),
    },
  ],
  fail: [
    {
      name: 'message for an unknown session accepted',
      evidence: sseEvidence({ badSession: (b) => b.ok(b.reply({ status: 202, mediaType: null })) }),
      key: 'accepted',
      severity: 'medium',
    },
    {
      name: 'server hangs',
      evidence: sseEvidence({ badSession: (b) => b.failed('timeout') }),
      key: 'timeout',
      severity: 'low',
    },
    {
      name: 'server answers 503',
      evidence: sseEvidence({ badSession: (b) => b.ok(b.reply({ status: 503, mediaType: 'text/plain' })) }),
      key: '5xx',
      severity: 'low',
    },
  ],
  inconclusive: [
    {
      name: 'connection reset',
      evidence: sseEvidence({ badSession: (b) => b.failed('reset') }),
      reason: 'fetch_failed',
    },
    {
      name: 'passive scan',
      evidence: sseEvidence({}, (ev) => {
        ev.settings.mode = 'passive';
      }),
      reason: 'mode_disabled',
    },
    {
      name: 'rate limited',
      evidence: sseEvidence({ badSession: (b) => b.ok(b.reply({ status: 429, mediaType: 'text/plain' })) }),
      reason: 'rate_limited',
    },
  ],
  notApplicable: [
    {
      name: 'endpoint URI without a session parameter',
      evidence: sseEvidence({
        endpoint: '/messages',
        badSession: () => ({
          kind: 'skipped',
          reason: 'not_needed',
          detail: 'the endpoint URI carries no session parameter',
        }),
      }),
      reason: 'feature_absent',
    },
    { name: 'Streamable HTTP target', evidence: evidence(), reason: 'transport' },
  ],
});
