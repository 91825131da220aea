import check from '../../../src/checks/mod/MCPP-MOD06.js';
import type { AuthDiscovery } from '../../../src/evidence/auth-types.js';
import type { Probe, HttpReply } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { complete, listing, modernEvidence } from '../../helpers/modern.js';
import { bareOAuth, TOKEN_PROBES_SKIPPED } from '../../helpers/oauth.js';
import { withCredentials } from '../../helpers/oauth-rs.js';

const ADMIN = { name: 'admin_reset', inputSchema: { type: 'object' } };
const ECHO = { name: 'echo', inputSchema: { type: 'object' } };
const OTHER = { name: 'other', inputSchema: { type: 'object' } };

type Ev = Parameters<NonNullable<Parameters<typeof modernEvidence>[0]>>[0];

interface Contexts {
  /** The user token's tools/list (first listing and the fresh one); cacheScope of its page. */
  readonly user?: { tools: unknown[]; scope?: string; fresh?: unknown[] };
  /** tools/list with the narrow token, and without a token (each omitted = not answered). */
  readonly narrow?: { tools: unknown[]; scope?: string };
  readonly anonymous?: { tools: unknown[]; scope?: string };
}

const toolsReply = (b: EvidenceBuilder, tools: unknown[], scope = 'public'): HttpReply =>
  b.reply({ result: { ...complete({ tools }), cacheScope: scope } });

/** A token scan of a 2026-07-28 server with tools/list seen from up to three authorization contexts. */
function scan(c: Contexts) {
  return modernEvidence((ev: Ev, b) => {
    ev.settings.tokenSupplied = true;
    Object.assign(ev, { auth: { inUse: true, signals: ['401 from the MCP endpoint'] } });
    const user = c.user ?? { tools: [ECHO, ADMIN] };
    const first = listing(b, 'tools', user.tools, { cacheScope: user.scope ?? 'public' });
    const fresh = listing(b, 'tools', user.fresh ?? user.tools, { cacheScope: user.scope ?? 'public' });
    for (const p of [first, fresh]) if (p.kind === 'ok') withCredentials(b, p.value.replies[0]!.exchange);
    const m = ev.modern!;
    Object.assign(m, {
      lists: m.lists.map((l) => (l.method === 'tools/list' ? { method: l.method, probe: first } : l)),
      fresh: { method: 'tools/list', probe: fresh },
    });
    const narrowReply = c.narrow ? toolsReply(b, c.narrow.tools, c.narrow.scope) : null;
    if (narrowReply) withCredentials(b, narrowReply.exchange);
    const narrow: AuthDiscovery['tokenProbes']['narrow'] = narrowReply
      ? {
          kind: 'ok',
          value: {
            token: { kind: 'jwt', claims: { scope: 'mcp:resources' } },
            replies: [{ method: 'tools/list', probe: b.ok(narrowReply) }],
          },
          exchanges: [narrowReply.exchange],
        }
      : TOKEN_PROBES_SKIPPED.narrow;
    const anonymous: Probe<HttpReply> = c.anonymous
      ? b.ok(toolsReply(b, c.anonymous.tools, c.anonymous.scope))
      : b.ok(b.reply({ status: 401, mediaType: null, headers: { 'www-authenticate': 'Bearer' } }));
    const oauth = bareOAuth({
      methodsNoAuth: [{ method: 'tools/list', probe: anonymous }],
      tokenProbes: { ...TOKEN_PROBES_SKIPPED, narrow },
    });
    Object.assign(ev, { oauth });
  });
}

testCheck(check, {
  pass: [
    {
      name: 'caller-dependent tools/list marked private',
      evidence: scan({
        user: { tools: [ECHO, ADMIN], scope: 'private' },
        narrow: { tools: [ECHO], scope: 'private' },
      }),
    },
    {
      name: 'the same list for every caller may be public (order aside)',
      evidence: scan({ user: { tools: [ECHO, ADMIN] }, narrow: { tools: [ADMIN, ECHO] } }),
    },
    {
      name: 'anonymous listing allowed and identical',
      evidence: scan({ user: { tools: [ECHO] }, anonymous: { tools: [ECHO] } }),
    },
  ],
  fail: [
    {
      name: 'the token list is a public superset of the narrow one',
      evidence: scan({ user: { tools: [ECHO, ADMIN] }, narrow: { tools: [ECHO] } }),
      key: 'tools/list',
      severity: 'high',
    },
    {
      name: 'the anonymous list differs (not a subset) and is public',
      evidence: scan({ user: { tools: [ECHO, ADMIN], scope: 'private' }, anonymous: { tools: [OTHER] } }),
      key: 'tools/list',
      severity: 'medium',
    },
  ],
  inconclusive: [
    {
      name: 'only the user token answered',
      evidence: scan({}),
      reason: 'needs_second_token',
    },
    {
      name: 'tools/list changes between two calls with the same token',
      evidence: scan({ user: { tools: [ECHO, ADMIN], fresh: [ECHO] }, narrow: { tools: [ECHO] } }),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [{ name: 'no authorization in use', evidence: modernEvidence(), reason: 'no_auth' }],
});
