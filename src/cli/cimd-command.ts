/**
 * `cimd lint <url|file> [--url URL]`: the CIMD lint checks (MCPP-CIMD50–MCPP-CIMD57) on a client's
 * own Client ID Metadata Document, through the engine and every report format
 * (docs/login.md#linting-a-client-metadata-document). Exit 1 when a check fails at or above
 * `--fail-on` (default medium, as `scan`), 2 usage.
 */
import type { CimdLintCliOptions } from './cli-options.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Command } from 'commander';

import type { CimdVariantSet } from '../cimd/variants.js';
import type { ClientMetadataSource } from '../evidence/cimd-types.js';
import type { HttpExchange } from '../evidence/types.js';
import { exitCodeFor } from '../run/exit-code.js';
import { anchorFor } from './manifest.js';
import { UsageError } from '../run/errors.js';
import { FAIL_ON } from '../config/constants.js';
import { parseFailOn, parseFormats } from './options.js';
import { addRenamed } from './renamed.js';
import { checkOutputOpts, outputOptsOf, writeOutputs } from './outputs.js';

export function registerCimdCommands(program: Command, result: { code: number }): void {
  const cimd = program.command('cimd').description('Client ID Metadata Documents');
  cimd
    .command('lint')
    .description("lint a client's own metadata document (MCPP-CIMD50–MCPP-CIMD57)")
    .argument('<source>', 'the document URL, or a file')
    .option('--url <url>', 'for a file: the URL it will be served at (its client ID)')
    .option('--allow-private', 'let the URL reach private or loopback addresses other than its own')
    .option('-f, --format <formats>', 'report format(s), comma-separated', parseFormats, ['text'])
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--output-dir <dir>', 'write every requested format into this directory')
    .option(
      '--fail-on <severity>',
      `exit 1 when a check fails at or above this severity (${FAIL_ON.join('|')}; high: only what blocks the login's use of the document)`,
      parseFailOn,
      'medium',
    )
    .option('--no-color', 'never colour the terminal report')
    .option('--verbose', 'list every not-applicable check in the text report')
    .action(async (src: string, o: CimdLintCliOptions) => {
      const outputs = outputOptsOf(o);
      checkOutputOpts(outputs);
      // What linting needs is loaded by this command only, not with every other command.
      const [{ CIMD_LINT_CHECKS }, { evaluateAll }, metadata, { lintRunEvidence }, http, { buildReport }] =
        await Promise.all([
          import('../checks/cimd/index.js'),
          import('../engine/run.js'),
          import('../login/client-metadata.js'),
          import('../login/lint-evidence.js'),
          import('../probe/http/client.js'),
          import('../report/build-report.js'),
        ]);
      const started = new Date();
      let source: ClientMetadataSource;
      let exchanges: readonly HttpExchange[] = [];
      if (/^https?:\/\//i.test(src)) {
        if (!URL.canParse(src)) throw new UsageError(`not a URL: ${src}`);
        if (o.url) throw new UsageError('--url is for a file; a fetched document is judged at its own URL');
        const client = http.createHttpClient({ target: new URL(src), allowPrivate: Boolean(o.allowPrivate) });
        try {
          source = (await metadata.fetchClientMetadata(client, src)).source;
          exchanges = client.exchanges();
        } finally {
          await client.close();
        }
      } else {
        if (!existsSync(src)) throw new UsageError(`no such file: ${src}`);
        const url = o.url;
        if (url !== undefined && !URL.canParse(url))
          throw new UsageError(`--url must be an absolute URL: ${url}`);
        source = metadata.readClientMetadata(src, url ?? null);
      }
      const ev = lintRunEvidence(source, `file:${src}`, exchanges, started, Date.now() - started.getTime());
      const report = buildReport(ev, evaluateAll(ev, CIMD_LINT_CHECKS));
      const color = o.color && Boolean(process.stdout.isTTY) && !o.output && !process.env['NO_COLOR'];
      process.stdout.write(
        await writeOutputs([report], outputs, { anchor: anchorFor('mcp-posture.targets.json', ''), color }),
      );
      result.code = exitCodeFor(report, { failOn: o.failOn, minGrade: null });
    });
  const variants = cimd
    .command('variants')
    .description(
      'write the document variants the intrusive CIMD checks send (MCPP-CIMD10–MCPP-CIMD19), to host at --base',
    )
    .requiredOption('--base <url>', 'the https URL the directory will be served at')
    .option('--output-dir <dir>', 'the directory to write them to (required)');
  addRenamed(variants, [{ old: '--out <dir>', now: '--output-dir' }]).action(
    async (o: { base: string; outputDir?: string }) => {
      if (o.outputDir === undefined) throw new UsageError('cimd variants needs --output-dir DIR');
      if (!/^https:\/\//i.test(o.base)) throw new UsageError(`--base must be an https URL: ${o.base}`);
      const { cimdVariants, normaliseBase } = await import('../cimd/variants.js');
      const b = normaliseBase(o.base);
      if ('error' in b) throw new UsageError(`--base: ${b.error}`);
      process.stdout.write(writeVariants(cimdVariants(b.base), o.outputDir));
    },
  );
}

/** Writes the variants and `manifest.json` (how each must be served) into `dir`; returns the summary. */
function writeVariants(set: CimdVariantSet, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const lines: string[] = [];
  for (const d of set.documents) {
    // A redirect is configured at the host, not written; the later answer of error-then-valid needs the scanner's server.
    if (d.status !== 200) {
      lines.push(`  ${d.path.padEnd(24)} not written: ${d.note}`);
      continue;
    }
    writeFileSync(join(dir, d.path), d.body);
    lines.push(`  ${d.path.padEnd(24)} ${d.note}`);
  }
  const manifest = {
    base: set.base,
    documents: set.documents.map((d) => ({
      path: d.path,
      url: d.url,
      status: d.status,
      headers: d.headers,
      note: d.note,
    })),
    malformedClientIds: set.shapes,
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return [
    `Wrote the CIMD variants for ${set.base} to ${dir}:`,
    ...lines,
    `  ${'manifest.json'.padEnd(24)} the status and headers each URL must be served with`,
    '',
    'Serve them as application/json at that base, redirecting.json as a 302 to redirect-target.json, then scan',
    `with --mode intrusive --cimd-base ${set.base}. CIMD17 (caching) needs a request log: only the scanner's own`,
    'loopback variants server has one.',
    '',
  ].join('\n');
}
