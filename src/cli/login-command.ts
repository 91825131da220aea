/**
 * `login URL` and `logout [URL]` (docs/login.md), and the stored token `scan --login` uses.
 * Exit codes: 0 logged in (or out), 1 the login failed (the report says at which step), 2 usage.
 */
import type { LoginCliOptions } from './cli-options.js';
import { spawn } from 'node:child_process';

import { Option } from 'commander';
import type { Command } from 'commander';

import { escapeTerminalLine } from '../escape/terminal.js';
import { EXIT } from '../run/exit-code.js';
import { UsageError } from '../run/errors.js';
import { readCaFile } from '../run/ca-file.js';
import { isTargetError, parseHttpTarget } from '../targets/target.js';
import { parsePositiveInt } from './options.js';
import { writeTo } from './outputs.js';

function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65_535) throw new UsageError(`not a port: ${v}`);
  return n;
}

/** The system browser, without a shell: the URL is one argument. Failures are ignored (the URL is printed too). */
function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // The printed URL is the fallback.
  }
}

function secretFromEnv(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const v = process.env[name];
  if (!v) throw new UsageError(`--oauth-client-secret-env ${name}: the variable is not set`);
  return v;
}

export function registerLoginCommands(program: Command, result: { code: number }): void {
  program
    .command('login')
    .description('log in to an MCP server as an MCP client does, and store the token for `scan --login`')
    .argument('<url>', 'the MCP endpoint URL')
    .option('--oauth-client-id <id>', 'a client pre-registered at the authorization server')
    .option('--oauth-client-secret-env <var>', 'read the pre-registered client secret from this variable')
    .option('--client-metadata-url <url>', 'a Client ID Metadata Document you host (linted first)')
    .option('--callback-port <port>', 'the loopback callback port (default: ephemeral)', parsePort)
    .addOption(
      new Option('--callback-host <host>', 'the host name in the redirect URI')
        .choices(['127.0.0.1', 'localhost'])
        .default('127.0.0.1'),
    )
    .option('--no-browser', 'print the authorization URL instead of opening the browser')
    .option('--login-timeout <ms>', 'how long to wait for the browser', parsePositiveInt, 300_000)
    .option('--timeout <ms>', 'per-request timeout', parsePositiveInt, 10_000)
    .option('--allow-private', 'let URLs learned from the server reach other private or loopback addresses')
    .option('--ca-file <file>', 'extra CA certificates (PEM) to trust')
    .addOption(
      new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'html']).default('text'),
    )
    .option('-o, --output <file>', 'write the login report to a file instead of stdout')
    .action(async (url: string, o: LoginCliOptions) => {
      const target = parseHttpTarget(url);
      if (isTargetError(target))
        throw new UsageError(target.hint ? `${target.error} (${target.hint})` : target.error);
      if (o.oauthClientSecretEnv && !o.oauthClientId)
        throw new UsageError('--oauth-client-secret-env needs --oauth-client-id');
      if (o.oauthClientId && o.clientMetadataUrl)
        throw new UsageError('give --oauth-client-id or --client-metadata-url, not both');
      const secretEnv = o.oauthClientSecretEnv;
      const secret = secretFromEnv(secretEnv);
      const ca = o.caFile ? readCaFile(o.caFile) : undefined;
      const browser = o.browser !== false;
      // The OAuth client, the token store and the renderers are loaded by these commands only.
      const [{ login }, { saveLogin }, { renderLoginHtml }, { renderLoginText }] = await Promise.all([
        import('../login/flow.js'),
        import('../login/store.js'),
        import('../login/render-html.js'),
        import('../login/render.js'),
      ]);
      const out = await login({
        url: target.href,
        ...(o.oauthClientId ? { clientId: o.oauthClientId } : {}),
        ...(secret ? { clientSecret: secret, clientSecretEnv: secretEnv! } : {}),
        ...(o.clientMetadataUrl ? { clientMetadataUrl: o.clientMetadataUrl } : {}),
        callbackHost: o.callbackHost,
        callbackPort: o.callbackPort ?? 0,
        timeoutMs: o.loginTimeout,
        requestTimeoutMs: o.timeout,
        allowPrivate: Boolean(o.allowPrivate),
        ...(ca ? { ca } : {}),
        openUrl: (u) => {
          process.stderr.write(
            `${browser ? 'Opening the browser at' : 'Open this URL in a browser'}:\n  ${escapeTerminalLine(u)}\n`,
          );
          if (browser) openBrowser(u);
        },
        onProgress: (m) => process.stderr.write(`… ${escapeTerminalLine(m)}\n`),
      });
      if (out.login) saveLogin(out.login);
      const text =
        o.format === 'json'
          ? `${JSON.stringify(out.report, null, 2)}\n`
          : o.format === 'html'
            ? renderLoginHtml(out.report)
            : renderLoginText(out.report);
      process.stdout.write(writeTo(o.output, text));
      result.code = out.report.ok ? EXIT.ok : EXIT.findings;
    });

  program
    .command('logout')
    .description('remove stored logins (all, or those of one URL); clients this tool registered are deleted')
    .argument('[url]', 'the MCP endpoint URL')
    .option('--ca-file <file>', 'extra CA certificates (PEM) to trust')
    .action(async (url: string | undefined, o: LoginCliOptions) => {
      const ca = o.caFile ? readCaFile(o.caFile) : undefined;
      const [{ removeLogins }, { deleteRegisteredClient }] = await Promise.all([
        import('../login/store.js'),
        import('../login/session.js'),
      ]);
      const removed = removeLogins(url ?? null);
      for (const l of removed) {
        const deleted = l.registration ? await deleteRegisteredClient(l, { ...(ca ? { ca } : {}) }) : null;
        process.stdout.write(
          `logged out of ${escapeTerminalLine(l.target)}${deleted === null ? '' : deleted ? ' (registered client deleted)' : ' (the registered client could not be deleted; an administrator can remove it by its name "mcp-posture login …")'}\n`,
        );
      }
      if (removed.length === 0)
        process.stdout.write(`no stored login${url ? ` for ${escapeTerminalLine(url)}` : ''}\n`);
      result.code = EXIT.ok;
    });
}

/** The stored token for `scan URL --login`, refreshed when it is about to expire. */
