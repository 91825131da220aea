import check from '../../../src/checks/trn/MCPP-TRN05.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setHttpTarget } from '../../helpers/evidence.js';
import { httpsExchange, httpsTarget, tlsObservation } from '../../helpers/tls.js';

const AS = 'https://auth.example.test';

testCheck(check, {
  pass: [
    {
      name: 'HSTS with two years',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b, { hsts: 'max-age=63072000; includeSubDomains; preload' });
      }),
    },
    {
      name: 'one response of the origin carries HSTS, another does not',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b, { status: 401 });
        httpsExchange(b, { hsts: 'Max-Age="31536000"' });
      }),
    },
    {
      name: 'MCP and AS origins both send HSTS',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b, { hsts: 'max-age=31536000' });
        httpsExchange(b, { url: `${AS}/.well-known/oauth-authorization-server`, hsts: 'max-age=31536000' });
      }),
    },
  ],
  fail: [
    {
      name: 'no HSTS header',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b);
      }),
      key: 'absent',
      severity: 'low',
    },
    {
      name: 'short max-age is info',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b, { hsts: 'max-age=86400' });
      }),
      key: 'short',
      severity: 'info',
    },
    {
      name: 'max-age=0 disables HSTS',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b, { hsts: 'max-age=0' });
      }),
      key: 'absent',
    },
    {
      name: 'invalid header (duplicate directive) is ignored by clients',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b, { hsts: 'max-age=31536000; max-age=1' });
      }),
      key: 'absent',
    },
    {
      name: 'only the first field value counts',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b, { hsts: ['max-age=600', 'max-age=31536000'] });
      }),
      key: 'short',
    },
    {
      name: 'AS origin lacks HSTS on an http loopback target',
      evidence: evidence((ev, b) => {
        httpsExchange(b, { url: `${AS}/.well-known/oauth-authorization-server` });
      }),
      key: 'absent',
    },
  ],
  inconclusive: [
    {
      name: 'https origin with no response recorded',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        b.exchange({ url: 'https://mcp.example.test/mcp', error: { code: 'timeout', message: 'timeout' } });
      }),
      reason: 'fetch_failed',
    },
    {
      name: 'AS origin known from TLS evidence but never answered',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        httpsExchange(b, { hsts: 'max-age=31536000' });
        ev.tls = [tlsObservation(), tlsObservation({ origin: AS })];
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'loopback http target (default evidence)', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'loopback https target',
      evidence: evidence((ev, b) => {
        setHttpTarget(ev, {
          url: 'https://127.0.0.1:3000/mcp',
          origin: 'https://127.0.0.1:3000',
          scheme: 'https',
        });
        httpsExchange(b, { url: 'https://127.0.0.1:3000/mcp' });
      }),
      reason: 'target_scope',
    },
    {
      name: 'https on localhost',
      evidence: evidence((ev, b) => {
        httpsExchange(b, { url: 'https://localhost:8443/token' });
      }),
      reason: 'target_scope',
    },
  ],
});
