import { mcp } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { metadataJson, prmDocument } from './as-common.js';
import { asLocation } from '../shared/locations.js';

/** Paths whose absence means no default endpoint (catalogue: "exists" = anything but 404/410). */
const GONE = new Set([404, 410]);
const REQUIRED_DEFAULTS = ['/authorize', '/token'];

export default defineCheck({
  meta: {
    id: 'MCPP-ASM13',
    title: '2025-03-26 metadata or default endpoints',
    requirement:
      'With the 2025-03-26 model (no protected-resource metadata), the MCP origin serves RFC 8414 metadata at `/.well-known/oauth-authorization-server` (SHOULD); otherwise `/authorize`, `/token` and `/register` exist at the origin (MUST).',
    keyword: 'MUST',
    revisions: ['2025-03-26'],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['auth', 'endpoint', 'oauth'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      'defaults-only': 'no origin metadata, but /authorize and /token exist (low)',
      none: 'no origin metadata and /authorize or /token missing (high)',
    },
    severity: 'high',
    citations: [
      mcp('2025-03-26', 'basic/authorization', 'Server Metadata Discovery'),
      mcp('2025-03-26', 'basic/authorization', 'Authorization Base URL'),
      mcp('2025-03-26', 'basic/authorization', 'Fallbacks for Servers without Metadata Discovery'),
    ],
    rationale:
      '2025-03-26 clients find the authorization server only at the MCP origin: the metadata document, or failing that the fixed default paths. With neither, a 2025-03-26 client cannot authorize at all; with defaults only, it must guess capabilities such as PKCE support.',
    remediation:
      'Serve RFC 8414 metadata at `<origin>/.well-known/oauth-authorization-server` (the MCP URL’s path is discarded), or better, publish protected-resource metadata (2025-06-18 and later) pointing at the authorization server.',
    evidence:
      '`p.as0326`: GET `<origin>/.well-known/oauth-authorization-server`; when absent, GET `/authorize`, `/token`, `/register` at the origin without parameters.',
    traps:
      '“Exists” = any status other than 404/410 (405 or 400 on GET `/token` counts); SDK “AS mirror” metadata at the origin satisfies this and is judged by MCPP-ASM02 with issuer = origin.',
    notes:
      'Keyword: the metadata is a SHOULD, the default endpoints without it a MUST; the meta names the MUST. Keys: `defaults-only` (low: no metadata, `/authorize` and `/token` exist; a missing `/register` is named in the message since DCR was only a SHOULD) and `none` (high: no metadata and `/authorize` or `/token` missing). Metadata counts when a 2xx answer carries a JSON object. not_applicable (`feature_absent`) when a PRM was found (the 2025-06-18 model is in use and `p.as0326` is not sent); 2025-03-26 ∉ K ∪ U is the engine’s `revision`.',
  },
  evaluate(ev, ctx) {
    const d = ev.oauth;
    const location = asLocation(ev.endpoint.origin);
    if (prmDocument(d)) {
      return ctx.notApplicable(
        'feature_absent',
        'Protected-resource metadata was found: the server uses the 2025-06-18 model, not the 2025-03-26 origin AS.',
        { location },
      );
    }
    const base = d.legacyBase;
    if (!base) {
      return ctx.inconclusive('probe_unavailable', 'The 2025-03-26 origin metadata was not fetched.', [], {
        location,
      });
    }
    if (base.metadata.kind !== 'ok') {
      return ctx.fromProbe(base.metadata, 'The 2025-03-26 origin metadata fetch', { location });
    }
    const meta = base.metadata.value;
    if (metadataJson(meta)) {
      return ctx.pass(`The MCP origin serves RFC 8414 metadata at ${meta.url}.`, base.metadata.exchanges, {
        location,
      });
    }
    if (base.defaults.length === 0) {
      return ctx.inconclusive(
        'probe_unavailable',
        `No metadata at ${meta.url} (${meta.status}) and the default endpoints were not fetched.`,
        [meta.exchange],
        { location },
      );
    }
    const evidence = [meta.exchange];
    const missing: string[] = [];
    for (const { path, probe } of base.defaults) {
      if (probe.kind !== 'ok') return ctx.fromProbe(probe, `The default endpoint ${path}`, { location });
      evidence.push(probe.value.exchange);
      if (GONE.has(probe.value.status)) missing.push(path);
    }
    return judgeDefaults(ctx, location, meta.url, meta.status, missing, evidence);
  },
});

function judgeDefaults(
  ctx: CheckContext,
  location: string,
  url: string,
  status: number,
  missing: readonly string[],
  evidence: Verdict['evidence'],
): Verdict {
  const required = REQUIRED_DEFAULTS.filter((p) => missing.includes(p));
  if (required.length > 0) {
    return ctx.fail(
      `No metadata at ${url} (${status}) and the default endpoint(s) ${required.join(', ')} do not exist; 2025-03-26 clients cannot find the authorization server.`,
      evidence,
      { location, key: 'none', severity: 'high' },
    );
  }
  const register = missing.includes('/register')
    ? ' (`/register` is missing too, so clients cannot register dynamically)'
    : '';
  return ctx.fail(
    `No metadata at ${url} (${status}); only the default endpoints exist${register}, so 2025-03-26 clients must assume the defaults.`,
    evidence,
    { location, key: 'defaults-only', severity: 'low' },
  );
}
