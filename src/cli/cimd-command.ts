/**
 * `cimd lint <url|file> [--url URL]`: CIMD50–CIMD57 on a client's own Client ID Metadata
 * Document (docs/login.md#linting-a-client-metadata-document). Exit 0 when nothing at high or
 * above fails, 1 otherwise (what blocks the login's use of the document), 2 usage.
 */
import { existsSync } from 'node:fs';

import { Option } from 'commander';
import type { Command } from 'commander';

import { blockingFindings, lintClientMetadata } from '../checks/cimd/lint.js';
import type { ClientMetadataSource } from '../checks/cimd/lint.js';
import { fetchClientMetadata, readClientMetadata } from '../login/client-metadata.js';
import { createHttpClient } from '../probe/http/client.js';
import { escapeTerminalLine } from '../report/escape.js';
import { EXIT } from './exit-code.js';
import { UsageError } from './options.js';

const MARK = { pass: '✓', fail: '✗', not_applicable: '·' } as const;

export function registerCimdCommands(program: Command, result: { code: number }): void {
  const cimd = program.command('cimd').description('Client ID Metadata Documents');
  cimd
    .command('lint')
    .description("lint a client's own metadata document (MCPP-CIMD50–MCPP-CIMD57)")
    .argument('<source>', 'the document URL, or a file')
    .option('--url <url>', 'for a file: the URL it will be served at (its client ID)')
    .option('--allow-private', 'let the URL reach private or loopback addresses other than its own')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (src: string, o: Record<string, unknown>) => {
      let source: ClientMetadataSource;
      const isUrl = /^https?:\/\//i.test(src);
      if (isUrl) {
        if (!URL.canParse(src)) throw new UsageError(`not a URL: ${src}`);
        if (o['url'])
          throw new UsageError('--url is for a file; a fetched document is judged at its own URL');
        const client = createHttpClient({ target: new URL(src), allowPrivate: Boolean(o['allowPrivate']) });
        try {
          source = (await fetchClientMetadata(client, src)).source;
        } finally {
          await client.close();
        }
      } else {
        if (!existsSync(src)) throw new UsageError(`no such file: ${src}`);
        source = readClientMetadata(src, (o['url'] as string | undefined) ?? null);
      }
      const findings = lintClientMetadata(source);
      const blocking = blockingFindings(findings);
      if (o['format'] === 'json') {
        process.stdout.write(`${JSON.stringify({ source: src, url: source.url, findings }, null, 2)}\n`);
      } else {
        const lines = [`mcp-posture cimd lint ${escapeTerminalLine(src)}`, ''];
        for (const f of findings)
          lines.push(
            `  ${MARK[f.status]} ${f.id}${f.severity ? ` ${f.severity}` : ''}${f.key ? ` [${escapeTerminalLine(f.key)}]` : ''}: ${escapeTerminalLine(f.message)}`,
          );
        lines.push(
          '',
          blocking.length > 0
            ? `${blocking.length} finding(s) at high or above: mcp-posture login refuses this document.`
            : 'Nothing at high or above: mcp-posture login accepts this document.',
        );
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      result.code = blocking.length > 0 ? EXIT.findings : EXIT.ok;
    });
}
