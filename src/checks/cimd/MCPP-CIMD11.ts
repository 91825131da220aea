import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { exchangeOf } from '../shared/exchanges.js';
import { read, withCimd } from './as-requests.js';

const HOSTS: Readonly<Record<string, string>> = {
  'loopback-v4': '127.0.0.1',
  'metadata-link-local': '169.254.169.254',
  'private-10': '10.0.0.1',
  'loopback-v6': '[::1]',
};

/** Error text that quotes a failed outbound fetch. */
const FETCH_ERROR =
  /\b(fetch(ing)? failed|failed to fetch|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|connect(ion)? (refused|reset|timed out|failed)|socket hang up|timed out)\b/i;
/** A response slower than the malformed-shape rejections by this much suggests a connection attempt. */
const LATENCY_MARGIN_MS = 1_000;

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD11',
    title: 'Special-use addresses not fetched',
    requirement:
      'URL client IDs on special-use IP hosts (127.0.0.1, 169.254.169.254, 10.0.0.0/8, ::1) are refused without a request.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS, 'exchanges'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: Object.fromEntries(
      Object.entries(HOSTS).map(([k, h]) => [k, `signals of a fetch attempt for a client ID on ${h}`]),
    ),
    severity: 'medium',
    confidence: 'low',
    citations: [
      mcp(
        '2026-07-28',
        'basic/authorization/security-considerations',
        'Authorization Server Abuse Protection',
      ),
    ],
    rationale:
      'A URL client ID makes the authorization server send a request wherever the caller says: on a loopback, link-local (the cloud metadata address) or private host, that is server-side request forgery into the AS’s own network.',
    remediation:
      'Resolve the client ID host first and refuse loopback, link-local, private and other special-use addresses before connecting (check the address actually connected to as well, against DNS rebinding).',
    evidence:
      '`i.cimd(special-use:<name>)`, only with `--cimd-special-use`: four authorization requests whose `client_id` is an https URL on 127.0.0.1, 169.254.169.254, 10.0.0.1 and [::1] (the scanner never contacts them). The first answer only: its time against the malformed-shape rejections, and its page text.',
    traps: 'The scanner cannot see the AS’s outbound traffic; only differential signals.',
    notes:
      'A separate opt-in (`--cimd-special-use`) on top of `--mode intrusive`: the requests ask the AS to reach internal addresses. One result per host. Fail (conf. low): accepted, an error quoting a failed fetch (`fetch failed`, `ECONNREFUSED`, `timed out`…), or an answer at least 1 s slower than the slowest malformed-shape rejection. Pass: a fast rejection without such text. Inconclusive `mode_disabled` without the opt-in. CIMD-02 §8.6. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) => {
      const { cimd, location } = scene;
      if (!cimd.requests.some((r) => r.name.startsWith('special-use:')))
        return ctx.inconclusive(
          'mode_disabled',
          'The special-use host client IDs were not sent: they need the separate opt-in --cimd-special-use (with --mode intrusive).',
          [],
          { location },
        );
      const baseline = Math.max(
        0,
        ...cimd.requests.filter((r) => r.name.startsWith('url-shape:')).map((r) => r.durationMs),
      );
      return Object.entries(HOSTS).map(([name, host]) => {
        const r = read(ctx, scene, `special-use:${name}`, `the client ID on ${host}`, { key: name });
        if (r.kind === 'verdict') return r.verdict;
        const ids = [r.answer.exchange];
        const o = r.outcome;
        const body = exchangeOf(ev, r.answer.exchange)?.response?.body ?? '';
        const quoted = FETCH_ERROR.exec(body)?.[0];
        const slow = r.request.durationMs >= baseline + LATENCY_MARGIN_MS;
        if (o.kind === 'accepted' || quoted !== undefined || slow)
          return ctx.fail(
            `${cimd.issuer} shows signs of fetching ${r.request.clientId}: ${
              o.kind === 'accepted'
                ? `it was accepted (${o.how})`
                : quoted !== undefined
                  ? `its answer quotes a failed fetch (${JSON.stringify(quoted)})`
                  : `it took ${r.request.durationMs} ms against ${baseline} ms for a malformed client ID`
            }.`,
            ids,
            { location, key: name },
          );
        if (o.kind === 'rejected')
          return ctx.pass(
            `${cimd.issuer} refused the client ID on ${host} at once (${o.how}, ${r.request.durationMs} ms).`,
            ids,
            { location, key: name },
          );
        return ctx.inconclusive(
          o.kind === 'unclear' ? o.reason : 'ambiguous',
          `The client ID on ${host} ${o.how}.`,
          ids,
          { location, key: name },
        );
      });
    });
  },
});
