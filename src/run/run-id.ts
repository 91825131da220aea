/** The run ID: the flag, the environment, the journal's (on resume), the CI run's for shards, or a new one. */
import { randomBytes } from 'node:crypto';

import type { Shard } from '../fleet/shard.js';
import { UsageError } from './errors.js';

export const RUN_ID_ENV = 'MCP_POSTURE_RUN_ID';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where a CI system or a scheduler says which run a process belongs to, so that the shards of one run
 * agree on its ID without anyone passing `--run-id`. Every shard of one CI run sees the same values;
 * a re-run gets new ones. Checked against each system's documentation on 2026-12-03.
 */
interface RunIdSource {
  readonly system: string;
  readonly source: string;
  /** The run's ID from the environment, or null when this process is not run by that system. */
  readonly read: (env: Env) => string | null;
}

const set = (v: string | undefined): string | null => (v?.trim() ? v.trim() : null);

/** A Kubernetes Indexed Job names each Pod's host `<job name>-<index>`. */
function kubernetesJob(env: Env): string | null {
  const index = set(env['JOB_COMPLETION_INDEX']);
  const host = set(env['HOSTNAME']);
  if (index === null || host === null || !host.endsWith(`-${index}`)) return null;
  const job = host.slice(0, -`-${index}`.length);
  return job === '' ? null : `k8s-${job}`;
}

export const RUN_ID_SOURCES: readonly RunIdSource[] = [
  {
    system: 'GitHub Actions',
    source:
      'https://docs.github.com/en/actions/reference/variables-reference (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT)',
    read: (env) => {
      const id = set(env['GITHUB_RUN_ID']);
      return id === null ? null : `gh-${id}-${set(env['GITHUB_RUN_ATTEMPT']) ?? '1'}`;
    },
  },
  {
    system: 'GitLab CI',
    source: 'https://docs.gitlab.com/ci/variables/predefined_variables/ (CI_PIPELINE_ID)',
    read: (env) => (set(env['GITLAB_CI']) ? prefixed('gitlab', env['CI_PIPELINE_ID']) : null),
  },
  {
    system: 'Buildkite',
    source: 'https://buildkite.com/docs/pipelines/configure/environment-variables (BUILDKITE_BUILD_ID)',
    read: (env) => prefixed('buildkite', env['BUILDKITE_BUILD_ID']),
  },
  {
    system: 'CircleCI',
    source: 'https://circleci.com/docs/reference/variables/ (CIRCLE_WORKFLOW_ID)',
    read: (env) => prefixed('circleci', env['CIRCLE_WORKFLOW_ID']),
  },
  {
    system: 'Azure Pipelines',
    source: 'https://learn.microsoft.com/azure/devops/pipelines/build/variables (BUILD_BUILDID)',
    read: (env) => prefixed('azure', env['BUILD_BUILDID']),
  },
  {
    system: 'Kubernetes Indexed Job',
    source:
      'https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode (Pod hostname $(job-name)-$(index), JOB_COMPLETION_INDEX)',
    read: kubernetesJob,
  },
];

function prefixed(prefix: string, v: string | undefined): string | null {
  const id = set(v);
  return id === null ? null : `${prefix}-${id}`;
}

/** The run ID the CI system or scheduler running this process gives, with the system's name. */
export function runIdFromScheduler(env: Env): { id: string; system: string } | null {
  for (const s of RUN_ID_SOURCES) {
    const id = s.read(env);
    if (id !== null) return { id, system: s.system };
  }
  return null;
}

function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `run-${stamp}-${randomBytes(3).toString('hex')}`;
}

export function resolveRunId(
  flag: string | undefined,
  shard: Shard | null,
  fromJournal: string | null,
  env: Env = process.env,
): string {
  const fromEnv = env[RUN_ID_ENV]?.trim();
  const given = flag ?? (fromEnv ? fromEnv : undefined);
  if (given !== undefined && fromJournal !== null && given !== fromJournal)
    throw new UsageError(`--run-id ${given} differs from the journal's run ${fromJournal}`);
  if (given !== undefined) return given;
  if (fromJournal !== null) return fromJournal;
  if (shard === null) return newRunId();
  const scheduled = runIdFromScheduler(env);
  if (scheduled !== null) return scheduled.id;
  throw new UsageError(
    `shards of one run must share its ID, and no CI system or Kubernetes Indexed Job was recognised: pass --run-id ID (or set ${RUN_ID_ENV}) in every shard`,
  );
}
