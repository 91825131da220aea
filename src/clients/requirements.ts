/**
 * The shared library of requirement predicates: one typed function per requirement kind, each a
 * pure function of the evidence (through ./evidence-view.ts). A predicate answers `met`, `unmet`,
 * `not_applicable` or `unknown` with the reason; it never guesses what the evidence cannot show
 * (behind a 401 without a token, passive mode, a shape only a registration would show).
 */
import type { Evidence, ExchangeId } from '../evidence/types.js';
import { isHttpReply } from '../evidence/types.js';
import type { ClientView } from './evidence-view.js';
import { exchangesOf, listedTools, stringList } from './evidence-view.js';
import type { Outcome, RedirectShapeObservation, Requirement, RequirementKind } from './types.js';

/** What a predicate reads besides the requirement itself. */
export interface PredicateInput {
  readonly view: ClientView;
  /** Phase B: intrusive registrations per redirect shape (absent until then: redirect rules stay unknown). */
  readonly shapes: readonly RedirectShapeObservation[];
}

type Predicate<K extends RequirementKind> = (
  req: Extract<Requirement, { kind: K }>,
  input: PredicateInput,
) => Outcome;

const out = (status: Outcome['status'], detail: string, evidence: readonly ExchangeId[] = []): Outcome => ({
  status,
  detail,
  evidence,
});

// ---------------------------------------------------------------------------
// Preconditions shared by the OAuth requirements
// ---------------------------------------------------------------------------

/** Not applicable without authorization; unknown when authorization is in use but no chain was recorded. */
function oauthPrecondition(ev: Evidence): Outcome | null {
  if (ev.target.kind !== 'http') return out('not_applicable', 'A stdio server has no OAuth login.');
  if (!ev.auth.inUse) return out('not_applicable', 'The server asks for no login (no authorization signal).');
  if (!ev.oauth) {
    return out(
      'unknown',
      'Authorization is in use but the OAuth discovery chain was not recorded (passive mode, or an older bundle).',
    );
  }
  return null;
}

/** The authorization server a client would use: the PRM's, else the MCP origin as its own AS. */
function usedAs(view: ClientView) {
  return view.as ?? view.originAs;
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** scheme://host[:port]/path of a URL, the way several clients compare resources. */
function resourceKey(u: string): string | null {
  try {
    const url = new URL(u);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Network and transport
// ---------------------------------------------------------------------------

/** The reason to give when something is hidden: behind an authorization wall, or simply not seen. */
function wallOr(ev: Evidence, what: string, otherwise: string): string {
  return ev.detection.authWall
    ? `Every MCP request was answered 401/403 and no token was given, so ${what} cannot be seen.`
    : otherwise;
}

const publicEndpoint: Predicate<'public-endpoint'> = (_req, { view }) => {
  const t = view.ev.target;
  if (t.kind !== 'http')
    return out('unmet', 'The client connects only to remote servers; this is a local stdio server.');
  if (t.scope === 'public') return out('met', `The endpoint's address is public.`);
  if (t.scope === 'unknown') return out('unknown', 'The endpoint address could not be classified.');
  return out(
    'unmet',
    `The endpoint resolves to a ${t.scope} address, which the client's cloud cannot reach.`,
  );
};

const httpsEndpoint: Predicate<'https-endpoint'> = (_req, { view }) => {
  const ep = view.ev.endpoint;
  if (view.ev.target.kind !== 'http' || !ep)
    return out('unmet', 'The client needs an https URL; this is a stdio server.');
  return ep.scheme === 'https'
    ? out('met', 'The endpoint is https.')
    : out('unmet', `The endpoint is ${ep.scheme}, not https.`);
};

const transport: Predicate<'transport'> = (req, { view }) => {
  const t = view.ev.detection.transport;
  if (t === null)
    return out(
      'unknown',
      wallOr(view.ev, 'the transport', 'The scan did not establish which transport the server speaks.'),
    );
  return req.accepts.includes(t)
    ? out('met', `The server speaks ${t}, which the client supports.`)
    : out('unmet', `The server speaks ${t}; the client supports ${req.accepts.join(', ')}.`);
};

/** The ladder's first POST answer, when it came over HTTP. */
function firstPostStatus(ev: Evidence): { status: number; exchange: ExchangeId } | null {
  for (const probe of [ev.detection.discover, ...ev.detection.inits.map((i) => i.probe)]) {
    if (probe.kind === 'ok' && isHttpReply(probe.value))
      return { status: probe.value.status, exchange: probe.value.exchange };
  }
  return null;
}

const legacySseFallback: Predicate<'legacy-sse-fallback'> = (req, { view }) => {
  if (view.ev.detection.transport !== 'http+sse')
    return out('not_applicable', 'The server is not an HTTP+SSE server.');
  const first = firstPostStatus(view.ev);
  if (!first) return out('unknown', 'No POST answer was recorded, so the fallback trigger cannot be judged.');
  const falls =
    req.on === 'any-4xx'
      ? first.status >= 400 && first.status < 500 && first.status !== 401 && first.status !== 403
      : req.on.includes(first.status);
  return falls
    ? out('met', `The POST was answered ${first.status}, which makes the client try the legacy SSE stream.`, [
        first.exchange,
      ])
    : out(
        'unmet',
        `The POST was answered ${first.status}; the client tries the legacy SSE stream only on ${req.on === 'any-4xx' ? 'a 4xx other than 401/403' : req.on.join(', ')}.`,
        [first.exchange],
      );
};

const initializeHandshake: Predicate<'initialize-handshake'> = (_req, { view }) => {
  const eras = view.ev.detection.revision.eras;
  if (eras.includes('legacy')) return out('met', 'The server answers the initialize handshake.');
  if (eras.includes('modern')) {
    return out(
      'unmet',
      'The server speaks only the 2026-07-28 wire and refuses the initialize handshake the client opens with.',
    );
  }
  return out(
    'unknown',
    wallOr(view.ev, 'the protocol era', 'The scan did not establish which protocol era the server serves.'),
  );
};

// ---------------------------------------------------------------------------
// Discovery
// ---------------------------------------------------------------------------

const prmPublished: Predicate<'prm-published'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  if (view.prm) return out('met', `PRM found at ${view.prm.url}.`, view.prm.exchanges);
  if (view.prmFetchFailed)
    return out('unknown', 'Every PRM location failed (network error or 5xx).', view.prmTried);
  return out(
    'unmet',
    'No protected-resource metadata at the challenge URL or the well-known URIs.',
    view.prmTried,
  );
};

function originFallback(
  req: Extract<Requirement, { kind: 'as-metadata' }>,
  view: ClientView,
  why: string,
): Outcome {
  if (req.fallback === 'none')
    return out('unmet', `${why}; the client has no fallback.`, [...view.prmTried, ...view.asTried]);
  if (view.originAs) {
    return out(
      'met',
      `${why}; the client falls back to the metadata at the MCP origin (${view.originAs.url}).`,
      view.originAs.exchanges,
    );
  }
  if (view.originTried.length === 0) {
    return out(
      'unknown',
      `${why}; the origin's own metadata was not fetched, so the client's fallback cannot be judged.`,
    );
  }
  if (
    req.fallback === 'origin-defaults' &&
    ['/authorize', '/token'].every((p) => view.originDefaults.some((d) => d.path === p))
  ) {
    const ex = view.originDefaults.flatMap((d) => d.exchanges);
    return out(
      'met',
      `${why}; the client falls back to the default /authorize and /token at the MCP origin, which exist.`,
      ex,
    );
  }
  return out('unmet', `${why}, and the client's fallback at the MCP origin finds nothing.`, view.originTried);
}

const asMetadata: Predicate<'as-metadata'> = (req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  if (view.as) return out('met', `Authorization-server metadata found at ${view.as.url}.`, view.as.exchanges);
  if (view.prm) return originFallback(req, view, "The PRM's authorization server publishes no metadata");
  if (view.prmFetchFailed)
    return out('unknown', 'Every PRM location failed (network error or 5xx).', view.prmTried);
  return originFallback(req, view, 'No PRM names an authorization server');
};

const prmResourceMatches: Predicate<'prm-resource-matches'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  if (!view.prm) return out('not_applicable', 'No PRM was found (the discovery rules judge that).');
  const resource = view.prm.doc['resource'];
  if (typeof resource !== 'string')
    return out('unmet', 'The PRM has no string `resource`.', view.prm.exchanges);
  const want = resourceKey(view.ev.target.url);
  return resourceKey(resource) === want
    ? out('met', `The PRM resource matches the server URL.`, view.prm.exchanges)
    : out(
        'unmet',
        `The PRM resource "${resource}" differs from the server URL ${want ?? view.ev.target.url}.`,
        view.prm.exchanges,
      );
};

const issuerMatches: Predicate<'issuer-matches'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  if (!view.as) return out('not_applicable', 'No PRM-named authorization server metadata was found.');
  const issuer = view.as.doc['issuer'];
  if (typeof issuer !== 'string')
    return out('met', 'The metadata omits `issuer`; the client uses the PRM entry.', view.as.exchanges);
  return sameUrl(issuer, view.as.issuer)
    ? out('met', 'The metadata `issuer` equals the PRM entry.', view.as.exchanges)
    : out(
        'unmet',
        `The metadata issuer "${issuer}" differs from the PRM entry "${view.as.issuer}".`,
        view.as.exchanges,
      );
};

function originOf(u: string): string | null {
  try {
    return new URL(u).origin;
  } catch {
    return null;
  }
}

const sameOriginResourceMetadata: Predicate<'same-origin-resource-metadata'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const fromChallenge = view.oauth?.prm.find((c) => c.source === 'challenge');
  if (!fromChallenge || originOf(fromChallenge.url) === originOf(view.ev.target.url)) {
    return out('not_applicable', 'The challenge names no cross-origin resource_metadata.');
  }
  const wellKnown = view.prm && view.prm.source !== 'challenge';
  return wellKnown
    ? out(
        'met',
        `The cross-origin resource_metadata is ignored, but PRM is also at ${view.prm?.url}.`,
        view.prm?.exchanges ?? [],
      )
    : out(
        'unmet',
        `The challenge's resource_metadata ${fromChallenge.url} is on another origin, and no PRM is at the well-known URIs.`,
        exchangesOf(fromChallenge.fetch),
      );
};

// ---------------------------------------------------------------------------
// Registration, PKCE, token authentication, scopes
// ---------------------------------------------------------------------------

const registration: Predicate<'registration'> = (req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const as = usedAs(view);
  if (!as) {
    const register = view.originDefaults.find((d) => d.path === '/register');
    if (register && req.mechanisms.includes('dcr'))
      return out('met', 'The default /register endpoint at the MCP origin exists.', register.exchanges);
    return out(
      'unknown',
      'No authorization-server metadata was found, so the registration it offers is not known.',
      view.asTried,
    );
  }
  const offered = {
    cimd: as.doc['client_id_metadata_document_supported'] === true,
    dcr: typeof as.doc['registration_endpoint'] === 'string',
  };
  const usable = req.mechanisms.find((m) => offered[m]);
  if (usable)
    return out(
      'met',
      `The authorization server offers ${usable === 'cimd' ? 'Client ID Metadata Documents' : 'dynamic client registration'}.`,
      as.exchanges,
    );
  const other = offered.cimd
    ? ' (it offers only CIMD)'
    : offered.dcr
      ? ' (it offers only DCR)'
      : ' (it offers neither DCR nor CIMD)';
  return out(
    'unmet',
    `The authorization server offers none of ${req.mechanisms.join(', ')}${other}.`,
    as.exchanges,
  );
};

const pkceS256: Predicate<'pkce-s256'> = (req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const as = usedAs(view);
  if (!as) return out('unknown', 'No authorization-server metadata was found.', view.asTried);
  const methods = stringList(as.doc, 'code_challenge_methods_supported');
  if (methods === null) {
    return req.absent === 'accept'
      ? out(
          'met',
          '`code_challenge_methods_supported` is absent; the client sends S256 anyway.',
          as.exchanges,
        )
      : out(
          'unmet',
          '`code_challenge_methods_supported` is absent; the client requires S256 to be advertised.',
          as.exchanges,
        );
  }
  return methods.includes('S256')
    ? out('met', '`code_challenge_methods_supported` lists S256.', as.exchanges)
    : out(
        'unmet',
        `\`code_challenge_methods_supported\` lists ${JSON.stringify(methods)} without S256.`,
        as.exchanges,
      );
};

const tokenAuthMethod: Predicate<'token-auth-method'> = (req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const as = usedAs(view);
  if (!as) return out('unknown', 'No authorization-server metadata was found.', view.asTried);
  const methods = stringList(as.doc, 'token_endpoint_auth_methods_supported');
  if (methods === null)
    return out(
      'met',
      '`token_endpoint_auth_methods_supported` is absent (RFC 8414 default: client_secret_basic); the client registers anyway.',
      as.exchanges,
    );
  return methods.includes(req.method)
    ? out('met', `\`token_endpoint_auth_methods_supported\` lists "${req.method}".`, as.exchanges)
    : out(
        'unmet',
        `\`token_endpoint_auth_methods_supported\` (${JSON.stringify(methods)}) omits "${req.method}", which the client registers with.`,
        as.exchanges,
      );
};

const requestedScopesKnown: Predicate<'requested-scopes-known'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const challenged = view.oauth?.challenges.some((c) =>
    c.challenges?.some((x) => x.scheme === 'bearer' && x.params['scope']),
  );
  if (challenged)
    return out('not_applicable', 'The challenge names a scope, which the client requests instead.');
  if (!view.prm) return out('not_applicable', 'No PRM: the client requests no PRM scopes.');
  const wanted = stringList(view.prm.doc, 'scopes_supported') ?? [];
  const as = usedAs(view);
  const known = as ? stringList(as.doc, 'scopes_supported') : null;
  if (known === null)
    return out('unknown', 'The authorization server lists no `scopes_supported` to compare with.', [
      ...view.prm.exchanges,
      ...(as?.exchanges ?? []),
    ]);
  const missing = wanted.filter((s) => !known.includes(s));
  const ex = [...view.prm.exchanges, ...(as?.exchanges ?? [])];
  return missing.length === 0
    ? out('met', 'Every PRM scope is one the authorization server lists.', ex)
    : out(
        'unmet',
        `The client would request ${JSON.stringify(missing)}, which the authorization server does not list.`,
        ex,
      );
};

const redirectAccepted: Predicate<'redirect-accepted'> = (req, { view, shapes }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const seen = shapes.find((s) => s.shape === req.shape);
  if (!seen) {
    return out(
      'unknown',
      `Whether the authorization server accepts a ${req.shape} redirect URI (${req.example}) shows only in a registration (intrusive mode).`,
    );
  }
  if (!seen.accepted)
    return out('unmet', `A registration with a ${req.shape} redirect URI was refused.`, seen.evidence);
  if (req.shape === 'loopback-random-port' && seen.anyLoopbackPort === false) {
    return out(
      'unmet',
      'The loopback redirect was accepted only on its registered port (RFC 8252 §7.3 requires any port).',
      seen.evidence,
    );
  }
  return out('met', `A ${req.shape} redirect URI was accepted.`, seen.evidence);
};

// ---------------------------------------------------------------------------
// Tool surface
// ---------------------------------------------------------------------------

function toolsOrOutcome(ev: Evidence): ReturnType<typeof listedTools> | Outcome {
  const tools = listedTools(ev);
  if (tools) return tools;
  if (ev.detection.authWall) return out('unknown', 'The tools are behind a 401 and no token was given.');
  const probe = ev.inventory?.tools;
  if (probe?.kind === 'skipped' && probe.reason === 'not_needed')
    return out('not_applicable', 'The server lists no tools.');
  return out('unknown', 'The tools were not listed in this scan.');
}

const toolNames: Predicate<'tool-names'> = (req, { view }) => {
  const tools = toolsOrOutcome(view.ev);
  if (!tools || 'status' in tools) return tools ?? out('unknown', 'The tools were not listed.');
  const pattern = new RegExp(req.pattern);
  const prefix = req.prefix ?? '';
  const bad = tools.names.filter((n) => !pattern.test(n) || prefix.length + n.length > req.maxLength);
  return bad.length === 0
    ? out('met', `All ${tools.names.length} tool names fit the client's name rule.`, tools.exchanges)
    : out(
        'unmet',
        `${bad.length} tool name(s) break the client's name rule: ${JSON.stringify(bad.slice(0, 5))}.`,
        tools.exchanges,
      );
};

const toolCount: Predicate<'tool-count'> = (req, { view }) => {
  const tools = toolsOrOutcome(view.ev);
  if (!tools || 'status' in tools) return tools ?? out('unknown', 'The tools were not listed.');
  return tools.names.length <= req.max
    ? out('met', `${tools.names.length} tools, within the client's limit of ${req.max}.`, tools.exchanges)
    : out('unmet', `${tools.names.length} tools, over the client's limit of ${req.max}.`, tools.exchanges);
};

const primitivesUsed: Predicate<'primitives-used'> = (req, { view }) => {
  const inv = view.ev.inventory;
  if (!inv)
    return view.ev.detection.authWall
      ? out('unknown', 'The listings are behind a 401 and no token was given.')
      : out('unknown', 'Nothing was listed in this scan.');
  const counts = { tools: inv.tools, prompts: inv.prompts, resources: inv.resources };
  const offered = (Object.keys(counts) as (keyof typeof counts)[]).filter((k) => {
    const p = counts[k];
    return p.kind === 'ok' && p.value.items.length > 0;
  });
  if (offered.length === 0) return out('not_applicable', 'The server lists nothing.');
  const used = offered.filter((k) => req.uses.includes(k));
  return used.length > 0
    ? out('met', `The client uses the server's ${used.join(', ')}.`)
    : out('unmet', `The server offers only ${offered.join(', ')}, which the client does not use.`);
};

/** The library: every requirement kind has exactly one predicate (the type checks it). */
const PREDICATES: { readonly [K in RequirementKind]: Predicate<K> } = {
  'public-endpoint': publicEndpoint,
  'https-endpoint': httpsEndpoint,
  transport,
  'legacy-sse-fallback': legacySseFallback,
  'initialize-handshake': initializeHandshake,
  'prm-published': prmPublished,
  'as-metadata': asMetadata,
  'prm-resource-matches': prmResourceMatches,
  'issuer-matches': issuerMatches,
  'same-origin-resource-metadata': sameOriginResourceMetadata,
  registration,
  'pkce-s256': pkceS256,
  'token-auth-method': tokenAuthMethod,
  'requested-scopes-known': requestedScopesKnown,
  'redirect-accepted': redirectAccepted,
  'tool-names': toolNames,
  'tool-count': toolCount,
  'primitives-used': primitivesUsed,
};

export function judgeRequirement(req: Requirement, input: PredicateInput): Outcome {
  const predicate = PREDICATES[req.kind] as Predicate<typeof req.kind>;
  return predicate(req, input);
}
