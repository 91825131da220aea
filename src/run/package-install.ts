/**
 * `scan --npm` / `scan --pypi` (docs/stdio.md#audit-a-package-before-installing-it): the package is
 * installed into a throwaway prefix by the user's own package manager, outside the sandbox and
 * with the network, with install scripts switched off; its command is then launched inside the
 * sandbox like any local server, with the prefix mapped read-only. Every prefix is removed when
 * the run ends (`removeAll`).
 *
 * An install that fails, a package without a command, or one with several and none chosen, is a
 * `PackageError`: a usage error for `--npm`, a skipped server for `--discovered`.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { StdioTarget } from '../targets/target.js';
import { installNpm } from './npm-package.js';
import { installPypi } from './pypi-package.js';
import type { PackageRequest } from './package-step.js';

export class PackageInstalls {
  readonly #dirs: string[] = [];

  /** `npm install --ignore-scripts` into a throwaway prefix; the target launches its bin with node. */
  npm(req: PackageRequest): Promise<StdioTarget> {
    return installNpm(req, this.#prefix('npm'));
  }

  /** `uv pip install` (wheels only) into a throwaway virtualenv; the target launches its console script. */
  pypi(req: PackageRequest): Promise<StdioTarget> {
    return installPypi(req, this.#prefix('pypi'));
  }

  /** Removes every prefix this run installed into. */
  removeAll(): void {
    for (const dir of this.#dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }

  /**
   * A new prefix. Readable by all: a scan as root runs the server as `nobody` in the sandbox, and
   * the prefix is what it runs (mkdtemp makes it private).
   */
  #prefix(kind: string): string {
    const dir = mkdtempSync(join(tmpdir(), `mcp-posture-${kind}-`));
    this.#dirs.push(dir);
    chmodSync(dir, 0o755);
    return dir;
  }
}
