/**
 * `scan --npm <package>[@version]`: `npm install --ignore-scripts` into a throwaway prefix, then
 * the package read back from what npm wrote — the exact version and integrity from the lock
 * (`package-lock.json`, else `node_modules/.package-lock.json`), the install scripts it and its
 * dependencies declare (not run), and its `bin` — and a stdio target that launches the bin with
 * node (docs/stdio.md#audit-a-package-before-installing-it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

import type { StdioPackage } from '../evidence/stdio-types.js';
import type { StdioTarget } from '../targets/target.js';
import { packageTarget } from '../targets/target.js';
import type { InstallStep, PackageRequest } from './package-step.js';
import { chooseBin, PackageError, runStep } from './package-step.js';

/** The install, as `--plan` shows it: the user's npm, no scripts, nothing sent to npm's audit or funding. */
export function npmInstallStep(spec: string, prefix: string): InstallStep {
  return {
    program: 'npm',
    args: ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', prefix, spec],
  };
}

/** npm's lifecycle scripts that run on install (all switched off by `--ignore-scripts`). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

interface LockEntry {
  readonly version?: unknown;
  readonly integrity?: unknown;
  readonly hasInstallScript?: unknown;
}

export async function installNpm(req: PackageRequest, prefix: string): Promise<StdioTarget> {
  await runStep(npmInstallStep(req.spec, prefix), prefix, req.spec);
  const name = installedName(prefix, req.spec);
  const dir = join(prefix, 'node_modules', ...name.split('/'));
  const manifest = readJson(join(dir, 'package.json'));
  const entries = lockEntries(prefix);
  const entry = entries[`node_modules/${name}`] ?? {};
  const version = str(entry.version) ?? str(manifest['version']) ?? 'unknown';
  const bins = binsOf(manifest, name);
  if (bins.size === 0)
    throw new PackageError(
      `${name}@${version} declares no command (no "bin" in its package.json): it is a library, not a server to launch; scan the program that uses it with --stdio -- node <file>`,
      'usage',
    );
  const bin = chooseBin([...bins.keys()], req.bin, name, '--npm-bin');
  const script = resolve(dir, bins.get(bin)!);
  if (!within(dir, script))
    throw new PackageError(`${name}: its bin ${bin} points outside the package`, 'usage');
  const pkg: StdioPackage = {
    ecosystem: 'npm',
    name,
    version,
    integrity: str(entry.integrity),
    bin,
    installScripts: installScriptsOf(entries, manifest, name),
  };
  return packageTarget(
    { command: process.execPath, args: [script, ...req.args], env: req.env, cwd: null },
    pkg,
    req.args,
    [prefix],
  );
}

/** The one dependency npm saved into the prefix's package.json: the package's real name, whatever the spec. */
function installedName(prefix: string, spec: string): string {
  const deps = readJson(join(prefix, 'package.json'))['dependencies'];
  const names = deps && typeof deps === 'object' ? Object.keys(deps) : [];
  if (names.length !== 1)
    throw new PackageError(`could not install ${spec}: npm recorded no package`, 'install');
  return names[0]!;
}

/** The lock's package entries: package-lock.json, else the hidden lock npm keeps in node_modules. */
function lockEntries(prefix: string): Readonly<Record<string, LockEntry>> {
  for (const file of ['package-lock.json', join('node_modules', '.package-lock.json')]) {
    const packages = readJson(join(prefix, file))['packages'];
    if (packages && typeof packages === 'object') return packages as Record<string, LockEntry>;
  }
  return {};
}

/** Who declares install scripts: the lock's `hasInstallScript`, and the package's own manifest. */
function installScriptsOf(
  entries: Readonly<Record<string, LockEntry>>,
  manifest: Readonly<Record<string, unknown>>,
  name: string,
): StdioPackage['installScripts'] {
  const by = new Set<string>();
  for (const [path, e] of Object.entries(entries))
    if (path !== '' && e.hasInstallScript === true)
      by.add(path.slice(path.lastIndexOf('node_modules/') + 13));
  const scripts = manifest['scripts'];
  if (scripts && typeof scripts === 'object' && INSTALL_SCRIPTS.some((s) => s in scripts)) by.add(name);
  const sorted = [...by].sort((a, b) => (a === name ? -1 : b === name ? 1 : a.localeCompare(b)));
  return { declared: sorted.length > 0, by: sorted };
}

/** `bin` as a string (named after the package, unscoped) or a map of command to file. */
function binsOf(manifest: Readonly<Record<string, unknown>>, name: string): Map<string, string> {
  const bin = manifest['bin'];
  if (typeof bin === 'string') return new Map([[name.replace(/^@[^/]+\//, ''), bin]]);
  const out = new Map<string, string>();
  if (bin && typeof bin === 'object')
    for (const [k, v] of Object.entries(bin)) if (typeof v === 'string') out.set(k, v);
  return out;
}

function within(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..';
}

function readJson(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const v: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
