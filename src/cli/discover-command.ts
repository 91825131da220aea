/**
 * `discover`: lists every MCP server the user's clients are configured with, and launches
 * nothing. `scan --discovered` scans them (src/targets/sources/discovered.ts): remote servers
 * directly, stdio servers only with `--allow-exec` (their commands come from files, not from
 * the user); the others are skipped with the reason (docs/stdio.md#discovery). A server started
 * through a package runner gets the command that audits its package first.
 */
import type { DiscoverCliOptions } from './cli-options.js';

import type { DiscoveredServer } from '../targets/discover/discover.js';
import { publicView } from '../targets/discover/discover.js';
import { auditCommandOf, packageLaunchOf } from '../targets/package-runner.js';
import { discoverClientConfigs } from '../targets/sources/discovered.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { EXIT } from '../run/exit-code.js';
import { writeTo } from './outputs.js';

/**
 * For a server configured as `npx -y <package>` or `uvx <package>`: the `scan --npm` (`--pypi`)
 * command that audits the package before the client installs it, built from the redacted view
 * (a secret among the arguments is not repeated).
 */
function auditOf(s: DiscoveredServer): string | null {
  if (s.transport !== 'stdio' || s.command === undefined) return null;
  const v = publicView(s);
  const args = Array.isArray(v['args']) ? (v['args'] as unknown[]).map(String) : [];
  const launch = packageLaunchOf({ command: s.command, args, env: {}, cwd: null });
  return launch === null ? null : auditCommandOf(launch, Object.keys(s.env ?? {}));
}

export function runDiscover(o: DiscoverCliOptions): number {
  const format = o.format ?? 'text';
  const d = discoverClientConfigs({
    ...(o.home !== undefined ? { home: o.home } : {}),
    ...(o.project !== undefined ? { project: o.project } : {}),
    ...(o.systemRoot !== undefined ? { systemRoot: o.systemRoot } : {}),
  });
  if (format === 'json') {
    const servers = d.servers.map((s) => {
      const audit = auditOf(s);
      return { ...publicView(s), ...(audit !== null ? { audit } : {}) };
    });
    const json = `${JSON.stringify({ servers, errors: d.errors, skipped: d.skipped }, null, 2)}\n`;
    process.stdout.write(writeTo(o.output, json));
    return EXIT.ok;
  }
  const e = escapeTerminalLine;
  const lines: string[] = [];
  for (const s of d.servers) {
    const v = publicView(s);
    const what =
      s.transport === 'stdio'
        ? [v['command'], ...((v['args'] as string[] | undefined) ?? [])].join(' ')
        : String(v['url']);
    lines.push(
      `${s.client.padEnd(15)} ${s.scope.padEnd(8)} ${s.transport.padEnd(16)} ${e(s.name)}  ${e(what)}`,
    );
    lines.push(`${' '.repeat(41)}${e(s.file)}${s.project ? ` (project ${e(s.project)})` : ''}`);
    const creds = v['credentials'] as { where: string; key: string; literal: boolean }[] | undefined;
    if (creds)
      lines.push(
        `${' '.repeat(41)}credentials: ${creds.map((c) => `${c.where} ${e(c.key)}${c.literal ? ' (literal secret)' : ''}`).join(', ')}; scan --discovered sends them only with --use-config-credentials`,
      );
    const audit = auditOf(s);
    if (audit !== null) lines.push(`${' '.repeat(41)}audit before installing: ${e(audit)}`);
  }
  for (const err of d.errors) lines.push(`error: ${e(err.file)}: ${e(err.message)}`);
  for (const k of d.skipped) lines.push(`skipped: ${e(k.file)}: ${e(k.reason)}`);
  lines.push(`${d.servers.length} server${d.servers.length === 1 ? '' : 's'} found; nothing was launched.`);
  process.stdout.write(writeTo(o.output, `${lines.join('\n')}\n`));
  return EXIT.ok;
}
