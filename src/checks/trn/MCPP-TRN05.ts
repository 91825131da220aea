import type { Given, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { HttpExchange } from '../../evidence/types.js';
import { rfc } from '../../spec/citations.js';

const ONE_YEAR_S = 31_536_000;

interface Hsts {
  /** max-age in seconds, or null when the header is invalid (RFC 6797 §6.1: ignored). */
  readonly maxAge: number | null;
  readonly raw: string;
}

export default defineCheck({
  meta: {
    id: 'MCPP-TRN05',
    title: 'HSTS enabled',
    requirement:
      'HTTPS responses of each origin carry `Strict-Transport-Security` with `max-age` ≥ 31536000.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'as'],
    mode: 'passive',
    requires: ['target', 'exchanges', 'endpoint', 'tls'],
    rating: { scope: 'protocol', requiredForAPlus: 'HSTS' },
    chain: { hop: 'endpoint' },
    classIndependent: true,
    keys: {
      absent:
        "no valid Strict-Transport-Security on the origin's HTTPS responses (missing, invalid or max-age=0)",
      short: 'HSTS max-age is under one year (info)',
    },
    severity: 'low',
    citations: [rfc(6797, '6.1'), rfc(9325, '3.2')],
    rationale:
      'HSTS makes browsers and HSTS-aware clients refuse cleartext and certificate-error fallbacks for the host, closing the window a first cleartext request or an SSL-stripping attacker would use. It is defence in depth: most non-browser MCP clients ignore it.',
    remediation:
      'Send `Strict-Transport-Security: max-age=31536000` (one year or more; add `includeSubDomains` when every subdomain serves https) on every HTTPS response of the MCP endpoint, the PRM host and the authorization server.',
    evidence:
      'The `Strict-Transport-Security` header (first field value, as browsers read it) of every recorded HTTPS response, grouped by origin.',
    traps:
      'Non-browser MCP clients ignore HSTS (defence in depth only); `includeSubDomains`/`preload` not required.',
    notes:
      'One result per origin (`origin:<origin>`). Keys: `absent` (low; also an invalid header or `max-age=0`, which browsers treat as no HSTS — the catalogue names no key for this case) and `short` (info). Loopback origins are not_applicable (`target_scope`); an HTTPS origin with no recorded response is inconclusive (`fetch_failed`). http targets without HTTPS origins are not_applicable (`feature_absent`).',
  },
  evaluate(ev, ctx) {
    const byOrigin = new Map<string, HttpExchange[]>();
    const add = (origin: string | null) => {
      if (origin && origin.startsWith('https:') && !byOrigin.has(origin)) byOrigin.set(origin, []);
    };
    if (ev.endpoint.scheme === 'https') add(originOf(ev.endpoint.origin));
    for (const obs of ev.tls) add(originOf(obs.origin));
    for (const x of ev.exchanges) {
      const origin = originOf(x.request.url);
      if (!origin?.startsWith('https:')) continue;
      add(origin);
      byOrigin.get(origin)!.push(x);
    }
    if (byOrigin.size === 0) {
      return ctx.notApplicable('feature_absent', 'No HTTPS origin in the chain; the target is plain http.');
    }

    const verdicts: Verdict[] = [];
    for (const [origin, exchanges] of byOrigin) {
      const location = `origin:${origin}`;
      if (isLoopback(ev, origin)) {
        verdicts.push(
          ctx.notApplicable('target_scope', `${origin} is a loopback origin; HSTS does not apply.`, {
            location,
          }),
        );
        continue;
      }
      const answered = exchanges.filter((x) => x.response);
      if (answered.length === 0) {
        verdicts.push(
          ctx.inconclusive(
            'fetch_failed',
            `No HTTPS response was recorded for ${origin}.`,
            exchanges.slice(0, 3).map((x) => x.id),
            { location },
          ),
        );
        continue;
      }
      let best: { x: HttpExchange; hsts: Hsts } | null = null;
      let invalid: { x: HttpExchange; hsts: Hsts } | null = null;
      for (const x of answered) {
        const value = x.response!.headers['strict-transport-security']?.[0];
        if (value === undefined) continue;
        const hsts = parseHsts(value);
        if (hsts.maxAge === null) invalid ??= { x, hsts };
        else if (!best || hsts.maxAge > best.hsts.maxAge!) best = { x, hsts };
      }
      const n = answered.length;
      const responses = `${n} HTTPS response${n === 1 ? '' : 's'}`;
      if (best && best.hsts.maxAge! >= ONE_YEAR_S) {
        verdicts.push(ctx.pass(`${origin} sends HSTS: ${best.hsts.raw}.`, [best.x.id], { location }));
      } else if (best && best.hsts.maxAge! > 0) {
        verdicts.push(
          ctx.fail(
            `${origin} sends HSTS with max-age=${best.hsts.maxAge} (under one year, ${ONE_YEAR_S}): ${best.hsts.raw}.`,
            [best.x.id],
            { location, key: 'short', severity: 'info' },
          ),
        );
      } else {
        const seen = best ?? invalid;
        const message = !seen
          ? `None of the ${responses} of ${origin} carries Strict-Transport-Security.`
          : seen.hsts.maxAge === 0
            ? `${origin} sends Strict-Transport-Security with max-age=0, which disables HSTS: ${seen.hsts.raw}.`
            : `${origin} sends an invalid Strict-Transport-Security header, which clients ignore: ${seen.hsts.raw}.`;
        verdicts.push(ctx.fail(message, seen ? [seen.x.id] : [answered[0]!.id], { location, key: 'absent' }));
      }
    }
    return verdicts;
  },
});

/** RFC 6797 §6.1: directives separated by `;`, names case-insensitive, each at most once, max-age required. */
function parseHsts(raw: string): Hsts {
  const seen = new Set<string>();
  let maxAge: number | null = null;
  for (const part of raw.split(';')) {
    const directive = part.trim();
    if (!directive) continue;
    const eq = directive.indexOf('=');
    const name = (eq < 0 ? directive : directive.slice(0, eq)).trim().toLowerCase();
    if (seen.has(name)) return { maxAge: null, raw };
    seen.add(name);
    if (name === 'max-age') {
      const value =
        eq < 0
          ? ''
          : directive
              .slice(eq + 1)
              .trim()
              .replace(/^"(.*)"$/, '$1');
      if (!/^\d+$/.test(value)) return { maxAge: null, raw };
      maxAge = Number(value);
    }
  }
  return { maxAge, raw };
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function isLoopback(ev: Given<readonly ['target', 'endpoint']>, origin: string): boolean {
  if (origin === originOf(ev.endpoint.origin) && ev.target.scope === 'loopback') return true;
  const host = new URL(origin).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    /^::ffff:(127\.|7f)/.test(host)
  );
}
