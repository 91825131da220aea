/**
 * `scanTarget()` scans one parsed target, whatever its kind, `evaluate()` re-runs the checks on
 * saved evidence. Both return the same report model the CLI renders. The library entry
 * (./index.ts) re-exports them with the renderers and the bundle reader; the CLI and the run
 * loop import this module instead, so a scan loads only the renderers it writes.
 */
import type { CheckResult } from './checks/define-check.js';
import { evaluateAll } from './engine/run.js';
import type { ClientConfigEvidence, Evidence } from './evidence/types.js';
import type { CollectOptions } from './probe/scan.js';
import { collectHttpEvidence } from './probe/scan.js';
import type { ReportOptions, ScanReport } from './report/model.js';
import { buildReport } from './report/build-report.js';
import type { PreparedSandbox, SandboxMode } from './probe/stdio/sandbox/prepare.js';
import type { StdioTarget, Target } from './targets/target.js';
import { isTargetError, parseHttpTarget } from './targets/target.js';

export interface ScanOutput {
  readonly evidence: Evidence;
  readonly results: readonly CheckResult[];
  readonly report: ScanReport;
}

/**
 * What one scan may be asked, for a target of either kind. A local (stdio) server is spoken to
 * over its own pipes: the options about HTTP (credentials, headers, TLS, the address policy,
 * the OAuth client) do not apply to it, and the run never gives it any.
 */
export interface ScanTargetOptions extends Omit<CollectOptions, 'url'> {
  /**
   * stdio: `--sandbox` (docs/stdio.md#sandbox): `strict` (or true) runs the server in the sandbox or
   * not at all, `best-effort` warns and runs without it; or a sandbox the run already prepared.
   */
  readonly sandbox?: boolean | SandboxMode | PreparedSandbox;
  /** A discovered target: where the user's MCP clients configure it (the `clientConfig` section, MCPP-CFG01). */
  readonly clientConfig?: ClientConfigEvidence;
}

/** The evidence with the run's knowledge of the target's client configurations added. */
const withClientConfig = (ev: Evidence, c: ClientConfigEvidence | undefined): Evidence =>
  c ? { ...ev, clientConfig: c } : ev;

export async function scanTarget(
  target: Target,
  opts: ScanTargetOptions,
  reportOpts: ReportOptions = {},
): Promise<ScanOutput> {
  if (target.kind === 'http') {
    const { clientConfig, ...collect } = opts;
    return evaluate(withClientConfig(await collectHttpEvidence(target, collect), clientConfig), reportOpts);
  }
  // The stdio runner is loaded only when a local server is scanned.
  const { collectStdioEvidence } = await import('./probe/stdio/collect.js');
  const evidence = await collectStdioEvidence({
    command: target,
    ...(opts.mode ? { mode: opts.mode } : {}),
    ...(opts.spec !== undefined ? { spec: opts.spec } : {}),
    ...(opts.requestTimeoutMs ? { requestTimeoutMs: opts.requestTimeoutMs } : {}),
    ...(opts.scanTimeoutMs ? { scanTimeoutMs: opts.scanTimeoutMs } : {}),
    ...(opts.sandbox ? { sandbox: opts.sandbox } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    ...(opts.lock ? { lock: opts.lock } : {}),
  });
  return evaluate(
    withClientConfig(target.package ? withPackage(evidence, target) : evidence, opts.clientConfig),
    reportOpts,
  );
}

/**
 * A package the scan installed (`--npm`, `--pypi`) is named by its exact version, not by the
 * throwaway path it was launched from; the evidence records what was installed.
 */
function withPackage(evidence: Evidence, target: StdioTarget): Evidence {
  if (!evidence.stdio || !target.package) return evidence;
  return {
    ...evidence,
    target: { ...evidence.target, url: target.href },
    stdio: { ...evidence.stdio, package: target.package },
  };
}

/** Scans the MCP endpoint at `opts.url` (an http(s) URL); see `scanTarget` for every target kind. */
export async function scan(opts: CollectOptions, reportOpts: ReportOptions = {}): Promise<ScanOutput> {
  const target = parseHttpTarget(opts.url);
  if (isTargetError(target)) throw new TypeError(`scan: ${target.error}`);
  const { url: _url, ...rest } = opts;
  return scanTarget(target, rest, reportOpts);
}

/** Re-runs the checks on evidence (live or from a saved bundle); suppressions and a baseline are optional. */
export function evaluate(evidence: Evidence, reportOpts: ReportOptions = {}): ScanOutput {
  return reportOf(evidence, evaluateAll(evidence), reportOpts);
}

/** The report of evidence and its results (the run adds cross-target results before it builds one). */
export function reportOf(
  evidence: Evidence,
  results: readonly CheckResult[],
  reportOpts: ReportOptions = {},
): ScanOutput {
  return { evidence, results, report: buildReport(evidence, results, reportOpts) };
}
