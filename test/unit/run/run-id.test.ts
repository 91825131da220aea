import { describe, expect, it } from 'vitest';

import { RUN_ID_SOURCES, resolveRunId, runIdFromScheduler } from '../../../src/run/run-id.js';
import { UsageError } from '../../../src/run/errors.js';

const SHARD = { index: 1, count: 4 };

describe('the run ID of a sharded run', () => {
  it('comes from the CI system running the shard, the same in every shard of one run', () => {
    const cases: [Record<string, string>, string][] = [
      [{ GITHUB_RUN_ID: '9001', GITHUB_RUN_ATTEMPT: '2' }, 'gh-9001-2'],
      [{ GITLAB_CI: 'true', CI_PIPELINE_ID: '77' }, 'gitlab-77'],
      [{ BUILDKITE_BUILD_ID: 'b-1' }, 'buildkite-b-1'],
      [{ CIRCLE_WORKFLOW_ID: 'wf' }, 'circleci-wf'],
      [{ BUILD_BUILDID: '12' }, 'azure-12'],
      [{ JOB_COMPLETION_INDEX: '3', HOSTNAME: 'posture-scan-3' }, 'k8s-posture-scan'],
    ];
    for (const [env, want] of cases) {
      expect(resolveRunId(undefined, SHARD, null, env)).toBe(want);
      expect(resolveRunId(undefined, { index: 0, count: 4 }, null, env)).toBe(want);
    }
  });

  it('is taken from --run-id or MCP_POSTURE_RUN_ID first', () => {
    const env = { GITHUB_RUN_ID: '9001', MCP_POSTURE_RUN_ID: 'from-env' };
    expect(resolveRunId('flag', SHARD, null, env)).toBe('flag');
    expect(resolveRunId(undefined, SHARD, null, env)).toBe('from-env');
  });

  it('does not guess a Kubernetes job whose host name does not end in the index', () => {
    expect(runIdFromScheduler({ JOB_COMPLETION_INDEX: '3', HOSTNAME: 'random-pod' })).toBeNull();
    expect(runIdFromScheduler({ CI_PIPELINE_ID: '77' })).toBeNull(); // not GitLab without GITLAB_CI
  });

  it('without a scheduler, a shard asks for --run-id in plain words', () => {
    expect(() => resolveRunId(undefined, SHARD, null, {})).toThrow(UsageError);
    expect(() => resolveRunId(undefined, SHARD, null, {})).toThrow(/pass --run-id ID/);
  });

  it('an unsharded run gets a new ID and ignores the CI run', () => {
    expect(resolveRunId(undefined, null, null, { GITHUB_RUN_ID: '1' })).toMatch(
      /^run-\d{8}T\d{6}Z-[0-9a-f]{6}$/,
    );
  });

  it('every source names its documentation', () => {
    for (const s of RUN_ID_SOURCES) expect(s.source).toMatch(/^https:\/\//);
  });
});
