import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { judgeRejected, withCimd } from './as-requests.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD16',
    title: 'Document size limited',
    requirement: 'Client ID Metadata Documents larger than about 5 KB are rejected.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: { accepted: 'the 64 KiB document was accepted' },
    severity: 'low',
    citations: [
      mcp(
        '2026-07-28',
        'basic/authorization/security-considerations',
        'Authorization Server Abuse Protection',
      ),
    ],
    rationale:
      'An authorization server fetches documents for anyone who sends it a URL; without a size limit, each unauthenticated authorization request can make it download and parse as much as an attacker serves.',
    remediation:
      'Cap the client metadata document fetch at a few kilobytes (5 KB is the draft’s figure) and reject larger answers.',
    evidence:
      '`i.cimd(oversized)`: the valid document padded with an extension member to 64 KiB. The first answer only, never followed; `i.cimd(valid)` is the control.',
    notes:
      'CIMD-02 §8.7. Fail `accepted`: a login or consent step for the 64 KiB document. Pass: rejected, when the valid document was accepted (otherwise `ambiguous`). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) =>
      judgeRejected(ctx, scene, 'oversized', {
        what: 'a 64 KiB client metadata document',
        key: 'accepted',
        failure:
          'Documents are not size-limited: each request can make the AS fetch and parse arbitrarily large answers.',
      }),
    );
  },
});
