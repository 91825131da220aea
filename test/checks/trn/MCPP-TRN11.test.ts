import check from '../../../src/checks/trn/MCPP-TRN11.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setEndpoint } from '../../helpers/evidence.js';
import { setDetection } from '../../helpers/trn.js';

testCheck(check, {
  pass: [{ name: 'POST answered directly', evidence: evidence() }],
  fail: [
    {
      name: 'trailing-slash 308 is info',
      evidence: evidence((ev, b) => {
        const r = b.reply({ status: 308, mediaType: null, location: '/mcp/' });
        setDetection(ev, { discover: b.ok(r) });
        setEndpoint(ev, { redirect: { status: 308, location: '/mcp/', sameOrigin: true } });
      }),
      key: 'same-origin-307',
      severity: 'info',
    },
    {
      name: 'same-origin 302 turns POST into GET: low',
      evidence: evidence((ev, b) => {
        const r = b.reply({ status: 302, mediaType: 'text/html', location: 'http://127.0.0.1:3000/login' });
        setDetection(ev, { discover: b.ok(r) });
      }),
      key: 'same-origin-method-change',
      severity: 'low',
    },
    {
      name: 'cross-origin redirect: low, target redirected',
      evidence: evidence((ev, b) => {
        const r = b.reply({ status: 307, mediaType: null, location: 'https://other.example.test/mcp' });
        const inits = ev.detection.inits.map((a) => ({
          ...a,
          probe: b.ok(b.reply({ status: 307, mediaType: null, location: 'https://other.example.test/mcp' })),
          offered: null,
        }));
        setDetection(ev, {
          discover: b.ok(r),
          inits,
          targetClass: 'redirected',
        });
        setEndpoint(ev, {
          redirect: { status: 307, location: 'https://other.example.test/mcp', sameOrigin: false },
        });
      }),
      key: 'cross-origin',
      severity: 'low',
    },
    {
      name: 'http to https on the same host is cross-origin',
      evidence: evidence((ev, b) => {
        setDetection(ev, {
          discover: b.ok(b.reply({ status: 301, mediaType: null, location: 'https://127.0.0.1:3000/mcp' })),
          targetClass: 'redirected',
        });
      }),
      key: 'cross-origin',
    },
    {
      name: 'redirect recorded only by the detection ladder',
      evidence: evidence((ev) => {
        setEndpoint(ev, { redirect: { status: 303, location: '/elsewhere', sameOrigin: true } });
      }),
      key: 'same-origin-method-change',
    },
  ],
  notApplicable: [
    {
      name: 'unreachable: every POST failed: a target that was not reached is not judged',
      evidence: evidence((ev, b) => {
        setDetection(ev, {
          discover: b.failed('connect'),
          inits: ev.detection.inits.map((a) => ({ ...a, probe: b.failed('connect'), offered: null })),
          targetClass: 'unreachable',
          transport: null,
        });
      }),
      reason: 'target_class',
    },
    {
      name: 'stdio target',
      evidence: evidence((ev) => setDetection(ev, { transport: 'stdio' })),
      reason: 'transport',
    },
  ],
});
