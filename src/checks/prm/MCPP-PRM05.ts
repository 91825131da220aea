import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { isLoopbackHostname } from '../../evidence/parse/url.js';
import { rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { firstPrm, noPrm } from '../authn/discovery.js';
import { asLocation } from '../shared/locations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PRM05',
    title: 'Listed issuers are https without query or fragment',
    requirement: 'Each `authorization_servers` entry is an https URL without query or fragment.',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'resource-metadata' },
    keys: {
      http: 'an authorization_servers issuer uses http (high; medium on a loopback host)',
      query: 'an issuer has a query component',
      fragment: 'an issuer has a fragment component',
      invalid: 'an issuer is not an absolute URL',
    },
    severity: 'high',
    citations: [rfc(8414, '2'), rfc(9728, '2')],
    rationale:
      'An issuer identifier is the trust anchor a client compares the authorization server’s metadata against. Over cleartext it can be impersonated; with a query or fragment it is not a valid issuer, and conforming clients reject the server.',
    remediation:
      'List each authorization server by its issuer identifier: an https URL with host and optional path, no query, no fragment, spelled exactly as the `issuer` in its metadata.',
    evidence: 'Each entry of `authorization_servers` in the first found PRM variant.',
    traps: 'A trailing slash is allowed but must then match the AS `issuer` exactly (ASM02).',
    notes:
      'One result per entry (`as:<issuer>`). Keys: `http` (high; medium for a loopback host), `query`, `fragment`, `invalid` (not an absolute URL). Entries that are not strings are PRM04’s.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    if (!prm) return noPrm(oauth, ctx);
    const list = prm.doc['authorization_servers'];
    const issuers = Array.isArray(list)
      ? list.filter((x): x is string => typeof x === 'string' && x !== '')
      : [];
    if (issuers.length === 0) {
      return ctx.notApplicable('feature_absent', 'The PRM lists no issuer string (PRM04).');
    }
    const verdicts: Verdict[] = [];
    for (const issuer of issuers) {
      const location = asLocation(issuer);
      let u: URL | null = null;
      try {
        u = new URL(issuer);
      } catch {
        u = null;
      }
      if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) {
        verdicts.push(
          ctx.fail(`The issuer ${JSON.stringify(issuer)} is not an absolute https URL.`, prm.exchanges, {
            location,
            key: 'invalid',
          }),
        );
        continue;
      }
      let ok = true;
      if (u.protocol === 'http:') {
        ok = false;
        const loopback = isLoopbackHostname(u.hostname);
        verdicts.push(
          ctx.fail(`The issuer ${issuer} uses http${loopback ? ' (loopback host)' : ''}.`, prm.exchanges, {
            location,
            key: 'http',
            severity: loopback ? 'medium' : 'high',
          }),
        );
      }
      // Raw text, not URL fields: an empty `?` or `#` is still a query or fragment component.
      if (issuer.includes('?')) {
        ok = false;
        verdicts.push(
          ctx.fail(`The issuer ${issuer} has a query component.`, prm.exchanges, {
            location,
            key: 'query',
          }),
        );
      }
      if (issuer.includes('#')) {
        ok = false;
        verdicts.push(
          ctx.fail(`The issuer ${issuer} has a fragment component.`, prm.exchanges, {
            location,
            key: 'fragment',
          }),
        );
      }
      if (ok)
        verdicts.push(
          ctx.pass(`The issuer ${issuer} is an https URL without query or fragment.`, prm.exchanges, {
            location,
          }),
        );
    }
    return verdicts;
  },
});
