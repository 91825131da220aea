/**
 * `doctor URL [--client NAME]`: scans the target as `scan` does (no probe of its own) and answers,
 * per client, from the report's client matrix (src/report/doctor.ts). The CLI only prints.
 */
import { scanTarget } from '../api.js';
import type { ScanTargetOptions } from '../api.js';
import type { ScanReport } from '../report/model.js';
import { doctorAnswers, renderDoctorMarkdown, renderDoctorText } from '../report/doctor.js';
import { isTargetError, parseHttpTarget } from '../targets/target.js';
import { UsageError } from './errors.js';
import { EXIT } from './exit-code.js';

export interface DoctorRun {
  readonly report: ScanReport;
  readonly output: string;
  /** 0 when the client(s) connect or connect with limits, 1 when one is blocked or unknown, 3 when not reached. */
  readonly code: number;
}

export async function runDoctor(
  url: string,
  opts: {
    readonly client?: string;
    readonly format: 'text' | 'markdown';
    readonly scan: Omit<ScanTargetOptions, 'url'>;
  },
): Promise<DoctorRun> {
  const target = parseHttpTarget(url);
  if (isTargetError(target)) throw new UsageError(target.error);
  const { report } = await scanTarget(target, opts.scan, opts.client ? { clients: [opts.client] } : {});
  const answers = doctorAnswers(report, opts.client);
  const output =
    opts.format === 'markdown' ? renderDoctorMarkdown(report, answers) : renderDoctorText(report, answers);
  const code =
    report.outcome !== 'graded'
      ? EXIT.scanFailed
      : answers.some((a) => a.client.verdict === 'blocked' || a.client.verdict === 'unknown')
        ? EXIT.findings
        : EXIT.ok;
  return { report, output, code };
}
