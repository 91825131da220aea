import type { Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId, Probe, HttpReply } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { asHttpProbe } from '../shared/replies.js';

type Key = 'same-origin-307' | 'same-origin-method-change' | 'cross-origin';

const SEVERITY: Record<Key, Severity> = {
  'same-origin-307': 'info',
  'same-origin-method-change': 'low',
  'cross-origin': 'low',
};

interface Hop {
  readonly status: number;
  readonly location: string | null;
  readonly exchange: ExchangeId | null;
  readonly probe: string;
}

function originOf(location: string, base: string): string | null {
  try {
    return new URL(location, base).origin;
  } catch {
    return null;
  }
}

export default defineCheck({
  meta: {
    id: 'MCPP-TRN11',
    title: 'Endpoint answers without redirection',
    requirement:
      'The configured MCP URL answers POST directly; a redirect, if any, is a same-origin 307/308.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['target', 'detection', 'endpoint'],
    rating: { scope: 'protocol' },
    classIndependent: true,
    keys: {
      'same-origin-307': 'a same-origin 307/308 redirect (info)',
      'same-origin-method-change':
        'a same-origin 301/302/303 (or other 3xx, or one without a usable Location) that loses the POST (low)',
      'cross-origin': 'a redirect to another origin; the target is classed redirected (low)',
    },
    severity: 'low',
    citations: [rfc(9110, '15.4'), mcp('2026-07-28', 'basic/transports/streamable-http', 'Sending Messages')],
    rationale:
      '301/302/303 turn the POST into a GET, so the JSON-RPC body is lost; cross-origin redirects make clients either fail or send MCP traffic (and possibly credentials) to another origin; even a harmless 307/308 adds a round trip and can confuse resource identifiers in authorization.',
    remediation:
      'Configure clients with the final URL (including any trailing slash), or make the server answer at the configured URL. If a redirect must stay, use 308 (or 307) to the same origin.',
    evidence:
      'Status and `Location` of `p.discover` and every `p.init(v)`, and the redirect recorded by the detection ladder.',
    traps:
      'Trailing-slash redirects (`/mcp` → `/mcp/`) are common and harmless as 308 (info); PRM03 then compares `resource` with the final URL; credentials are never forwarded across origins. An http URL redirecting to https on the same host is cross-origin (the scheme differs): scan the https URL.',
    notes:
      'Severities per the catalogue row: info for same-origin 307/308, low for same-origin 301/302/303 (and any other 3xx), low for cross-origin (the target is then classed `redirected` and not followed). A 3xx without a usable `Location` is reported under `same-origin-method-change` (the client cannot continue the POST).',
  },
  evaluate(ev, ctx) {
    const d = ev.detection;
    const redirect = ev.endpoint.redirect;
    // A reply that did not come over HTTP has no status to judge: it is left out.
    const probes: [string, Probe<HttpReply>][] = [
      ['p.discover', d.discover] as const,
      ...d.inits.map((a) => [`p.init(${a.requested})`, a.probe] as const),
    ].flatMap(([label, p]): [string, Probe<HttpReply>][] => {
      const http = asHttpProbe(p);
      return http ? [[label, http]] : [];
    });
    const hops: Hop[] = [];
    for (const [probe, p] of probes) {
      if (p.kind === 'ok' && p.value.status >= 300 && p.value.status < 400) {
        hops.push({ status: p.value.status, location: p.value.location, exchange: p.value.exchange, probe });
      }
    }
    if (redirect && !hops.some((h) => h.status === redirect.status && h.location === redirect.location)) {
      hops.push({
        status: redirect.status,
        location: redirect.location,
        exchange: null,
        probe: 'detection',
      });
    }

    if (hops.length === 0) {
      const answered = probes.find(([, p]) => p.kind === 'ok');
      if (answered && answered[1].kind === 'ok') {
        return ctx.pass(
          `${ev.target.url} answered POST directly (${answered[0]}: ${answered[1].value.status}).`,
          [answered[1].value.exchange],
        );
      }
      const failed = probes.find(([, p]) => p.kind !== 'ok');
      return failed && failed[1].kind !== 'ok'
        ? ctx.fromProbe(failed[1], `${failed[0]}`)
        : ctx.inconclusive('fetch_failed', 'No POST probe reached the endpoint.');
    }

    const groups = new Map<Key, Hop[]>();
    for (const h of hops) {
      const target = h.location ? originOf(h.location, ev.target.url) : null;
      const sameOrigin =
        target === null
          ? true
          : h.probe === 'detection' && redirect
            ? redirect.sameOrigin
            : target === ev.endpoint.origin;
      const key: Key = !sameOrigin
        ? 'cross-origin'
        : h.location && target && (h.status === 307 || h.status === 308)
          ? 'same-origin-307'
          : 'same-origin-method-change';
      groups.set(key, [...(groups.get(key) ?? []), h]);
    }

    const verdicts: Verdict[] = [];
    for (const [key, list] of groups) {
      const first = list[0]!;
      const exchanges = [...new Set(list.flatMap((h) => (h.exchange ? [h.exchange] : [])))];
      const to = first.location ? `to ${first.location}` : 'without a usable Location';
      const message =
        key === 'cross-origin'
          ? `${ev.target.url} redirects (${first.status}) ${to}, another origin: clients must not follow with MCP traffic or credentials; the target is classed redirected and was not followed — scan the final URL.`
          : key === 'same-origin-method-change'
            ? `${ev.target.url} answers POST with ${first.status} ${to}: a 301/302/303 turns the POST into a GET and drops the JSON-RPC body.`
            : `${ev.target.url} answers POST with a same-origin ${first.status} ${to}; configure clients with the final URL.`;
      verdicts.push(ctx.fail(message, exchanges, { key, severity: SEVERITY[key] }));
    }
    return verdicts;
  },
});
