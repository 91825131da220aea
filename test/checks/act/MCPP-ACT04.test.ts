import check from '../../../src/checks/act/MCPP-ACT04.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { knownRevisions } from '../../helpers/oauth.js';
import { oauthEvidence } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [{ name: 'garbage token gets 401 invalid_token', evidence: oauthEvidence() }],
  fail: [
    {
      name: 'garbage token served',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(b.reply({ result: { supportedVersions: ['2026-07-28'] } }));
      }),
      key: 'garbage',
      severity: 'critical',
    },
    {
      name: 'garbage token got past the token check to a protocol error',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(b.reply({ status: 404, error: { code: -32601, message: 'Method not found' } }));
      }),
      key: 'garbage',
      severity: 'critical',
    },
    {
      name: 'garbage token refused with 403',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(b.reply({ status: 403, mediaType: null }));
      }),
      key: 'status',
      severity: 'medium',
    },
    {
      name: 'garbage token refused with 400 and a JSON-RPC error about the token',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(
          b.reply({ status: 400, error: { code: -32001, message: 'Invalid token' }, id: null }),
        );
      }),
      key: 'status',
    },
    {
      name: '401 without error="invalid_token"',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(
          b.reply({ status: 401, mediaType: null, headers: { 'www-authenticate': 'Bearer realm="mcp"' } }),
        );
      }),
      key: 'error-code',
      severity: 'low',
    },
  ],
  inconclusive: [
    {
      name: 'garbage token answered 500',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(b.reply({ status: 500, mediaType: 'text/plain' }));
      }),
      reason: 'fetch_failed',
    },
    {
      name: 'passive scan',
      evidence: oauthEvidence((_d, _b, ev) => {
        ev.settings.mode = 'passive';
      }),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'optional auth that ignores the Authorization header',
      evidence: oauthEvidence((d, b, ev) => {
        ev.detection.authWall = false;
        d.garbageToken = b.ok(b.reply({ result: { tools: [] } }));
      }),
      reason: 'no_auth',
    },
    {
      name: 'only 2024-11-05 known',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2024-11-05'])),
      reason: 'revision',
    },
  ],
});
