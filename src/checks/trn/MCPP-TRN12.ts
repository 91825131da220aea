import type { CheckContext, Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId, HttpExchange, Probe, HttpReply } from '../../evidence/types.js';
import { FETCH_CORS, mcp } from '../../spec/citations.js';
import { exchangeIndex, listReplies, responseHeader } from './replies.js';

type Key = 'reflect-credentials' | 'local-open' | 'null' | 'public-wildcard';
type Grant = 'wildcard' | 'reflect' | 'null';

/** Whether a page's request from the probed origin is actually carried out. */
type Served = 'served' | 'refused-origin' | 'refused-auth' | 'unknown';

interface Finding {
  readonly key: Key;
  readonly severity: Severity;
  readonly exchange: ExchangeId;
  readonly detail: string;
}

const SEVERITY: Record<Key, Severity> = {
  'reflect-credentials': 'high',
  'local-open': 'high',
  null: 'medium',
  'public-wildcard': 'low',
};

/** The origin granted by a response, as a browser would read it (several values fail the CORS check). */
function grantOf(
  index: ReadonlyMap<ExchangeId, HttpExchange>,
  id: ExchangeId,
): { grant: Grant | null; credentials: boolean } {
  const acao = responseHeader(index, id, 'access-control-allow-origin');
  const credentials = responseHeader(index, id, 'access-control-allow-credentials').some(
    (v) => v.trim() === 'true',
  );
  if (acao.length !== 1 || acao[0]!.includes(',')) return { grant: null, credentials };
  const value = acao[0]!.trim();
  const sent = index.get(id)?.request.headers['origin'];
  if (value === '*') return { grant: 'wildcard', credentials };
  if (value === 'null') return { grant: 'null', credentials };
  if (sent !== undefined && sent !== 'null' && value === sent) return { grant: 'reflect', credentials };
  return { grant: null, credentials }; // a fixed allow-listed origin: not arbitrary sites
}

function servedOf(p: Probe<HttpReply>): Served {
  if (p.kind !== 'ok') return 'unknown';
  if (p.value.status === 403) return 'refused-origin';
  if (p.value.status === 401) return 'refused-auth';
  return 'served';
}

export default defineCheck({
  meta: {
    id: 'MCPP-TRN12',
    title: 'CORS does not open the endpoint to arbitrary sites',
    requirement:
      'The MCP endpoint does not grant arbitrary web origins cross-origin access that lets a web page drive it.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse'],
    mode: 'passive',
    requires: [
      'target',
      'settings',
      'auth',
      'origin',
      'detection',
      'exchanges',
      'endpoint?',
      'sessions?',
      'sse?',
      'inventory?',
      'modern?',
      'plain',
    ],
    rating: { scope: 'protocol' },
    keys: {
      'reflect-credentials':
        'a reflected or null origin is granted with Access-Control-Allow-Credentials: true (high)',
      'local-open':
        '*, a reflected or a null origin is granted on an unauthenticated loopback, private or link-local target (high)',
      null: 'the null origin is granted on a public target (medium)',
      'public-wildcard':
        '* or a credential-less reflected origin is granted on an unauthenticated public endpoint (low)',
    },
    severity: 'high',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Security Warning'),
      mcp('2025-11-25', 'basic/security_best_practices', 'Local MCP Server Compromise'),
      FETCH_CORS,
    ],
    rationale:
      'A CORS grant lets any web page the user visits send MCP requests and read the answers: on a local or unauthenticated server that means listing and calling tools from a drive-by page; with `Access-Control-Allow-Credentials` the page rides the user’s cookies.',
    remediation:
      'Do not answer foreign origins with `Access-Control-Allow-Origin` (reject them with 403, as the Origin MUST requires); if browser clients are intended, allow-list exact origins, never reflect the request `Origin`, never grant `null`, and never combine a grant with `Access-Control-Allow-Credentials: true`.',
    // The fix in the framework’s own terms, by fingerprint id (docs/fingerprints.md#framework-specific-fixes).
    fixes: {
      'fastmcp-ts': {
        fix: 'Set `httpStream.cors` in `server.start()` to the origins that need it (or `false`) instead of the permissive default.',
        source: 'fastmcp 4.20.16 dist/FastMCP.d.ts',
      },
      'mcp-framework': {
        fix: 'Set `cors: { allowOrigin: "<your app origin>" }` in the http-stream transport options; the default `allowOrigin` is `*`.',
        source: 'mcp-framework 0.2.22 dist/transports/sse/types.d.ts (CORSConfig)',
      },
    },
    evidence:
      '`Access-Control-Allow-Origin` / `-Credentials` of `s.preflight`, of the `s.origin` replies (foreign, `null`, look-alike `Origin`) and of every ordinary reply; the status of the `s.origin` replies tells whether the page’s request is carried out.',
    traps:
      'Bearer-only APIs with `*` are fine (a page cannot attach a token it does not have); allow-listing "any https origin" or substring matches (`localhost` anywhere in the host) is reflection and is caught by the foreign and look-alike probes; gateways may answer preflights differently from POSTs — both are judged.',
    notes:
      'Keys and severities per the catalogue row: `reflect-credentials` (high: reflected or `null` origin with `Allow-Credentials: true`), `local-open` (high: `*`, reflection or `null` on an unauthenticated loopback/private/link-local target), `null` (medium), `public-wildcard` (low: `*` or credential-less reflection on an unauthenticated public endpoint). Refinements: a grant on a request refused with 401 (bearer-only endpoint) is flagged only with credentials, and the preflight is judged by the answer to the foreign-origin POST; a grant on a request refused with 403 (Origin validation) is still flagged, as the row says — it is latent and opens the endpoint as soon as Origin validation is relaxed — and the message says so. A `null` grant on a local unauthenticated target is `local-open` (any page can send `Origin: null` from a sandboxed frame). `*` with `Allow-Credentials: true` is judged as `*` (browsers refuse that combination). Passive-only scans judge only grants visible on ordinary replies; without the safe probes a clean result is inconclusive.',
  },
  evaluate(ev, ctx) {
    const index = exchangeIndex(ev);
    const o = ev.origin;
    const local =
      ev.target.scope === 'loopback' || ev.target.scope === 'private' || ev.target.scope === 'link-local';
    // Without a token, a wall of 401s means anonymous pages get nothing; with one, AUTHN01 judges anonymous access.
    const bearerOnly = ev.auth.inUse && (ev.detection.authWall || ev.settings.tokenSupplied);
    const foreignServed = servedOf(o.foreign);

    const findings: Finding[] = [];
    const judge = (id: ExchangeId, label: string, served: Served) => {
      const { grant, credentials } = grantOf(index, id);
      if (!grant) return;
      const what =
        grant === 'wildcard' ? '`*`' : grant === 'null' ? '`null`' : 'the request origin (reflected)';
      let key: Key | null;
      if (credentials && grant !== 'wildcard') key = 'reflect-credentials';
      else if (served === 'refused-auth' || (served === 'unknown' && bearerOnly)) key = null;
      else if (local) key = 'local-open';
      else if (grant === 'null') key = 'null';
      else key = 'public-wildcard';
      if (key) {
        const creds = credentials ? ' with `Access-Control-Allow-Credentials: true`' : '';
        // Still a finding: the grant opens the endpoint the moment Origin validation is relaxed or bypassed.
        const latent =
          served === 'refused-origin' ? ' (requests from that origin are currently refused with 403)' : '';
        findings.push({
          key,
          severity: SEVERITY[key],
          exchange: id,
          detail: `${label} grants ${what}${creds}${latent}`,
        });
      }
    };

    const probes: [string, Probe<HttpReply>, Served][] = [
      ['s.preflight', o.preflight, foreignServed],
      ['s.origin.foreign', o.foreign, foreignServed],
      ['s.origin.null', o.nullOrigin, servedOf(o.nullOrigin)],
      ['s.origin.lookalike', o.lookalike, servedOf(o.lookalike)],
    ];
    const probed = new Set<ExchangeId>();
    for (const [label, p, served] of probes) {
      if (p.kind !== 'ok') continue;
      probed.add(p.value.exchange);
      judge(p.value.exchange, label, served);
    }
    // Ordinary replies: no Origin was sent, so only `*` and `null` grants are visible.
    let ordinary = 0;
    for (const r of listReplies(ev)) {
      if (probed.has(r.reply.exchange) || r.channel !== 'mcp') continue;
      ordinary++;
      judge(r.reply.exchange, r.label, foreignServed);
    }

    if (findings.length > 0) return grouped(ctx, findings);
    const safeProbes = [o.preflight, o.foreign, o.nullOrigin, o.lookalike];
    if (o.foreign.kind !== 'ok' && o.preflight.kind !== 'ok') {
      return ctx.fromProbe(o.foreign, 'The foreign-Origin probe (s.origin.foreign)');
    }
    const checked = safeProbes.filter((p) => p.kind === 'ok').length;
    return ctx.pass(
      `No foreign origin is granted access: ${checked} crafted-Origin probes and ${ordinary} ordinary replies carry no effective \`Access-Control-Allow-Origin\` grant${bearerOnly ? ' (or only on a bearer-only endpoint without credentials)' : ''}.`,
      [...probed],
    );
  },
});

function grouped(ctx: CheckContext, findings: readonly Finding[]): Verdict[] {
  const byKey = new Map<Key, Finding[]>();
  for (const f of findings) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f]);
  return [...byKey].map(([key, list]) => {
    const details = [...new Set(list.map((f) => f.detail))];
    const shown =
      details.slice(0, 3).join('; ') + (details.length > 3 ? `; and ${details.length - 3} more` : '');
    // The crafted probes come first; a few ordinary replies are enough to show a blanket header.
    const evidence = [...new Set(list.map((f) => f.exchange))].slice(0, 8);
    return ctx.fail(`${shown}.`, evidence, { key, severity: SEVERITY[key] });
  });
}
