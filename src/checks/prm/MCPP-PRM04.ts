import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { firstPrm, noPrm } from '../authn/discovery.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PRM04',
    title: 'PRM names an authorization server',
    requirement: '`authorization_servers` is a non-empty array of issuer strings.',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'resource-metadata' },
    keys: {
      absent: 'the PRM has no authorization_servers',
      empty: 'authorization_servers is an empty array',
      type: 'authorization_servers is not an array, or holds an entry that is not a non-empty string',
    },
    severity: 'high',
    citations: [
      mcp('2025-06-18', 'basic/authorization', 'Authorization Server Location'),
      mcp(
        '2026-07-28',
        'basic/authorization/authorization-server-discovery',
        'Authorization Server Location',
      ),
      rfc(9728, '2'),
    ],
    rationale:
      'The PRM exists to tell clients which authorization server issues tokens for the resource. Without a usable `authorization_servers` entry, a conforming MCP client has nowhere to obtain a token.',
    remediation:
      'Add `"authorization_servers": ["<issuer URL>"]` to the PRM, listing the issuer identifier of each authorization server exactly as its metadata’s `issuer` spells it.',
    evidence: '`authorization_servers` of the first found PRM variant (client order).',
    notes:
      'Keys: `absent`, `empty` (an empty array), `type` (not an array, or an entry that is not a non-empty string: clients cannot use such entries, and RFC 9728 §2 defines the member as an array of issuer identifiers).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    if (!prm) return noPrm(oauth, ctx);
    const opts = { location: prm.location };
    const v = prm.doc['authorization_servers'];
    if (v === undefined) {
      return ctx.fail(`The PRM at ${prm.candidate.url} has no authorization_servers.`, prm.exchanges, {
        ...opts,
        key: 'absent',
      });
    }
    if (!Array.isArray(v)) {
      return ctx.fail(`authorization_servers is ${typeof v}, not an array.`, prm.exchanges, {
        ...opts,
        key: 'type',
      });
    }
    if (v.length === 0) {
      return ctx.fail('authorization_servers is an empty array.', prm.exchanges, { ...opts, key: 'empty' });
    }
    const bad = v.filter((x) => typeof x !== 'string' || x === '');
    if (bad.length > 0) {
      return ctx.fail(
        `authorization_servers has ${bad.length} entr${bad.length === 1 ? 'y' : 'ies'} that are not issuer strings: ${JSON.stringify(bad).slice(0, 120)}.`,
        prm.exchanges,
        { ...opts, key: 'type' },
      );
    }
    return ctx.pass(
      `authorization_servers names ${v.length} issuer(s): ${v.join(', ')}.`,
      prm.exchanges,
      opts,
    );
  },
});
