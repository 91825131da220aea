import { rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintNoPrivateKeys } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD55',
    title: 'No private key material published',
    requirement:
      'No JWK in `jwks.keys` carries private members (`d`, `p`, `q`, `dp`, `dq`, `qi`, `oth`, `k`).',
    keyword: 'policy',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      'private-key': 'a key publishes private members (located at its `kid` or index)',
    },
    severity: 'critical',
    severityRationale:
      'A published private key is an immediate compromise of the client identity, whatever the keyword.',
    citations: [rfc(7517, '4'), rfc(7518, '6.3.2')],
    rationale:
      'A private key in a public document lets anyone sign as the client (`private_key_jwt`): the client’s identity is compromised the moment the document is served.',
    remediation:
      'Publish only public JWK members (`kty`, `n`, `e`, `x`, `y`, `crv`, `kid`, `use`, `alg`); rotate any key whose private part was published.',
    evidence: '`jwks.keys` of the document.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) => lintNoPrivateKeys(source));
  },
});
