/**
 * What a command loads before it runs is start-up time on every scan: the static import graph
 * of the CLI (src/cli/main.ts, which bin.ts imports once a command is given) must not reach the
 * code only some commands need. Those modules are imported where they are used. Type-only
 * imports are erased and do not count; every other import and re-export is an edge.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The static, value-level import specifiers of one source file. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      if (node.importClause?.isTypeOnly) continue;
      if (ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      if (ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

/** Every module reachable from `entry` through static imports: repo paths and package names. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const key = relative(ROOT, file);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else if (!spec.startsWith('node:')) seen.add(spec.startsWith('@') ? spec : spec.split('/')[0]!);
    }
  }
  return seen;
}

describe('the CLI loads only what the command uses', () => {
  const graph = reachable('src/cli/main.ts');

  it('walks the real graph (the scan pipeline and the checks are reached)', () => {
    for (const m of ['src/cli/scan-command.ts', 'src/probe/collect.ts', 'src/checks/index.ts', 'commander'])
      expect(graph, m).toContain(m);
  });

  it.each([
    // Validators and databases: a lock, a config, a baseline, a bundle, the history.
    'zod',
    'ajv',
    'ajv-formats',
    'kysely',
    'better-sqlite3',
    'pg',
    'cli-progress',
    // Report formats other than the one written (format-loader.ts imports each on demand).
    'src/report/html.ts',
    'src/report/sarif.ts',
    'src/report/junit.ts',
    'src/report/markdown.ts',
    'src/report/compliance.ts',
    'src/report/migration.ts',
    'src/report/text.ts',
    // Other commands' machinery.
    'src/login/flow.ts',
    'src/login/render-html.ts',
    'src/fleet/db/store.ts',
    'src/fleet/runner.ts',
    'src/fleet/report/render-html.ts',
    'src/report/lock-diff.ts',
    'src/report/diff.ts',
    'src/report/check-doc.ts',
    'src/probe/stdio/collect.ts',
  ])('%s is not loaded up front', (m) => {
    expect(graph).not.toContain(m);
  });
});
