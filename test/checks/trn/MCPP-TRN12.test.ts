import type { HttpReply } from '../../../src/evidence/types.js';
import check from '../../../src/checks/trn/MCPP-TRN12.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  authWall,
  corsEverywhere,
  corsReply,
  publicTarget,
  setLegacy,
  setOrigin,
} from '../../helpers/trn.js';

testCheck(check, {
  pass: [
    { name: 'foreign origins refused, no CORS headers', evidence: evidence() },
    {
      name: 'bearer-only public endpoint with * and no credentials',
      evidence: evidence((ev, b) => {
        publicTarget(ev);
        authWall(ev, b);
        corsEverywhere(ev, b, { status: 401, acao: '*' });
      }),
    },
    {
      name: 'a fixed allow-listed origin is not arbitrary',
      evidence: evidence((ev, b) => {
        publicTarget(ev);
        corsEverywhere(ev, b, { acao: 'https://app.example.test' });
      }),
    },
  ],
  fail: [
    {
      name: 'reflected origin with credentials is high',
      evidence: evidence((ev, b) => {
        publicTarget(ev);
        corsEverywhere(ev, b, { reflect: true, acac: 'true' });
      }),
      key: 'reflect-credentials',
      severity: 'high',
    },
    {
      name: 'reflection with credentials is flagged even when Origin validation refuses with 403 (latent)',
      evidence: evidence((ev, b) => corsEverywhere(ev, b, { status: 403, reflect: true, acac: 'true' })),
      key: 'reflect-credentials',
      severity: 'high',
    },
    {
      name: 'reflection with credentials is high even behind a 401 (cookies may authenticate)',
      evidence: evidence((ev, b) => {
        publicTarget(ev);
        authWall(ev, b);
        corsEverywhere(ev, b, { status: 401, reflect: true, acac: 'true' });
      }),
      key: 'reflect-credentials',
      severity: 'high',
    },
    {
      name: '* on an unauthenticated loopback server is high',
      evidence: evidence((ev, b) => corsEverywhere(ev, b, { acao: '*' })),
      key: 'local-open',
      severity: 'high',
    },
    {
      name: 'null granted on a public unauthenticated endpoint is medium',
      evidence: evidence((ev, b) => {
        publicTarget(ev);
        setOrigin(ev, { nullOrigin: b.ok(corsReply(b, { origin: 'null', acao: 'null' })) });
      }),
      key: 'null',
      severity: 'medium',
    },
    {
      name: '* on an unauthenticated public endpoint is low',
      evidence: evidence((ev, b) => {
        publicTarget(ev);
        corsEverywhere(ev, b, { acao: '*' });
      }),
      key: 'public-wildcard',
      severity: 'low',
    },
    {
      name: 'preflight grant judged by the foreign POST being served',
      evidence: evidence((ev, b) => {
        publicTarget(ev);
        setOrigin(ev, {
          foreign: b.ok(corsReply(b, { origin: 'https://evil.example' })),
          preflight: b.ok(
            corsReply(b, {
              origin: 'https://evil.example',
              method: 'OPTIONS',
              status: 204,
              acao: 'https://evil.example',
            }),
          ),
        });
      }),
      key: 'public-wildcard',
    },
    {
      name: '* on ordinary replies in a passive scan',
      evidence: evidence((ev, b) => {
        const skipped = b.skipped<HttpReply>('mode_disabled');
        setOrigin(ev, {
          foreign: skipped,
          nullOrigin: skipped,
          lookalike: skipped,
          preflight: skipped,
          host: skipped,
        });
        setLegacy(ev, { baseline: b.ok(corsReply(b, { acao: '*' })) });
      }),
      key: 'local-open',
    },
  ],
  inconclusive: [
    {
      name: 'passive scan without grants on ordinary replies',
      evidence: evidence((ev, b) => {
        const skipped = b.skipped<HttpReply>('mode_disabled');
        setOrigin(ev, {
          foreign: skipped,
          nullOrigin: skipped,
          lookalike: skipped,
          preflight: skipped,
          host: skipped,
        });
      }),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    {
      name: 'stdio target',
      evidence: evidence((ev) => {
        Object.assign(ev.detection, { transport: 'stdio' });
      }),
      reason: 'transport',
    },
  ],
});
