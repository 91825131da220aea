/**
 * `scan --pypi <package>[==version]` through `uv` (https://docs.astral.sh/uv/): a throwaway
 * virtualenv, the requirement resolved with its hashes (`uv pip compile --generate-hashes`) and
 * installed from wheels only (`--only-binary :all:`: no sdist is built, so no package code runs
 * at install time), with the hashes required. The console script is then launched in the
 * sandbox, the virtualenv and its Python mapped read-only. Where `uv` is not on PATH the scan is
 * refused with how to get it.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { findOnPath } from '../probe/stdio/sandbox/tools.js';
import type { StdioPackage } from '../evidence/stdio-types.js';
import type { StdioTarget } from '../targets/target.js';
import { packageTarget } from '../targets/target.js';
import { UsageError } from './errors.js';
import type { InstallStep, PackageRequest } from './package-step.js';
import { chooseBin, PackageError, runStep } from './package-step.js';

export const NEEDS_UV = '--pypi needs uv (https://docs.astral.sh/uv/): install it with `pip install uv`';

/** `uv` on the scanner's PATH; a usage error that says how to get it when absent. */
export function uvPath(): string {
  const uv = findOnPath('uv', process.env['PATH']);
  if (uv === null) throw new UsageError(NEEDS_UV);
  return uv;
}

/** The three steps, as `--plan` lists them and the installer runs them. */
export function pypiInstallSteps(uv: string, prefix: string): InstallStep[] {
  const python = join(prefix, 'venv', 'bin', 'python');
  const wheels = ['--only-binary', ':all:', '--python', python];
  return [
    { program: uv, args: ['venv', '--quiet', join(prefix, 'venv')] },
    {
      program: uv,
      args: [
        'pip',
        'compile',
        '--quiet',
        '--generate-hashes',
        ...wheels,
        'requirements.in',
        '-o',
        'requirements.txt',
      ],
    },
    {
      program: uv,
      args: ['pip', 'install', '--quiet', '--require-hashes', ...wheels, '-r', 'requirements.txt'],
    },
  ];
}

/** PEP 503 normalisation: the name as the resolver writes it. */
const normal = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

export async function installPypi(req: PackageRequest, prefix: string): Promise<StdioTarget> {
  const uv = uvPath();
  writeFileSync(join(prefix, 'requirements.in'), `${req.spec}\n`);
  for (const step of pypiInstallSteps(uv, prefix)) await runStep(step, prefix, req.spec);
  const wanted = normal(req.spec.split(/[<>=!~;[ @]/)[0] ?? req.spec);
  const pinned = pinnedOf(readFileSync(join(prefix, 'requirements.txt'), 'utf8'), wanted);
  if (pinned === null)
    throw new PackageError(`could not install ${req.spec}: uv resolved no ${wanted}`, 'install');
  const venv = join(prefix, 'venv');
  const scripts = consoleScripts(venv, pinned.name, pinned.version);
  if (scripts.length === 0)
    throw new PackageError(
      `${pinned.name}==${pinned.version} declares no console script: it is a library, not a server to launch; scan the program that uses it with --stdio -- python <file>`,
      'usage',
    );
  const bin = chooseBin(scripts, req.bin, pinned.name, '--pypi-bin');
  const pkg: StdioPackage = {
    ecosystem: 'pypi',
    name: pinned.name,
    version: pinned.version,
    integrity: pinned.hashes.join(' ') || null,
    bin,
    // Wheels only: nothing of the package ran to install it.
    installScripts: { declared: false, by: [] },
  };
  const python = realpathSync(join(venv, 'bin', 'python'));
  return packageTarget(
    { command: join(venv, 'bin', bin), args: [...req.args], env: req.env, cwd: null },
    pkg,
    req.args,
    [prefix, dirname(dirname(python))],
  );
}

/** `name==version \` and its `--hash=sha256:…` lines, from uv's compiled requirements. */
function pinnedOf(text: string, wanted: string): { name: string; version: string; hashes: string[] } | null {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s\\;]+)/.exec(lines[i]!);
    if (!m || normal(m[1]!) !== wanted) continue;
    const hashes: string[] = [];
    for (let j = i; j < lines.length && (j === i || /^\s/.test(lines[j]!)); j++)
      for (const h of lines[j]!.matchAll(/--hash=(\S+)/g)) hashes.push(h[1]!);
    return { name: m[1]!, version: m[2]!, hashes };
  }
  return null;
}

/** The `[console_scripts]` of the package's installed metadata. */
function consoleScripts(venv: string, name: string, version: string): string[] {
  const lib = join(venv, 'lib');
  if (!existsSync(lib)) return [];
  const wanted = `${normal(name).replace(/-/g, '_')}-${version}.dist-info`;
  for (const py of readdirSync(lib)) {
    const site = join(lib, py, 'site-packages');
    if (!existsSync(site)) continue;
    const info = readdirSync(site).find((d) => d.toLowerCase() === wanted.toLowerCase());
    const file = info ? join(site, info, 'entry_points.txt') : null;
    if (file === null || !existsSync(file)) continue;
    return scriptsSection(readFileSync(file, 'utf8'));
  }
  return [];
}

function scriptsSection(text: string): string[] {
  const out: string[] = [];
  let inScripts = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) inScripts = line === '[console_scripts]';
    else if (inScripts && line.includes('=')) out.push(line.slice(0, line.indexOf('=')).trim());
  }
  return out;
}
