/**
 * `mcp-posture history URL`: one target's grade and findings over time, and
 * `mcp-posture fleet report`: the fleet's grades, common failures, new and fixed findings,
 * surface drift and unreachable targets, from the history database.
 */
import type { Command } from 'commander';
import { Option } from 'commander';

import { DEFAULT_DB_FILE, HistoryError, isPostgresUrl, openHistory } from '../fleet/db/open.js';
import type { History } from '../fleet/db/open.js';
import { isTargetError, parseHttpTarget } from '../targets/target.js';
import { existsSync } from 'node:fs';
import { EXIT } from '../run/exit-code.js';
import { UsageError } from '../run/errors.js';
import { writeTo } from './outputs.js';
import { addRenamed } from './renamed.js';

interface HistoryOptions {
  readonly db: string;
  readonly format: 'text' | 'json' | 'markdown';
  readonly limit: number;
  readonly output?: string;
}

interface FleetReportOptions {
  readonly db: string;
  readonly format: 'html' | 'json' | 'markdown' | 'text';
  readonly runId?: string;
  readonly output?: string;
}

/** A SQLite file that does not exist is a typo, not a new empty history. */
async function openForReading(spec: string): Promise<History> {
  if (!isPostgresUrl(spec) && !existsSync(spec.replace(/^sqlite:/, '')))
    throw new UsageError(`no history database at ${spec} (scan with --db ${spec} first)`);
  return openHistory(spec);
}

/** The identity of the target the user typed: a URL, or a local server's `stdio:` (`npm:`) line as reports show it. */
function identityOfTyped(ref: string): string {
  if (/^(stdio|npm|pypi):/.test(ref)) return ref;
  const t = parseHttpTarget(ref);
  if (isTargetError(t)) throw new UsageError(`${ref}: ${t.error}`);
  return t.identity;
}

function positive(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new UsageError('--limit: expected 1..10000');
  return n;
}

export function registerHistoryCommands(program: Command, result: { code: number }): void {
  program
    .command('history')
    .description("one target's grade and findings over time, from the history database")
    .argument('<url>', 'the target URL, or the stdio: command line of a local server (as scanned)')
    .option('--db <path|url>', 'history database (SQLite file or postgres://…)', DEFAULT_DB_FILE)
    .addOption(
      new Option('-f, --format <format>', 'output format')
        .choices(['text', 'json', 'markdown'])
        .default('text'),
    )
    .option('--limit <n>', 'the latest n scans', positive, 200)
    .option('-o, --output <file>', 'write the history to a file instead of stdout')
    .action(async (url: string, o: HistoryOptions) => {
      const identity = identityOfTyped(url);
      // The queries and renderers are loaded by these commands only.
      const [{ targetHistory }, { renderHistoryJson }, { renderHistoryMarkdown, renderHistoryText }] =
        await Promise.all([
          import('../fleet/db/history-queries.js'),
          import('../fleet/report/render-json.js'),
          import('../fleet/report/render-history.js'),
        ]);
      const history = await openForReading(o.db);
      try {
        const h = await targetHistory(history.db, identity, o.limit);
        if (!h) {
          process.stderr.write(`mcp-posture: ${identity} has no scans in ${history.label}\n`);
          result.code = EXIT.usage;
          return;
        }
        const text =
          o.format === 'json'
            ? renderHistoryJson(h)
            : o.format === 'markdown'
              ? renderHistoryMarkdown(h)
              : renderHistoryText(h);
        process.stdout.write(writeTo(o.output, text));
        result.code = EXIT.ok;
      } finally {
        await history.close();
      }
    });

  const fleet = program.command('fleet').description('fleet-wide views of the history database');
  const report = fleet
    .command('report')
    .description(
      'one line per target, grade distribution and trend, common failing checks, new and fixed findings, surface drift',
    )
    .option('--db <path|url>', 'history database (SQLite file or postgres://…)', DEFAULT_DB_FILE)
    .addOption(
      new Option('-f, --format <format>', 'output format')
        .choices(['html', 'json', 'markdown', 'text'])
        .default('markdown'),
    )
    .option('--run-id <id>', 'report on this run, as scan --run-id named it (default: the latest)')
    .option('-o, --output <file>', 'write the report to a file instead of stdout');
  addRenamed(report, [{ old: '--run <id>', now: '--run-id' }]).action(async (o: FleetReportOptions) => {
    const [
      { buildFleetReport, NoRunError },
      { renderFleetHtml },
      { renderFleetJson },
      { renderFleetMarkdown },
      { renderFleetText },
    ] = await Promise.all([
      import('../fleet/db/report-queries.js'),
      import('../fleet/report/render-html.js'),
      import('../fleet/report/render-json.js'),
      import('../fleet/report/render-markdown.js'),
      import('../fleet/report/render-text.js'),
    ]);
    const history = await openForReading(o.db);
    try {
      const report = await buildFleetReport(history.db, o.runId);
      const text =
        o.format === 'html'
          ? renderFleetHtml(report)
          : o.format === 'json'
            ? renderFleetJson(report)
            : o.format === 'text'
              ? renderFleetText(report, { reportExt: 'txt' })
              : renderFleetMarkdown(report);
      process.stdout.write(writeTo(o.output, text));
      result.code = EXIT.ok;
    } catch (err) {
      if (err instanceof NoRunError) throw new UsageError(`${history.label}: ${err.message}`);
      throw err;
    } finally {
      await history.close();
    }
  });
}

export { HistoryError };
