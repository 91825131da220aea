/**
 * The test suite's fixture servers (official SDK 1.x and 2.x servers, oidc-provider, the hostile
 * corpus) for the bench. They are TypeScript under test/, outside the build, so they are loaded
 * through Vite's module runner, as gen-seed-examples does; vite is a dev dependency, needed only
 * to run the bench. The runner stays open while the fixtures run: they import packages lazily.
 */
import { join } from 'node:path';

import type * as Vite from 'vite';

export interface FixtureRunner {
  /** Imports a module of the repository by its path from the root (e.g. `test/fixtures/servers/sdk1.ts`). */
  load<T>(path: string): Promise<T>;
  close(): Promise<void>;
}

export async function openFixtureRunner(root = process.cwd()): Promise<FixtureRunner> {
  // A computed specifier: vite is a dev dependency, not one of the package's.
  const vite = 'vite';
  const { createServer, createServerModuleRunner } = (await import(vite)) as typeof Vite;
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
  return {
    load: async <T>(path: string) => (await runner.import(join(root, path))) as T,
    close: async () => {
      await runner.close();
      await server.close();
    },
  };
}
