/**
 * `doctor URL [--client NAME]`: scans the target through the run loop, as `scan` does (the same
 * target preparation, credentials and trust rules: `-H`, `--token-env`, `--login`, `--ca-file`, a
 * config target's settings; no probe of its own) and answers, per client, from the report's
 * client matrix (src/report/doctor.ts). The CLI only parses and prints.
 */
import type { Config } from '../config/schema.js';
import type { CliOverrides } from '../config/resolve.js';
import type { ScanReport } from '../report/model.js';
import { doctorAnswers, renderDoctorMarkdown, renderDoctorText } from '../report/doctor.js';
import type { SourcedTarget } from '../targets/sources/types.js';
import { isTargetError, parseHttpTarget } from '../targets/target.js';
import { configTargets } from './config-targets.js';
import type { ConfigTarget } from './config-targets.js';
import { UsageError } from './errors.js';
import { EXIT } from './exit-code.js';
import { prepareTargets } from './prepare.js';
import type { RunSettings } from './prepare.js';
import { runTargets } from './run-targets.js';

export interface DoctorRun {
  readonly report: ScanReport;
  readonly output: string;
  /** 0 when the client(s) connect or connect with limits, 1 when one is blocked or unknown, 3 when not reached. */
  readonly code: number;
}

export interface DoctorRequest {
  /** The MCP endpoint URL, or the name (or URL) of an endpoint target in the config file. */
  readonly target: string;
  readonly client?: string;
  readonly format: 'text' | 'markdown';
  /** The config file, when one was given or found: a target it names brings its settings. */
  readonly config?: Config | null;
  /** What the user typed: mode, timeout, `-H` headers, `--token-env` (as for `scan`). */
  readonly cli?: CliOverrides;
  /** `--login`: the token stored by `mcp-posture login` for the target. */
  readonly storedLogin?: boolean;
  readonly caFile?: string;
  /** Lines for the user (a stored login being refreshed, a database warning). */
  readonly warn?: (line: string) => void;
}

/** A config target named by the argument (name or URL), else the argument as a URL. */
function targetOf(req: DoctorRequest): { sourced: SourcedTarget; entry?: ConfigTarget['entry'] } {
  const config = req.config ?? null;
  const named = config?.targets.some((t) => t.name === req.target || t.url === req.target);
  if (config && named) {
    const [chosen] = configTargets(config, req.target);
    if (chosen!.sourced.target.kind !== 'http')
      throw new UsageError(`doctor asks about remote servers: ${req.target} is a local (stdio) target`);
    return { sourced: chosen!.sourced, entry: chosen!.entry };
  }
  const target = parseHttpTarget(req.target);
  if (isTargetError(target)) throw new UsageError(target.error);
  return { sourced: { target, name: null, source: 'url', registry: null } };
}

export async function runDoctor(req: DoctorRequest): Promise<DoctorRun> {
  const { sourced, entry } = targetOf(req);
  const settings: RunSettings = {
    config: req.config ?? null,
    cli: req.cli ?? {},
    token: undefined,
    storedLogin: req.storedLogin === true,
    caFile: req.caFile,
    sandbox: 'off',
    baseline: undefined,
    ...(req.client ? { clients: [req.client] } : {}),
  };
  const entries = new Map(entry ? [[sourced.target.identity, entry]] : []);
  const prepared = await prepareTargets(settings, [sourced], entries);
  const run = await runTargets({
    targets: prepared,
    sourceLabel: `doctor ${sourced.target.identity}`,
    pacing: { concurrency: 1, perHost: 1, maxAttempts: 1, maxBackoffMs: 0 },
    history: { resume: false, db: null, shard: null },
    keep: true,
    warn: req.warn ?? (() => undefined),
  });
  const out = run.outputs[0];
  if (!out) throw new Error(`doctor: the scan of ${sourced.target.identity} did not finish`);
  const report = out.report;
  const answers = doctorAnswers(report, req.client);
  const output =
    req.format === 'markdown' ? renderDoctorMarkdown(report, answers) : renderDoctorText(report, answers);
  const code =
    report.outcome !== 'graded'
      ? EXIT.scanFailed
      : answers.some((a) => a.client.verdict === 'blocked' || a.client.verdict === 'unknown')
        ? EXIT.findings
        : EXIT.ok;
  return { report, output, code };
}
