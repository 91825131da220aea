/**
 * Packages as targets (docs/stdio.md#audit-a-package-before-installing-it): `scan --npm` /
 * `--pypi` is a source of one target, installed when the run collects it; and under
 * `scan --discovered --sandbox`, a server configured as `npx -y <package>` or `uvx <package>` is
 * installed outside the sandbox and its command launched inside, instead of a package runner
 * that has no network to download with.
 */
import type { CollectedTargets } from '../targets/sources/collect.js';
import type { SkippedTarget, SourcedTarget, TargetEntry, TargetSource } from '../targets/sources/types.js';
import { groupKeyOf } from '../targets/sources/types.js';
import type { PackageLaunch } from '../targets/package-runner.js';
import { packageLaunchOf } from '../targets/package-runner.js';
import type { StdioTarget } from '../targets/target.js';
import { UsageError } from './errors.js';
import type { PackageInstalls } from './package-install.js';
import type { PackageRequest } from './package-step.js';
import { PackageError } from './package-step.js';

export interface PackageChoice {
  readonly ecosystem: 'npm' | 'pypi';
  readonly request: PackageRequest;
}

function install(installs: PackageInstalls, c: PackageChoice): Promise<StdioTarget> {
  return c.ecosystem === 'npm' ? installs.npm(c.request) : installs.pypi(c.request);
}

/** The package the user named, installed when the run collects its targets. */
export function packageSource(installs: PackageInstalls, c: PackageChoice): TargetSource {
  return {
    label: `${c.ecosystem} ${c.request.spec}`,
    async *entries(): AsyncIterable<TargetEntry> {
      const target = await install(installs, c);
      yield { kind: 'target', target: { target, name: null, source: 'command', registry: null } };
    },
  };
}

/**
 * The discovered servers configured through a package runner, installed and replaced by their
 * package's target; one that cannot be installed is skipped with the reason. Other targets are
 * kept as they are.
 */
export async function throughPackages(
  list: CollectedTargets,
  installs: PackageInstalls,
  note: (line: string) => void,
): Promise<CollectedTargets> {
  const targets: SourcedTarget[] = [];
  const skipped: SkippedTarget[] = [...list.skipped];
  for (const s of list.targets) {
    const launch = s.source === 'discovered' && s.target.kind === 'stdio' ? packageLaunchOf(s.target) : null;
    if (launch === null || s.target.kind !== 'stdio') {
      add(targets, s);
      continue;
    }
    const ref = `${s.name ?? s.target.href} (${s.target.href})`;
    try {
      const target = await install(installs, choiceOf(launch, s.target.env));
      note(
        `${ref}: installed ${target.href} outside the sandbox (install scripts not run); scanning it inside`,
      );
      add(targets, { ...s, target });
    } catch (err) {
      if (!(err instanceof PackageError || err instanceof UsageError)) throw err;
      skipped.push({ ref, reason: err.message, source: 'discovered', registry: null });
    }
  }
  return { ...list, targets, skipped };
}

/** Two runner commands can name one package: one target, listed by both client configurations. */
function add(targets: SourcedTarget[], s: SourcedTarget): void {
  const i = targets.findIndex((t) => t.target.identity === s.target.identity);
  if (i < 0) {
    targets.push(s);
    return;
  }
  const first = targets[i]!;
  const seen = new Set((first.installedIn ?? []).map(groupKeyOf));
  const more = (s.installedIn ?? []).filter((r) => !seen.has(groupKeyOf(r)));
  targets[i] = { ...first, installedIn: [...(first.installedIn ?? []), ...more] };
}

function choiceOf(launch: PackageLaunch, env: Readonly<Record<string, string>>): PackageChoice {
  return {
    ecosystem: launch.ecosystem,
    request: { spec: launch.spec, bin: launch.bin, args: launch.args, env },
  };
}
