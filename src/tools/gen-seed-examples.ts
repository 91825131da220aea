/**
 * Regenerates docs/examples/seed-<doc>.compliance.md: starts the three seed-document fixtures
 * (Debugssy-like, Agent-Coordinator-like, VegaDūta-like with oidc-provider), scans them, judges
 * every claim of the documents in shared/seeds and writes the claims with their verdicts followed
 * by the compliance report of the main scan (ports and timestamps normalised).
 *
 *   npm run build && node dist/tools/gen-seed-examples.js
 *
 * The fixtures and claim tables are test code (TypeScript under test/fixtures/seeds, outside the
 * build), so they are loaded through Vite's module runner, which this dev tool needs installed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type * as Vite from 'vite';

export const SEED_EXAMPLES_MODULE = 'test/fixtures/seeds/examples.ts';
export const SEED_EXAMPLES_DIR = 'docs/examples';

interface SeedExamplesModule {
  renderSeedExamples(): Promise<Map<string, string>>;
}

async function main(): Promise<void> {
  const root = process.cwd();
  // A computed specifier: vite is a dev dependency, needed only to run this tool.
  const vite = 'vite';
  const { createServer, createServerModuleRunner } = (await import(vite)) as typeof Vite;
  const server = await createServer({
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  // The runner stays open while the fixtures run: they import packages lazily (oidc-provider).
  const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
  let files: Map<string, string>;
  try {
    const module = await runner.import<SeedExamplesModule>(join(root, SEED_EXAMPLES_MODULE));
    files = await module.renderSeedExamples();
  } finally {
    await runner.close();
    await server.close();
  }
  const dir = join(root, SEED_EXAMPLES_DIR);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  console.log(`wrote ${[...files.keys()].join(', ')} to ${SEED_EXAMPLES_DIR}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
