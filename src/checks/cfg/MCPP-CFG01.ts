import type { ClientConfigListing, ConfigKeyRef } from '../../evidence/types.js';
import { CWE_798, OWASP_MCP_TOP10 } from '../../spec/citations.js';
import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';

const nameOf = (k: ConfigKeyRef) => `${k.where === 'header' ? 'header' : 'env'} \`${k.key}\``;
const where = (l: ClientConfigListing) =>
  `server \`${l.server}\` in ${l.file}${l.project ? ` (project ${l.project})` : ''}`;
const locationOf = (l: ClientConfigListing) => `config:${l.file}#${l.server}`;

export default defineCheck({
  meta: {
    id: 'MCPP-CFG01',
    title: 'No literal secrets in client configurations',
    requirement:
      'An MCP client configuration that lists the server holds no credential written out: headers that carry credentials and environment variables named like secrets refer to the user’s environment (`${VAR}`, `${env:VAR}`) instead.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse', 'stdio'],
    mode: 'passive',
    requires: ['clientConfig'],
    rating: { scope: 'none' },
    // About the user's files: its findings are kept whatever the server turned out to be (unreachable, not MCP).
    classIndependent: true,
    keys: {
      'literal-secret':
        'a credential header (`Authorization`, `X-API-Key`, a cookie or token header) or an env variable named like a secret (`…_TOKEN`, `…_KEY`, `…_SECRET`, `…_PASSWORD`) has a literal value; high in a project file (it travels with the project), medium in a user or managed file',
      'credentials-unused':
        'the configuration gives the server credentials that this scan did not send (no `--use-config-credentials`): the server was judged as an anonymous client sees it (info)',
    },
    severity: 'medium',
    citations: [CWE_798, OWASP_MCP_TOP10],
    rationale:
      'Client configuration files are read by every tool that lists MCP servers, backed up, synced and, for project files, committed: a token written into one leaks with the file. The clients read references to the environment, so the secret need not be in the file.',
    remediation:
      'Move the value into the environment or the client’s secret store and refer to it (`"Authorization": "Bearer ${env:GITHUB_TOKEN}"`, `"env": { "GITHUB_TOKEN": "${env:GITHUB_TOKEN}" }`), then rotate the credential: it has been on disk.',
    evidence:
      'The `clientConfig` section, set by `scan --discovered`: each configuration entry that lists the target (client, scope, file, project, server name) with the names of its credential headers and secret-named env variables, and of those whose value is literal. Values are never recorded.',
    traps:
      'A value that refers to the environment anywhere (`Bearer ${env:TOKEN}`, `$TOKEN`) is not literal; placeholders (`<your-token>`, `YOUR_TOKEN_HERE`-style `your-…`, `xxx`) are not secrets. Names are matched by word (`GITHUB_TOKEN`, `apiKey`), so `PATH` or `KEYBOARD` do not count.',
    notes:
      'A finding about a file, not the server (it does not count in the rating): a project file (`.mcp.json`, `.vscode/mcp.json`) is shared and often committed, so a secret in it is high; one in a user file is medium. Not applicable (`feature_absent`) to targets not found in a client configuration. The message names the file, the server and the key, never the value.',
  },
  evaluate(ev, ctx) {
    const c = ev.clientConfig;
    const out: Verdict[] = [];
    for (const l of c.listings)
      for (const k of l.literalSecrets)
        out.push(
          ctx.fail(
            `${where(l)} (${l.client}, ${l.scope} scope): ${nameOf(k)} holds a literal secret; refer to the environment instead, and rotate it.`,
            [],
            {
              location: locationOf(l),
              key: 'literal-secret',
              severity: l.scope === 'project' ? 'high' : 'medium',
            },
          ),
        );
    if (!c.credentialsUsed)
      for (const l of c.listings)
        if (l.credentials.length > 0)
          out.push(
            ctx.fail(
              `${where(l)} gives the server credentials (${l.credentials.map(nameOf).join(', ')}) that this scan did not send: it was judged as an anonymous client sees it (--use-config-credentials sends them, to this server only).`,
              [],
              { location: locationOf(l), key: 'credentials-unused', severity: 'info' },
            ),
          );
    if (out.length > 0) return out;
    return ctx.pass(
      `No literal secret in the ${c.listings.length} client configuration entr${c.listings.length === 1 ? 'y' : 'ies'} that list this server.`,
    );
  },
});
