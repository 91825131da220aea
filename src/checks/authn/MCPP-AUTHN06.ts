import type { Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { Evidence, ExchangeId, HttpExchange } from '../../evidence/types.js';
import { OWASP_ERROR_HANDLING, rfc } from '../../spec/citations.js';

type Label = 'trace' | 'debug' | 'sql' | 'path' | 'private-ip' | 'banner';

const SEVERITY: Record<Label, Severity> = {
  trace: 'medium',
  debug: 'medium',
  sql: 'medium',
  path: 'low',
  'private-ip': 'low',
  banner: 'low',
};

const WHAT: Record<Label, string> = {
  trace: 'a stack trace',
  debug: 'a framework debug page or debug header',
  sql: 'a database error',
  path: 'a server filesystem path',
  'private-ip': 'a private network address',
  banner: 'an exact software version',
};

const BODY_PATTERNS: Record<'trace' | 'debug' | 'sql' | 'path', readonly RegExp[]> = {
  trace: [
    /Traceback \(most recent call last\)/,
    /File "[^"\n]+\.py", line \d+/,
    // Node: `at fn (/app/x.js:1:2)`, `at /app/x.js:1:2`, `at node:internal/...:1:2`.
    /\bat (?:async )?(?:[\w$.<>[\]]+ )?\(?(?:file:\/\/)?(?:\/|[A-Za-z]:\\|node:)[^\s()"]*:\d+:\d+\)?/,
    /\bat [\w$.]+\.[\w$<>]+\([\w$]+\.(?:java|kt|scala|groovy):\d+\)/,
    /\bat [\w$.]+\((?:Native Method|Unknown Source)\)/,
    /\bat [\w.`<>[\], ]+\([^)\n]*\) in [^\n]+:line \d+/,
    /goroutine \d+ \[[a-z ]+\]:/,
    /Stack trace:\s*#0 /,
    /#\d+ [^\n]*\.php\(\d+\)/,
    /\.rb:\d+:in [`'][^`'\n]+'/,
  ],
  debug: [
    /Werkzeug Debugger/i,
    /__debugger__/,
    /DEBUG = True/,
    /Server Error in '[^']*' Application/,
    /Action Controller: Exception caught/,
    /\bphpinfo\(\)/,
    /Symfony\\Component\\ErrorHandler/,
    /Whoops\\(?:Exception|Handler)/,
  ],
  sql: [
    /SQLSTATE\[/,
    /error in your SQL syntax/i,
    /\bORA-\d{5}\b/,
    /\bPG::[A-Z]\w*Error\b/,
    /\bpsycopg2?\.(?:errors\.)?\w+/,
    /\bSQLITE_(?:ERROR|CONSTRAINT|BUSY|MISMATCH)\b/,
    /\bsqlite3\.\w*Error\b/,
    /Unclosed quotation mark after the character string/,
    /syntax error at or near "/,
    /\bSqlException\b/,
    /\borg\.hibernate\.\w+/,
    /\bQueryFailedError\b/,
    /\bPrismaClient\w*Error\b/,
    /\bSequelize\w*Error\b/,
    /relation "[^"\n]+" does not exist/,
  ],
  path: [
    /(?:^|[\s"'`(=,;[])\/(?:home|Users|var|usr|opt|srv|root|etc|tmp|mnt|Library|workspace)\/[^\s"'`<>()[\],;:]+/,
    /[/\\](?:node_modules|site-packages|dist-packages)[/\\]/,
    /\b[A-Za-z]:\\(?:[^\\\s"'<>|]+\\)+/,
  ],
};

const PRIVATE_V4 = /\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g;

function isPrivateV4(a: number, b: number, c: number, d: number): boolean {
  if ([a, b, c, d].some((n) => n > 255)) return false;
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

// Headers that carry URLs or policy by design; PRM14/ASM16 judge addresses in them.
const SKIPPED_HEADERS = new Set([
  'www-authenticate',
  'location',
  'link',
  'content-security-policy',
  'set-cookie',
]);

/** JSON string escapes undone so traces inside `error.data` read as they were written. */
function unescapeJson(s: string): string {
  return s
    .replace(/\\r\\n|\\n|\\r/g, '\n')
    .replace(/\\t/g, '\t')
    .replace(/\\\//g, '/')
    .replace(/\\"/g, '"')
    .replace(/\\\\/g, '\\');
}

function requestPath(x: HttpExchange): string {
  try {
    return new URL(x.request.url).pathname;
  } catch {
    return '';
  }
}

/** The text of a body that may leak: URLs (metadata, links) and the echoed request path removed. */
function leakableText(x: HttpExchange): string {
  let text = unescapeJson(x.response?.body ?? '');
  text = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*/gi, ' ');
  const path = requestPath(x);
  if (path.length > 1) text = text.split(path).join(' ');
  return text;
}

function excerpt(s: string): string {
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

interface Hit {
  readonly ids: ExchangeId[];
  sample: string;
}

function scan(ev: Pick<Evidence, 'exchanges' | 'endpoint'>): Map<Label, Hit> | null {
  const hits = new Map<Label, Hit>();
  const add = (label: Label, id: ExchangeId, sample: string) => {
    const h = hits.get(label);
    if (!h) hits.set(label, { ids: [id], sample: excerpt(sample) });
    else if (!h.ids.includes(id)) h.ids.push(id);
  };
  // Addresses of the target itself are not leaks (an endpoint that is not HTTP has none of its own here).
  const own = new Set<string>(ev.endpoint ? [ev.endpoint.address ?? '', ev.endpoint.hostname] : []);
  for (const x of ev.exchanges) if (x.remoteAddress) own.add(x.remoteAddress);

  let answered = 0;
  for (const x of ev.exchanges) {
    const res = x.response;
    if (!res) continue;
    answered++;
    const h = res.headers;
    // Version banners, on any response.
    for (const v of h['server'] ?? []) {
      if (/[A-Za-z][\w.-]*\/v?\d+(?:\.\d+)+|\(\d+\.\d+/.test(v)) add('banner', x.id, `Server: ${v}`);
    }
    for (const v of h['x-powered-by'] ?? [])
      if (/\d+\.\d+/.test(v)) add('banner', x.id, `X-Powered-By: ${v}`);
    for (const name of ['x-aspnet-version', 'x-aspnetmvc-version']) {
      for (const v of h[name] ?? []) add('banner', x.id, `${name}: ${v}`);
    }
    for (const name of ['x-debug-token', 'x-debug-token-link']) {
      if (h[name]?.length) add('debug', x.id, `${name} header (framework profiler)`);
    }

    // Bodies: error statuses, and successful answers that carry a JSON-RPC error (SDK debug `error.data`).
    const body = res.body;
    const isError = res.status >= 400;
    if (!isError && !(body.includes('"error"') && body.includes('"jsonrpc"'))) continue;
    const text = leakableText(x);
    for (const label of ['trace', 'debug', 'sql', 'path'] as const) {
      for (const re of BODY_PATTERNS[label]) {
        const m = re.exec(text);
        if (m) {
          add(label, x.id, m[0]);
          break;
        }
      }
    }
    // Default error pages of web servers print their version in the body.
    const page = /<center>(nginx\/\d+\.\d+[^<]*)<\/center>|<address>(Apache\/\d+\.\d+[^<]*)<\/address>/.exec(
      body,
    );
    if (page) add('banner', x.id, page[1] ?? page[2] ?? page[0]);
    const headerText = isError
      ? Object.entries(h)
          .filter(([name]) => !SKIPPED_HEADERS.has(name))
          .map(([name, values]) => `${name}: ${values.join(', ')}`)
          .join('\n')
      : '';
    for (const m of `${text}\n${headerText}`.matchAll(PRIVATE_V4)) {
      const [ip, a, b, c, d] = m;
      if (isPrivateV4(Number(a), Number(b), Number(c), Number(d)) && !own.has(ip)) {
        add('private-ip', x.id, ip);
        break;
      }
    }
  }
  return answered === 0 ? null : hits;
}

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN06',
    title: 'Error responses do not leak internals',
    requirement:
      'Error responses and headers from the MCP origin (and AS responses to scanner probes) expose no stack traces, debug pages, SQL errors, filesystem paths, private addresses or exact software version banners.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse', 'as'],
    mode: 'passive',
    requires: ['exchanges', 'endpoint?'],
    rating: { scope: 'protocol' },
    chain: { hop: 'challenge' },
    keys: {
      trace: 'a response exposes a stack trace (medium)',
      debug: 'a response exposes a framework debug page or debug header (medium)',
      sql: 'a response exposes a database error (medium)',
      path: 'a response exposes a server filesystem path (low)',
      'private-ip': "a response exposes a private network address other than the target's own (low)",
      banner: 'a response exposes an exact software version (low)',
    },
    severity: 'low',
    citations: [OWASP_ERROR_HANDLING, rfc(9110, '10.2.4')],
    rationale:
      'Stack traces, debug pages, database errors, internal paths and addresses, and exact version banners tell an attacker which software, versions and internal topology to target, and debug modes often expose far more than the error itself.',
    remediation:
      'Run servers with debug modes off, answer errors with generic messages (log the details server-side), keep `error.data` free of stack traces, and remove version numbers from `Server`, `X-Powered-By` and `X-AspNet-Version` headers.',
    evidence:
      'Every recorded response with status ≥400 (including `p.nx` and all safe probes) and every 2xx answer carrying a JSON-RPC error: body and headers. `Server`, `X-Powered-By`, `X-AspNet-Version`, `X-AspNetMvc-Version` and Symfony’s `X-Debug-Token` on any response; the version line of nginx and Apache default error pages.',
    traps:
      '`Server: nginx` without a version passes; JSON-RPC `error.data` stack traces from SDK debug modes count; private IPs inside metadata URLs are PRM14/ASM16.',
    notes:
      'One result per label (`trace`, `debug`, `sql` medium; `path`, `private-ip`, `banner` low), citing up to five exchanges and the first match. URLs are removed from bodies before matching (metadata links are not leaks), as is the request path an error page echoes; `WWW-Authenticate`, `Location`, `Link` and CSP headers are not searched for addresses. Addresses of the target itself (its resolved and remote addresses) are not leaks. `X-Powered-By` without a version passes, like `Server: nginx`. Runs whether or not authorization is in use.',
  },
  evaluate(ev, ctx) {
    const hits = scan(ev);
    if (hits === null) return ctx.inconclusive('fetch_failed', 'No HTTP response was recorded.');
    if (hits.size === 0) {
      return ctx.pass(
        'No stack trace, debug output, SQL error, path, private address or version banner was seen.',
      );
    }
    const verdicts: Verdict[] = [];
    for (const [label, hit] of hits) {
      verdicts.push(
        ctx.fail(
          `${hit.ids.length} response(s) expose ${WHAT[label]}, e.g. “${hit.sample}”.`,
          hit.ids.slice(0, 5),
          { key: label, severity: SEVERITY[label] },
        ),
      );
    }
    return verdicts;
  },
});
