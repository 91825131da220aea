import type { Given, Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { canonicalUrl, sameUrl } from '../../evidence/parse/url.js';
import { mcp, rfc } from '../../spec/citations.js';
import type { FoundPrm } from '../authn/discovery.js';
import { advertisedPrmUrls, foundPrms, rfcNote } from '../authn/discovery.js';
import { prmLocation } from '../shared/locations.js';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

interface Parts {
  readonly scheme: string;
  readonly authority: string;
  readonly rest: string;
}

function split(u: string): Parts | null {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/s.exec(u);
  return m ? { scheme: m[1]!, authority: m[2]!, rest: m[3]! } : null;
}

/** RFC 9728 §3.3 + §6: code-point comparison, with scheme and host compared case-insensitively. */
function identical(a: string, b: string): boolean {
  const pa = split(a);
  const pb = split(b);
  if (!pa || !pb) return a === b;
  // `https://h` and `https://h/` are the same URL (an empty http path is `/`).
  const rest = (p: Parts) => (p.rest === '' ? '/' : p.rest);
  return (
    pa.scheme.toLowerCase() === pb.scheme.toLowerCase() &&
    pa.authority.toLowerCase() === pb.authority.toLowerCase() &&
    rest(pa) === rest(pb)
  );
}

function parse(u: string): URL | null {
  try {
    return new URL(u);
  } catch {
    return null;
  }
}

const withoutSlash = (u: string) => (u.endsWith('/') ? u.slice(0, -1) : u);

interface Rule {
  /** Why these values: which paragraph of §3.3 applies. */
  readonly why: string;
  readonly accepted: readonly string[];
  /** The value a mismatch is described against. */
  readonly primary: string;
}

/** The URLs a client of this endpoint requests: the configured URL and, after a same-origin redirect, the final one. */
type Read = Given<readonly ['target', 'endpoint']>;

function endpoints(ev: Read): string[] {
  const out = [ev.target.url];
  const r = ev.endpoint.redirect;
  if (r?.sameOrigin) {
    const final = canonicalUrl(r.location, ev.target.url);
    if (final && !out.includes(final)) out.push(final);
  }
  return out;
}

function rulesFor(ev: Read, variants: readonly FoundPrm[], advertised: boolean): Rule[] {
  const eps = endpoints(ev);
  const rules: Rule[] = [];
  const url = variants[0]!.candidate.url;
  if (advertised || variants.some((v) => v.candidate.source === 'challenge')) {
    rules.push({
      why: 'reached through the challenge (¶2: the URL the client requested)',
      accepted: eps,
      primary: eps[0]!,
    });
  }
  const u = parse(url);
  if (variants.some((v) => v.candidate.source === 'path-inserted') && u?.pathname.startsWith(WELL_KNOWN)) {
    const derived = `${u.protocol}//${u.host}${u.pathname.slice(WELL_KNOWN.length)}${u.search}`;
    // The client drops a terminating slash before inserting; the endpoint with that slash identifies it too.
    const accepted = [derived, ...eps.filter((e) => withoutSlash(e) === withoutSlash(derived))];
    rules.push({
      why: 'at the path-inserted URL (¶1: the URL the suffix was inserted into)',
      accepted,
      primary: derived,
    });
  }
  if (variants.some((v) => v.candidate.source === 'root') && u) {
    rules.push({
      why: 'at the root URL (¶1: the origin; MCP also sanctions the endpoint URL there)',
      accepted: [u.origin, ...eps],
      primary: eps[0]!,
    });
  }
  // An unrecognised candidate shape: hold it to the strictest reading, the requested URL.
  if (rules.length === 0)
    rules.push({ why: 'as the resource of the endpoint', accepted: eps, primary: eps[0]! });
  return rules;
}

function classify(resource: unknown, primary: string): { key: string; severity: Severity; why: string } {
  if (typeof resource !== 'string' || resource === '') {
    return { key: 'missing', severity: 'high', why: 'resource is missing or not a string' };
  }
  const r = parse(resource);
  const e = parse(primary);
  if (!r || !e) return { key: 'host', severity: 'high', why: 'resource is not an absolute URL' };
  if (r.origin !== e.origin)
    return { key: 'host', severity: 'high', why: `resource names another origin (${r.origin})` };
  const rp = r.pathname + r.search;
  const ep = e.pathname + e.search;
  if (rp === ep) {
    return {
      key: 'other-path',
      severity: 'high',
      why: 'resource is spelled differently (code points differ)',
    };
  }
  if (`${rp}/` === ep || `${ep}/` === rp) {
    return { key: 'slash', severity: 'medium', why: 'resource differs only by a trailing slash' };
  }
  if (ep.startsWith(rp.endsWith('/') ? rp : `${rp}/`)) {
    return { key: 'parent', severity: 'medium', why: 'resource is a parent path of the endpoint' };
  }
  return { key: 'other-path', severity: 'high', why: 'resource names another path' };
}

export default defineCheck({
  meta: {
    id: 'MCPP-PRM03',
    title: 'PRM `resource` identifies this endpoint',
    requirement:
      '`resource` is present and identical to the identifier RFC 9728 §3.3 requires for the discovery path: via the challenge, the URL the client requested (¶2); at the path-inserted URL, the URL the suffix was inserted into (¶1); for the root document, the origin (¶1) or — because MCP sanctions the root location for a path endpoint — the endpoint URL.',
    keyword: 'MUST',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['target', 'detection', 'endpoint', 'oauth'],
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'resource-metadata' },
    keys: {
      missing: 'resource is missing or not a string (high)',
      host: 'resource names another origin, or is not an absolute URL (high)',
      'other-path': 'resource names another path, or is spelled differently (high)',
      slash: 'resource differs from the endpoint only by a trailing slash (medium)',
      parent: 'resource is a parent path of the endpoint (medium)',
    },
    severity: 'high',
    citations: [
      rfc(9728, '3.3'),
      rfc(9728, '3.1'),
      rfc(8707, '2'),
      mcp('2025-11-25', 'basic/authorization', 'Protected Resource Metadata Discovery Requirements'),
      mcp('2026-07-28', 'basic/authorization', 'Canonical Server URI'),
    ],
    rationale:
      'RFC 9728 clients MUST NOT use metadata whose `resource` differs from the identifier they expect, and the value is what they send as the RFC 8707 `resource` parameter, so it becomes the audience of their tokens. A wrong value breaks strict clients and can bind tokens to another resource.',
    remediation:
      'Set `resource` to the exact URL of the MCP endpoint (scheme, host, port and path as clients are configured with it, e.g. `<origin>/mcp`; no trailing slash unless the endpoint has one). A root document for a path endpoint may carry the endpoint URL or the origin.',
    evidence:
      '`resource` of each found PRM variant, compared by code points (scheme and host case-insensitively) with the value RFC 9728 §3.3 requires for the way that variant was reached.',
    traps:
      'Parent-path identifiers (`<origin>/api` for an endpoint at `<origin>/api/mcp`) are accepted by prefix-matching clients but rejected by strict RFC 9728 clients (medium); after a same-origin redirect of the endpoint (TRN11) compare with the final URL and say so; uppercase scheme or host pass with a note.',
    notes:
      'Per-source rule: a variant whose URL the challenge advertises must satisfy ¶2 (the requested URL) in addition to the rule of its well-known location, because a client arriving through the challenge applies ¶2 whatever the URL looks like; variants with the same URL are judged once with all applicable rules. At the path-inserted URL the endpoint URL with its terminating slash is accepted too (the client strips that slash before inserting). After a same-origin redirect both the configured and the final URL are accepted. Keys: `missing`, `host` (another origin, or not an absolute URL), `other-path` (high), `slash`, `parent` (medium). Evaluated whenever PRM is published (revisions `any`).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const found = foundPrms(oauth);
    if (found.length === 0) return ctx.notApplicable('feature_absent', 'No PRM document was found.');
    const advertised = advertisedPrmUrls(oauth);
    const groups: FoundPrm[][] = [];
    for (const f of found) {
      const g = groups.find((x) => sameUrl(x[0]!.candidate.url, f.candidate.url));
      if (g) g.push(f);
      else groups.push([f]);
    }
    const note = rfcNote(ev);
    const redirected =
      endpoints(ev).length > 1 ? ' (the endpoint redirects; its final URL is accepted too)' : '';
    const verdicts: Verdict[] = [];
    for (const g of groups) {
      const f = g[0]!;
      const location = prmLocation(f.candidate.url);
      const isAdvertised = advertised.some((a) => sameUrl(a.url, f.candidate.url));
      const rules = rulesFor(ev, g, isAdvertised);
      const resource = f.doc['resource'];
      const broken = rules.find(
        (r) => typeof resource !== 'string' || !r.accepted.some((a) => identical(resource, a)),
      );
      if (!broken) {
        const exact = typeof resource === 'string' && rules.every((r) => r.accepted.includes(resource));
        const caseNote = exact ? '' : ' (scheme or host differ only in case)';
        verdicts.push(
          ctx.pass(
            `resource ${JSON.stringify(resource)} identifies the endpoint for the PRM ${rules.map((r) => r.why).join(' and ')}${caseNote}${redirected}.${note}`,
            f.exchanges,
            { location },
          ),
        );
        continue;
      }
      const c = classify(resource, broken.primary);
      verdicts.push(
        ctx.fail(
          `The PRM ${broken.why} has resource ${JSON.stringify(resource)}, expected ${broken.accepted.map((a) => JSON.stringify(a)).join(' or ')}: ${c.why}${redirected}.${note}`,
          f.exchanges,
          { location, key: c.key, severity: c.severity },
        ),
      );
    }
    return verdicts;
  },
});
