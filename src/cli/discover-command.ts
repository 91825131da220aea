/**
 * `discover`: lists every MCP server the user's clients are configured with, and launches
 * nothing. `scan --discovered` scans them: remote servers directly, stdio servers only with
 * `--allow-exec` (their commands come from files, not from the user); the others are listed as
 * skipped with the reason (docs/stdio.md#discovery).
 */
import type { DiscoverCliOptions, ScanCliOptions } from './cli-options.js';
import { homedir } from 'node:os';

import { scan } from '../api.js';
import type { CliOverrides } from '../config/resolve.js';
import { resolveTargetSettings } from '../config/resolve.js';
import type { Config } from '../config/schema.js';
import type { DiscoveredServer, Discovery } from '../probe/stdio/discover/discover.js';
import { discoverServers, publicView } from '../probe/stdio/discover/discover.js';
import { escapeTerminalLine } from '../report/escape.js';
import type { ScanReport } from '../report/model.js';
import { combineExitCodes, EXIT, exitCodeFor } from './exit-code.js';
import { anchorFor } from './manifest.js';
import { UsageError } from './options.js';
import { checkOutputOpts, outputOptsOf, writeOutputs } from './outputs.js';
import { scanOneStdio } from './stdio-command.js';

function discoveryOf(o: Pick<DiscoverCliOptions, 'home' | 'project' | 'systemRoot'>): Discovery {
  const home = o.home ?? homedir();
  return discoverServers({
    home,
    project: o.project ?? process.cwd(),
    // A fake home (tests, audits of another account) does not read this machine's managed settings.
    systemRoot: o.systemRoot ?? (o.home ? null : '/'),
  });
}

export function runDiscover(o: DiscoverCliOptions): number {
  const format = o.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError('--format must be text or json');
  const d = discoveryOf(o);
  if (format === 'json') {
    process.stdout.write(
      `${JSON.stringify({ servers: d.servers.map(publicView), errors: d.errors }, null, 2)}\n`,
    );
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
  }
  for (const err of d.errors) lines.push(`error: ${e(err.file)}: ${e(err.message)}`);
  lines.push(`${d.servers.length} server${d.servers.length === 1 ? '' : 's'} found; nothing was launched.`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return EXIT.ok;
}

/** Why a discovered server is not scanned, or null when it is. */
export function skipReason(s: DiscoveredServer, allowExec: boolean): string | null {
  if (s.transport === 'stdio' && !allowExec)
    return 'a local command from a config file: runs only with --allow-exec';
  if (s.transport !== 'stdio' && !/^https?:\/\//i.test(s.url ?? '')) return 'not an http(s) URL';
  if (s.transport !== 'stdio' && /\$\{|\$[A-Za-z_]/.test(s.url ?? ''))
    return 'the URL holds an environment-variable reference';
  return null;
}

export async function runDiscoveredScan(
  o: ScanCliOptions,
  ctx: { readonly config: Config | null; readonly cli: CliOverrides },
): Promise<number> {
  const d = discoveryOf(o);
  const allowExec = Boolean(o.allowExec);
  const outputs = outputOptsOf(o);
  checkOutputOpts(outputs);
  const progress = (m: string): void => {
    if (process.stderr.isTTY) process.stderr.write(`… ${escapeTerminalLine(m)}\n`);
  };
  const reports: ScanReport[] = [];
  const codes: number[] = [];
  for (const err of d.errors)
    process.stderr.write(
      `mcp-posture: ${escapeTerminalLine(err.file)}: ${escapeTerminalLine(err.message)}\n`,
    );
  const seen = new Set<string>();
  for (const s of d.servers) {
    const label = `${s.client} ${s.name}`;
    const reason = skipReason(s, allowExec);
    if (reason) {
      process.stderr.write(
        `skipped ${escapeTerminalLine(label)} (${s.transport}, ${escapeTerminalLine(s.file)}): ${reason}\n`,
      );
      continue;
    }
    // The same server configured in several clients is scanned once.
    const identity =
      s.transport === 'stdio'
        ? JSON.stringify([s.command, s.args ?? [], s.env ?? {}, s.cwd ?? null])
        : s.url!;
    if (seen.has(identity)) continue;
    seen.add(identity);
    if (s.transport === 'stdio') {
      const env = expandRefs(s.env ?? {});
      if (env === null) {
        process.stderr.write(
          `skipped ${escapeTerminalLine(label)}: an env reference names an unset variable\n`,
        );
        continue;
      }
      const out = await scanOneStdio(
        { command: s.command!, args: s.args ?? [], env, cwd: s.cwd ?? null },
        o,
        { config: ctx.config, cli: ctx.cli, target: null, progress },
      );
      reports.push(out.report);
      codes.push(out.code);
    } else {
      const st = resolveTargetSettings(ctx.config, { url: s.url! }, process.env, ctx.cli);
      const out = await scan(
        {
          url: s.url!,
          mode: st.mode,
          spec: st.spec,
          requestTimeoutMs: st.timeoutMs,
          scanTimeoutMs: st.scanTimeoutMs,
          onProgress: progress,
        },
        { suppressions: ctx.config?.suppressions ?? [], targetName: null },
      );
      reports.push(out.report);
      codes.push(exitCodeFor(out.report, { failOn: st.failOn, minGrade: st.minGrade }));
    }
  }
  if (reports.length === 0) {
    process.stderr.write('mcp-posture: no discovered server was scanned\n');
    return EXIT.ok;
  }
  process.stdout.write(
    await writeOutputs(reports, outputs, { anchor: anchorFor('mcp-posture.targets.json', ''), color: false }),
  );
  return combineExitCodes(codes);
}

/** `${env:NAME}`, `${NAME}` and `$NAME` values read from the environment at scan time; null when one is unset. */
function expandRefs(env: Readonly<Record<string, string>>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    const ref = /^\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}$|^\$([A-Za-z_][A-Za-z0-9_]*)$/.exec(v);
    const name = ref?.[1] ?? ref?.[2];
    if (name === undefined) out[k] = v;
    else if (process.env[name] === undefined) return null;
    else out[k] = process.env[name]!;
  }
  return out;
}
