/**
 * The check catalogue, version 1.0: the ID contract. Every ID with the title that says what
 * passing means, the revisions and transports it applies to and its lowest mode. IDs are
 * permanent (docs/model/README.md#check-ids); checks must keep these IDs and titles, and their
 * meta must agree with the row (the catalogue gate test enforces both).
 */
export const CATALOGUE_VERSION = '1.0';

export const CATALOGUE: Readonly<
  Record<string, { readonly title: string; readonly revisions: string; readonly mode: string }>
> = {
  'MCPP-ACT01': {
    title: 'Foreign `Origin` rejected',
    revisions: 'all \u00b7 http, sse',
    mode: 'safe (token for endpoints behind a 401)',
  },
  'MCPP-ACT02': {
    title: 'Query-string tokens refused',
    revisions: '\u22652025-03-26 \u00b7 http',
    mode: "token + intrusive (the token lands in the target's URL logs)",
  },
  'MCPP-ACT03': {
    title: 'Tokens for other audiences refused',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'token (second token for another resource)',
  },
  'MCPP-ACT04': {
    title: 'Invalid, expired and forged tokens get 401',
    revisions: '\u22652025-03-26 \u00b7 http, sse',
    mode: 'safe',
  },
  'MCPP-ACT05': {
    title: 'Unsupported `MCP-Protocol-Version` \u2192 400',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-ACT06': {
    title: 'AS honours `resource`',
    revisions: '\u22652025-06-18 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-ACT07': {
    title: 'Exact redirect URI matching',
    revisions: '\u22652025-03-26 \u00b7 as',
    mode: 'intrusive (needs a client identity, `i.client`)',
  },
  'MCPP-ACT08': { title: 'PKCE enforced', revisions: '\u22652025-03-26 \u00b7 as', mode: 'intrusive' },
  'MCPP-ACT09': {
    title: 'Open registration refuses unsafe clients',
    revisions: '\u22652025-03-26 \u00b7 as',
    mode: 'intrusive (creates a client if vulnerable; deleted through RFC 7592 when possible)',
  },
  'MCPP-ACT10': {
    title: 'Foreign `Host` rejected on local servers',
    revisions: 'any \u00b7 http, sse',
    mode: 'safe',
  },
  'MCPP-ACT11': {
    title: '`iss` emitted when advertised',
    revisions: '2026-07-28 (RFC 9207 any) \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-ACT12': {
    title: 'Proxy servers obtain consent per client',
    revisions: '\u22652025-06-18 \u00b7 as',
    mode: 'intrusive (two DCR registrations)',
  },
  'MCPP-ACT13': {
    title: 'Consent pages protected',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-ASM01': { title: 'AS metadata published', revisions: '\u22652025-06-18 \u00b7 as', mode: 'passive' },
  'MCPP-ASM02': { title: 'AS `issuer` matches', revisions: '\u22652025-03-26 \u00b7 as', mode: 'passive' },
  'MCPP-ASM03': { title: 'AS endpoints use https', revisions: '\u22652025-03-26 \u00b7 as', mode: 'passive' },
  'MCPP-ASM04': {
    title: 'PKCE S256 advertised',
    revisions: 'any (severity by revision) \u00b7 as',
    mode: 'passive',
  },
  'MCPP-ASM05': { title: 'PKCE `plain` not offered', revisions: 'any \u00b7 as', mode: 'passive' },
  'MCPP-ASM06': { title: 'No implicit or password grants', revisions: 'any \u00b7 as', mode: 'passive' },
  'MCPP-ASM07': { title: 'Response types limited to `code`', revisions: 'any \u00b7 as', mode: 'passive' },
  'MCPP-ASM08': {
    title: 'Tokens audience-restricted to the resource',
    revisions: '\u22652025-06-18 \u00b7 as',
    mode: 'token (passive and safe: `inconclusive`)',
  },
  'MCPP-ASM09': {
    title: 'Registration endpoint protected or absent',
    revisions: 'any \u00b7 as',
    mode: 'passive + safe',
  },
  'MCPP-ASM10': {
    title: 'CIMD offered where DCR is offered',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'passive',
  },
  'MCPP-ASM11': {
    title: 'RFC 9207 `iss` advertised',
    revisions: '\u22652025-06-18 (MCP-normative 2026-07-28) \u00b7 as',
    mode: 'passive',
  },
  'MCPP-ASM12': {
    title: 'No `none` in endpoint authentication signing algorithms',
    revisions: 'any \u00b7 as',
    mode: 'passive',
  },
  'MCPP-ASM13': {
    title: '2025-03-26 metadata or default endpoints',
    revisions: '2025-03-26 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-ASM14': { title: 'AS metadata served as JSON', revisions: 'any \u00b7 as', mode: 'passive' },
  'MCPP-ASM15': { title: 'Required metadata members present', revisions: 'any \u00b7 as', mode: 'passive' },
  'MCPP-ASM16': {
    title: 'AS endpoints stay out of private networks',
    revisions: 'any \u00b7 as',
    mode: 'passive',
  },
  'MCPP-ASM17': {
    title: 'AS `protected_resources` consistent',
    revisions: '\u22652025-06-18 \u00b7 as',
    mode: 'passive',
  },
  'MCPP-ASM18': {
    title: 'Access tokens short-lived',
    revisions: '\u22652025-03-26 \u00b7 as',
    mode: 'token',
  },
  'MCPP-AUTHN01': {
    title: 'MCP surface requires authorization',
    revisions: 'all \u00b7 http, sse',
    mode: 'passive',
  },
  'MCPP-AUTHN02': {
    title: '401 carries a Bearer challenge',
    revisions: 'any when a 401 is observed (RFC); MCP-normative \u22652025-06-18 \u00b7 http, sse',
    mode: 'passive',
  },
  'MCPP-AUTHN03': {
    title: 'Protected Resource Metadata discoverable',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-AUTHN04': {
    title: '`resource_metadata` URL is https and same-origin',
    revisions: '\u22652025-06-18; any when advertised \u00b7 http',
    mode: 'passive',
  },
  'MCPP-AUTHN05': {
    title: 'Anonymous challenges carry no error code',
    revisions: 'any \u00b7 http',
    mode: 'passive',
  },
  'MCPP-AUTHN06': {
    title: 'Error responses do not leak internals',
    revisions: 'any \u00b7 http, sse, as',
    mode: 'passive + safe',
  },
  'MCPP-AUTHN07': {
    title: 'Authorization enforced on every method and verb',
    revisions: '\u22652025-03-26 (Security Best Practices \u22652025-06-18) \u00b7 http, sse',
    mode: 'safe',
  },
  'MCPP-AUTHN08': {
    title: 'Metadata URLs not derived from client-controlled headers',
    revisions: 'any when a challenge or PRM exists \u00b7 http',
    mode: 'safe',
  },
  'MCPP-AUTHN09': {
    title: 'Unauthorized requests get 401',
    revisions: '\u22652025-03-26 \u00b7 http, sse',
    mode: 'passive',
  },
  'MCPP-AUTHN10': {
    title: 'Session IDs are not credentials',
    revisions:
      '2025-06-18\u20262025-11-25 (legacy sessions; the 2026-07-28 state-handle rule is not observable before login) \u00b7 http',
    mode: 'token (definitive); safe (indicator)',
  },
  'MCPP-CFG01': {
    title: 'No literal secrets in client configurations',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive (discovered servers)',
  },
  'MCPP-CIMD01': {
    title: 'CIMD support advertised',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'passive',
  },
  'MCPP-CIMD02': {
    title: 'A registration path exists for unknown clients',
    revisions: 'any \u00b7 as',
    mode: 'passive',
  },
  'MCPP-CIMD10': {
    title: 'Malformed URL client IDs rejected',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-CIMD11': {
    title: 'Special-use addresses not fetched',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive (separate SSRF opt-in)',
  },
  'MCPP-CIMD12': {
    title: '`client_id` equality enforced',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-CIMD13': {
    title: 'Registered redirect URIs enforced',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-CIMD14': {
    title: 'Consent shows the redirect host; warns on localhost-only',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-CIMD15': {
    title: 'Redirects not followed when fetching',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-CIMD16': {
    title: 'Document size limited',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-CIMD17': {
    title: 'Caching respects headers; errors not cached',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive (project-controlled logging host)',
  },
  'MCPP-CIMD18': {
    title: 'Advertisement matches behaviour',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-CIMD19': {
    title: 'Document structure validated',
    revisions: '\u22652025-11-25 \u00b7 as',
    mode: 'intrusive',
  },
  'MCPP-CIMD50': { title: '`client_id` URL valid', revisions: '\u22652025-11-25 \u00b7 doc', mode: 'lint' },
  'MCPP-CIMD51': {
    title: '`client_id` equals the document URL',
    revisions: '\u22652025-11-25 \u00b7 doc',
    mode: 'lint',
  },
  'MCPP-CIMD52': {
    title: 'Required metadata present',
    revisions: '\u22652025-11-25 \u00b7 doc',
    mode: 'lint',
  },
  'MCPP-CIMD53': { title: 'Redirect URIs safe', revisions: '\u22652025-11-25 \u00b7 doc', mode: 'lint' },
  'MCPP-CIMD54': {
    title: 'No shared secret published',
    revisions: '\u22652025-11-25 \u00b7 doc',
    mode: 'lint',
  },
  'MCPP-CIMD55': {
    title: 'No private key material published',
    revisions: '\u22652025-11-25 \u00b7 doc',
    mode: 'lint',
  },
  'MCPP-CIMD56': {
    title: 'Authentication method consistent with keys',
    revisions: '\u22652025-11-25 \u00b7 doc',
    mode: 'lint',
  },
  'MCPP-CIMD57': {
    title: 'Served the way an AS fetches it',
    revisions: '\u22652025-11-25 \u00b7 doc',
    mode: 'lint',
  },
  'MCPP-CIMD58': {
    title: 'Supported authentication methods listed (upcoming)',
    revisions: '\u22652025-11-25 \u00b7 doc',
    mode: 'lint',
  },
  'MCPP-ERR00': { title: 'All selected checks ran', revisions: 'any \u00b7 all', mode: 'all' },
  'MCPP-LEG01': {
    title: '`initialize` negotiates versions correctly',
    revisions: '2024-11-05\u20262025-11-25 \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-LEG02': {
    title: 'Unsupported versions answered with a supported one',
    revisions: '2024-11-05\u20262025-11-25 \u00b7 http, sse, stdio',
    mode: 'safe',
  },
  'MCPP-LEG03': {
    title: 'InitializeResult complete',
    revisions: '2024-11-05\u20262025-11-25 \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-LEG04': {
    title: 'Accepted notifications get 202 without a body',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-LEG05': {
    title: 'GET answers with an SSE stream or 405',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-LEG06': {
    title: 'Missing session ID rejected with 400',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-LEG07': {
    title: 'Unknown session IDs rejected with 404',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-LEG08': {
    title: 'Terminated sessions answered with 404',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-LEG09': {
    title: 'DELETE ends the session or is refused with 405',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-LEG10': {
    title: 'Session IDs assigned only at initialization',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'passive + safe',
  },
  'MCPP-LEG11': {
    title: 'Requests without `MCP-Protocol-Version` tolerated',
    revisions: '2025-06-18\u20262025-11-25 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-LEG12': {
    title: 'Batches handled as the negotiated revision requires',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-LEG13': {
    title: 'SSE reply streams start with a priming event',
    revisions: '2025-11-25 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-LEG14': {
    title: 'SSE event IDs unique',
    revisions: '2025-03-26\u20262025-11-25 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-LEG20': {
    title: 'HTTP+SSE stream announces its message endpoint',
    revisions: '2024-11-05 (HTTP+SSE at any negotiated version) \u00b7 sse',
    mode: 'passive',
  },
  'MCPP-LEG21': {
    title: 'HTTP+SSE message endpoint is same-origin',
    revisions: '2024-11-05 \u00b7 sse',
    mode: 'passive',
  },
  'MCPP-LEG22': {
    title: 'HTTP+SSE endpoint URI carries no credentials',
    revisions: 'any \u00b7 sse',
    mode: 'passive',
  },
  'MCPP-LEG23': {
    title: 'HTTP+SSE replies delivered as `message` events',
    revisions: '2024-11-05 \u00b7 sse',
    mode: 'passive',
  },
  'MCPP-LEG24': {
    title: 'HTTP+SSE rejects unknown sessions promptly',
    revisions: '2024-11-05 \u00b7 sse',
    mode: 'safe',
  },
  'MCPP-MOD01': {
    title: '`server/discover` implemented',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD02': {
    title: 'DiscoverResult well-formed',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD03': {
    title: 'Results identify the server',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD04': {
    title: 'Results carry a valid `resultType`',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD05': { title: 'Caching hints valid', revisions: '2026-07-28 \u00b7 http, stdio', mode: 'passive' },
  'MCPP-MOD06': {
    title: '`public` cache scope only for caller-independent lists',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'token',
  },
  'MCPP-MOD07': {
    title: 'Unsupported-version error lists supported versions',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'safe',
  },
  'MCPP-MOD08': {
    title: 'Header/body version mismatch rejected',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-MOD09': {
    title: 'Missing version header handled',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-MOD10': { title: 'Missing `Mcp-Method` rejected', revisions: '2026-07-28 \u00b7 http', mode: 'safe' },
  'MCPP-MOD11': {
    title: '`Mcp-Method` must equal the body method',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-MOD12': {
    title: '`Mcp-Name` required and validated before execution',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-MOD13': {
    title: 'Header encoding and case rules honoured',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-MOD14': {
    title: 'Missing required `_meta` fields rejected with `-32602`',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'safe',
  },
  'MCPP-MOD15': {
    title: '`clientInfo` not required',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'safe',
  },
  'MCPP-MOD16': {
    title: 'Unknown and removed methods \u2192 404 + `-32601`',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'safe',
  },
  'MCPP-MOD17': {
    title: 'GET and DELETE answered 405 by modern-only servers',
    revisions: '2026-07-28 (modern-only) \u00b7 http',
    mode: 'safe',
  },
  'MCPP-MOD18': { title: '`Last-Event-ID` ignored', revisions: '2026-07-28 \u00b7 http', mode: 'safe' },
  'MCPP-MOD19': {
    title: 'Legacy `initialize` handled per era',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD20': {
    title: 'Requests served without prior state',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD21': {
    title: '`tools/list` order deterministic',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD22': {
    title: '`tools/list` independent of the connection',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD23': {
    title: 'Error codes used as defined',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive + safe',
  },
  'MCPP-MOD24': {
    title: 'SSE replies carry only request-scoped traffic',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-MOD25': {
    title: 'SSE replies disable proxy buffering',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-MOD26': {
    title: 'No unsolicited log notifications',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD27': {
    title: '`subscriptions/listen` honours the filter',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'safe',
  },
  'MCPP-MOD28': {
    title: 'Extension identifiers well-formed',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-MOD29': {
    title: 'Batches rejected on modern requests',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'safe',
  },
  'MCPP-MOD30': {
    title: '`Mcp-Param-*` headers validated',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'intrusive (user-designated side-effect-free tool)',
  },
  'MCPP-MOD31': {
    title: 'Missing client capabilities reported with `-32021`',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'intrusive (user-designated tool needing elicitation, sampling or roots)',
  },
  'MCPP-PIN01': {
    title: 'No items added since the lock was recorded',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive (lock)',
  },
  'MCPP-PIN02': {
    title: 'No items removed since the lock was recorded',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive (lock)',
  },
  'MCPP-PIN03': {
    title: 'Definitions unchanged',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive (lock)',
  },
  'MCPP-PIN04': {
    title: 'Target recorded in the lock',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive (lock)',
  },
  'MCPP-PIN05': {
    title: 'Resource metadata unchanged',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'passive (lock)',
  },
  'MCPP-PIN06': {
    title: 'AS metadata unchanged',
    revisions: '\u22652025-03-26 \u00b7 as',
    mode: 'passive (lock)',
  },
  'MCPP-PIN07': {
    title: 'Server identity and protocol surface unchanged',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive (lock)',
  },
  'MCPP-PRM01': { title: 'PRM published', revisions: '\u22652025-06-18 \u00b7 http', mode: 'passive' },
  'MCPP-PRM02': {
    title: 'PRM served as a well-formed JSON document',
    revisions: 'any when published or advertised \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM03': {
    title: 'PRM `resource` identifies this endpoint',
    revisions: '\u22652025-06-18; any when published \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM04': {
    title: 'PRM names an authorization server',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM05': {
    title: 'Listed issuers are https without query or fragment',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM06': {
    title: 'No query-string bearer method',
    revisions: 'any when published \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM07': { title: 'Scopes advertised', revisions: '\u22652025-06-18 \u00b7 http', mode: 'passive' },
  'MCPP-PRM08': {
    title: '`resource` has no fragment or query',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM09': {
    title: '`signed_metadata` safe',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM10': {
    title: '`offline_access` not advertised by the resource',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM11': {
    title: 'PRM variants consistent',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM12': {
    title: 'No `none` among resource signing algorithms',
    revisions: 'any when published \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM13': {
    title: 'PRM URL members use https',
    revisions: '\u22652025-06-18 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-PRM14': {
    title: 'Discovery URLs stay out of private networks',
    revisions: 'any \u00b7 http',
    mode: 'passive',
  },
  'MCPP-SCP01': { title: 'No omnibus scopes', revisions: '\u22652025-06-18 \u00b7 http', mode: 'passive' },
  'MCPP-SCP02': {
    title: 'Challenge names the required scopes',
    revisions: '\u22652025-11-25 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-SCP03': {
    title: 'Insufficient scope answered with a step-up challenge',
    revisions: '\u22652025-11-25 \u00b7 http',
    mode: 'token (narrow-scope token)',
  },
  'MCPP-SCP04': {
    title: 'Resource scopes known to the AS',
    revisions: '\u22652025-06-18 \u00b7 http, as',
    mode: 'passive',
  },
  'MCPP-STDIO01': {
    title: 'stdout carries only MCP messages',
    revisions: 'all \u00b7 stdio',
    mode: 'passive',
  },
  'MCPP-STDIO02': { title: 'Newline-delimited framing', revisions: 'all \u00b7 stdio', mode: 'passive' },
  'MCPP-STDIO03': {
    title: 'Diagnostics on stderr are UTF-8',
    revisions: 'all \u00b7 stdio',
    mode: 'passive',
  },
  'MCPP-STDIO04': { title: 'Exits when stdin closes', revisions: 'all \u00b7 stdio', mode: 'safe' },
  'MCPP-STDIO05': {
    title: 'No server-initiated requests on stdout (modern)',
    revisions: '2026-07-28 \u00b7 stdio',
    mode: 'passive',
  },
  'MCPP-STDIO06': {
    title: 'Era probe answered without crashing',
    revisions: 'all \u00b7 stdio',
    mode: 'passive',
  },
  'MCPP-STDIO07': {
    title: 'Leaves no process running after it exits',
    revisions: 'all \u00b7 stdio',
    mode: 'passive',
  },
  'MCPP-TOOL01': {
    title: 'No instruction-like text in metadata',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL02': {
    title: 'No invisible or bidirectional control characters',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL03': { title: 'No encoded payloads', revisions: 'any \u00b7 http, sse, stdio', mode: 'passive' },
  'MCPP-TOOL04': {
    title: 'No cross-tool shadowing',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL05': {
    title: 'No sensitive paths or exfiltration endpoints',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL06': {
    title: 'Metadata length reasonable',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL07': {
    title: 'Annotations consistent with the tool name',
    revisions: '\u22652025-03-26 \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL08': {
    title: 'Free-form inputs constrained',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL09': {
    title: 'Tool names not confusable',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL10': {
    title: 'Definitions inspectable',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL11': {
    title: 'Tool names follow the naming rules',
    revisions: '\u22652025-11-25 \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL12': {
    title: 'Input schemas valid',
    revisions: 'any (root object since 2024-11-05; dialect rules \u22652025-11-25) \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL13': {
    title: 'Capabilities declared for offered features',
    revisions: 'all \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL14': {
    title: '`x-mcp-header` annotations valid',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL15': {
    title: 'No secrets mirrored into headers',
    revisions: '2026-07-28 \u00b7 http, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL16': {
    title: 'No network `$ref` in schemas',
    revisions: 'any (rule text 2026-07-28) \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL17': {
    title: 'Icon URIs safe',
    revisions: '\u22652025-11-25 \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TOOL18': {
    title: 'Unknown tools answered with a protocol error',
    revisions: 'all \u00b7 http, sse, stdio',
    mode: 'safe',
  },
  'MCPP-TOOL19': {
    title: 'Invalid cursors rejected',
    revisions: 'all \u00b7 http, sse, stdio',
    mode: 'safe',
  },
  'MCPP-TOOL20': {
    title: 'Surface within client limits',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TRN01': {
    title: 'MCP endpoint uses HTTPS (loopback exempt)',
    revisions: 'any \u00b7 http, sse',
    mode: 'passive',
  },
  'MCPP-TRN02': {
    title: 'Legacy TLS versions refused',
    revisions: 'any \u00b7 http, sse, as',
    mode: 'passive',
  },
  'MCPP-TRN03': {
    title: 'Certificates valid and not about to expire',
    revisions: 'any \u00b7 http, sse, as',
    mode: 'passive',
  },
  'MCPP-TRN04': {
    title: 'Plain HTTP does not serve MCP or metadata',
    revisions: 'any \u00b7 http, as',
    mode: 'passive',
  },
  'MCPP-TRN05': { title: 'HSTS enabled', revisions: 'any \u00b7 http, as', mode: 'passive' },
  'MCPP-TRN06': { title: 'Streamable HTTP offered', revisions: 'all \u00b7 http, sse', mode: 'passive' },
  'MCPP-TRN07': {
    title: 'Session identifiers stay out of URLs',
    revisions: 'any \u00b7 sse, http',
    mode: 'passive',
  },
  'MCPP-TRN08': {
    title: 'Session IDs well-formed and unpredictable',
    revisions: '2025-03-26\u20262025-11-25 (transport shape) \u00b7 http',
    mode: 'passive',
  },
  'MCPP-TRN09': {
    title: 'No protocol sessions on modern requests',
    revisions: '2026-07-28 \u00b7 http',
    mode: 'passive + safe',
  },
  'MCPP-TRN10': {
    title: 'Discovery documents served with safe headers',
    revisions: 'any \u00b7 http, as',
    mode: 'passive',
  },
  'MCPP-TRN11': {
    title: 'Endpoint answers without redirection',
    revisions: 'any \u00b7 http',
    mode: 'passive',
  },
  'MCPP-TRN12': {
    title: 'CORS does not open the endpoint to arbitrary sites',
    revisions: 'any \u00b7 http, sse',
    mode: 'passive + safe',
  },
  'MCPP-TRN13': {
    title: 'Replies use the required media types',
    revisions: '\u22652025-03-26 \u00b7 http',
    mode: 'passive',
  },
  'MCPP-TRN14': {
    title: 'JSON-RPC messages well-formed',
    revisions: 'all \u00b7 http, sse, stdio',
    mode: 'passive',
  },
  'MCPP-TRN15': {
    title: 'Discovery documents served without cross-origin redirects',
    revisions: 'any \u00b7 http, as',
    mode: 'passive',
  },
  'MCPP-TRN16': {
    title: 'Current protocol revision supported',
    revisions: 'any \u00b7 http, sse, stdio',
    mode: 'passive',
  },
};
