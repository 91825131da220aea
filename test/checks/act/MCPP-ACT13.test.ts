import check from '../../../src/checks/act/MCPP-ACT13.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import type { Spec } from '../../helpers/proxy.js';
import { proxyEvidence } from '../../helpers/proxy.js';

const FORM =
  '<!doctype html><form method="post" action="/consent"><input type="hidden" name="csrf_token" value="Zr8Kq2vNw5Xb1LmP7cTt"><button>Allow</button></form>';

const consent = (headers: Spec['headers'], body = FORM): Spec => ({ status: 200, body, headers });

const GOOD_HEADERS = {
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'set-cookie': ['__Host-consent=abc; Path=/; Secure; HttpOnly; SameSite=Lax'],
};

const twice = (s: Spec) => proxyEvidence([s, s]);

testCheck(check, {
  pass: [
    {
      name: 'frame-ancestors none, a __Host- cookie with every flag, a CSRF field',
      evidence: twice(consent(GOOD_HEADERS)),
    },
    {
      name: 'X-Frame-Options DENY and no cookie at all',
      evidence: twice(consent({ 'x-frame-options': 'DENY' })),
    },
  ],
  fail: [
    {
      name: 'no framing protection',
      evidence: twice(consent({ 'set-cookie': GOOD_HEADERS['set-cookie'] })),
      key: 'framing',
      severity: 'medium',
    },
    {
      name: 'a cookie without the __Host- prefix',
      evidence: twice(
        consent({ ...GOOD_HEADERS, 'set-cookie': ['consent=abc; Path=/; Secure; HttpOnly; SameSite=Lax'] }),
      ),
      key: 'cookie-prefix',
    },
    {
      name: 'a __Host- cookie without HttpOnly and SameSite',
      evidence: twice(consent({ ...GOOD_HEADERS, 'set-cookie': ['__Host-consent=abc; Path=/; Secure'] })),
      key: 'cookie-flags',
    },
    {
      name: 'a consent form without a token field',
      evidence: twice(
        consent(GOOD_HEADERS, '<form method="post" action="/consent"><button>Allow</button></form>'),
      ),
      key: 'csrf',
    },
  ],
  inconclusive: [
    {
      name: 'a redirect to the login step first (oidc-provider)',
      evidence: twice({ status: 303, location: '/interaction/abc' }),
      reason: 'ambiguous',
    },
    {
      name: 'a login page with a password field',
      evidence: twice(consent(GOOD_HEADERS, '<form method="post"><input type="password" name="pw"></form>')),
      reason: 'ambiguous',
    },
    { name: 'evidence from before the probe', evidence: proxyEvidence(null), reason: 'probe_unavailable' },
  ],
  notApplicable: [
    {
      name: 'a third-party IdP on another host',
      evidence: proxyEvidence([consent({}), consent({})], { issuer: 'https://login.idp.example' }),
      reason: 'feature_absent',
    },
    {
      name: 'no authorization in use',
      evidence: evidence((ev) => void (ev.settings.mode = 'intrusive')),
      reason: 'no_auth',
    },
  ],
});
