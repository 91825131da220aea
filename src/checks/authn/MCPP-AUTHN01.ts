import type { Given, Severity } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId, ListingEvidence, Probe, HttpReply } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { responseHeader, sentCredentials } from '../shared/exchanges.js';
import { isObject } from './discovery.js';

const KINDS = [
  { field: 'tools', method: 'tools/list', label: 'tool' },
  { field: 'prompts', method: 'prompts/list', label: 'prompt' },
  { field: 'resources', method: 'resources/list', label: 'resource' },
  { field: 'resourceTemplates', method: 'resources/templates/list', label: 'resource template' },
] as const;

// Verbs that change state; matched against whole words of a tool name (snake, kebab, dotted, camelCase).
const STATE_CHANGING = new Set([
  'add',
  'append',
  'apply',
  'approve',
  'archive',
  'assign',
  'ban',
  'buy',
  'cancel',
  'charge',
  'chmod',
  'chown',
  'clear',
  'commit',
  'create',
  'delete',
  'deploy',
  'destroy',
  'disable',
  'drop',
  'edit',
  'enable',
  'erase',
  'exec',
  'execute',
  'flush',
  'grant',
  'insert',
  'install',
  'invoke',
  'kill',
  'merge',
  'modify',
  'move',
  'overwrite',
  'patch',
  'pay',
  'publish',
  'purge',
  'push',
  'put',
  'remove',
  'rename',
  'replace',
  'reset',
  'restart',
  'revoke',
  'rm',
  'run',
  'send',
  'set',
  'shell',
  'shutdown',
  'spawn',
  'start',
  'stop',
  'submit',
  'terminate',
  'transfer',
  'truncate',
  'uninstall',
  'update',
  'upload',
  'wipe',
  'write',
]);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** A state-changing tool per the catalogue row: a write verb in its name, or annotations that do not rule it out. */
function isStateChanging(tool: unknown): boolean {
  if (!isObject(tool)) return false;
  const name = typeof tool['name'] === 'string' ? tool['name'] : '';
  if (words(name).some((w) => STATE_CHANGING.has(w))) return true;
  const a = isObject(tool['annotations']) ? tool['annotations'] : {};
  // Spec defaults: readOnlyHint false, destructiveHint true.
  return a['readOnlyHint'] !== true && (a['destructiveHint'] === true || a['destructiveHint'] === undefined);
}

function itemName(item: unknown): string {
  if (!isObject(item)) return '(unnamed)';
  for (const k of ['name', 'uri', 'uriTemplate', 'title']) {
    const v = item[k];
    if (typeof v === 'string' && v) return v.length > 60 ? `${v.slice(0, 57)}...` : v;
  }
  return '(unnamed)';
}

const is2xx = (s: number) => s >= 200 && s < 300;

/** The foreign Origin the safe probes send. */
const PROBE_HOST = 'evil.example';

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** Stand-ins for ACT01/TRN12 failing on a local target: a foreign Origin served, or CORS granted to it. */
function locallyDriveable(ev: Given<readonly ['target', 'exchanges', 'origin?']>): boolean {
  if (ev.target.scope === 'public' || ev.target.scope === 'unknown' || !ev.origin) return false;
  const foreign = ev.origin.foreign;
  if (foreign.kind === 'ok' && is2xx(foreign.value.status) && foreign.value.response?.error === undefined)
    return true;
  for (const p of [ev.origin.preflight, ev.origin.foreign, ev.origin.nullOrigin]) {
    if (p.kind !== 'ok') continue;
    const acao = responseHeader(ev, p.value.exchange, 'access-control-allow-origin')[0]?.trim();
    if (acao === '*' || acao === 'null' || (acao !== undefined && hostOf(acao) === PROBE_HOST)) return true;
  }
  return false;
}

interface Listed {
  readonly label: string;
  readonly items: readonly unknown[];
  readonly exchanges: readonly ExchangeId[];
}

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN01',
    title: 'MCP surface requires authorization',
    requirement: 'Tools, prompts and resources are not listed to unauthenticated callers.',
    keyword: 'SHOULD',
    revisions: revisionRange(),
    transports: ['streamable-http', 'http+sse'],
    mode: 'passive',
    requires: ['target', 'detection', 'auth', 'exchanges', 'inventory?', 'oauth?', 'origin?'],
    rating: { scope: 'protocol' },
    chain: { hop: 'challenge' },
    keys: {},
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Security Warning'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Security & Endpoint'),
      mcp('2026-07-28', 'basic/security_best_practices', 'Local MCP Server Compromise'),
      mcp('2024-11-05', 'basic/transports', 'Security Warning'),
    ],
    rationale:
      'An MCP server that lists its tools, prompts and resources to anyone who asks is usually callable by anyone too: its capabilities, and whatever data or actions stand behind them, are exposed to every client that can reach it — including web pages driving a local server.',
    remediation:
      'Require authorization on every MCP request (the MCP authorization flow with a Bearer token, or another authentication mechanism) and answer unauthenticated requests with 401. If the server is public by design, suppress this finding with a justification.',
    evidence:
      'Unauthenticated `p.list` (tools, prompts, resources, resource templates; the HTTP+SSE listing included) and, when recorded, the unauthenticated list methods of `s.methods.noauth`; the Origin probes for the local-exposure severity.',
    traps:
      'Intentionally public servers (documentation search) fail by design — suppress with justification; optional-auth servers (anonymous served, bad tokens 401, PRM published) fail here and are evaluated elsewhere as using authorization.',
    notes:
      'Listings sent with the user token (token mode) are not evidence of exposure and are skipped; then only `s.methods.noauth` counts. Severity is high when a listed tool is state-changing (a write verb as a whole word of its name, or `readOnlyHint` not true while `destructiveHint` is true or absent — the spec defaults, so un-annotated tools count) or when a loopback/private target also serves a foreign Origin or grants it CORS (read here from the Origin probes, standing in for ACT01/TRN12, whose results a check cannot see). Evaluated per revision with the same verdict for each.',
  },
  evaluate(ev, ctx) {
    const listed: Listed[] = [];
    const served: ExchangeId[] = [];
    const refused: ExchangeId[] = [];
    const undecided: Probe<ListingEvidence>[] = [];

    const judgeReplies = (label: string, items: readonly unknown[], replies: readonly HttpReply[]) => {
      // A listing sent with a token proves nothing about anonymous access.
      if (replies.length === 0 || replies.some((r) => sentCredentials(ev, r.exchange))) return;
      const ids = replies.map((r) => r.exchange);
      if (replies.some((r) => r.status === 401 || r.status === 403)) refused.push(...ids);
      else if (items.length > 0) listed.push({ label, items, exchanges: ids });
      else if (replies.some((r) => is2xx(r.status) && r.response?.result !== undefined)) served.push(...ids);
    };

    if (ev.inventory) {
      for (const k of KINDS) {
        const p = ev.inventory[k.field];
        // Only HTTP replies have a status that says whether the listing was refused.
        if (p.kind === 'ok') judgeReplies(k.label, p.value.items, p.value.replies.filter(isHttpReply));
        else if (p.kind === 'failed' || p.reason !== 'dependency_failed') undecided.push(p);
      }
    }
    for (const m of ev.oauth?.methodsNoAuth ?? []) {
      const k = KINDS.find((x) => x.method === m.method);
      if (!k || m.probe.kind !== 'ok' || listed.some((l) => l.label === k.label)) continue;
      const result = m.probe.value.response?.result;
      const items = isObject(result) && Array.isArray(result[k.field]) ? (result[k.field] as unknown[]) : [];
      judgeReplies(k.label, items, [m.probe.value]);
    }

    if (listed.length > 0) {
      const tools = listed.find((l) => l.label === 'tool')?.items ?? [];
      const risky = tools.filter(isStateChanging);
      const local = locallyDriveable(ev);
      const severity: Severity = risky.length > 0 || local ? 'high' : 'medium';
      const total = listed.reduce((n, l) => n + l.items.length, 0);
      const names = listed
        .flatMap((l) => l.items.map((i) => `${l.label} ${itemName(i)}`))
        .slice(0, 5)
        .join(', ');
      const why =
        risky.length > 0
          ? ` State-changing tools among them: ${risky.slice(0, 5).map(itemName).join(', ')}.`
          : local
            ? ' The local server also answers foreign web origins.'
            : '';
      // Optional authorization (docs/model/authorization.md#optional-authorization) fails here too; say which case it is.
      const mode = ev.auth.inUse
        ? ' Authorization is offered but not required (optional authorization).'
        : ' No authorization signal was observed: the target is flagged no_auth.';
      return ctx.fail(
        `${total} item(s) were listed without authorization: ${names}${total > 5 ? ', ...' : ''}.${why}${mode}`,
        listed.flatMap((l) => l.exchanges).slice(0, 8),
        { severity },
      );
    }
    if (served.length > 0) {
      return ctx.pass('The list methods answered without authorization, but every list was empty.', served);
    }
    if (refused.length > 0) {
      return ctx.pass('The list methods were refused without authorization (401/403).', refused.slice(0, 8));
    }
    if (ev.detection.authWall) {
      const wall = ev.detection.discover.kind === 'ok' ? [ev.detection.discover.value.exchange] : [];
      return ctx.pass('Every MCP request was answered 401/403 without authorization.', wall);
    }
    const first = undecided[0];
    if (first && first.kind !== 'ok') return ctx.fromProbe(first, 'The unauthenticated listing');
    return ctx.inconclusive(
      'fetch_failed',
      'No unauthenticated listing was recorded (no session could be established).',
    );
  },
});
