import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { isObject, okReply, resultOf, unusable } from './common.js';

/** ServerCapabilities members whose value must be an object, and their boolean flags. */
const CAPABILITY_FLAGS: Readonly<Record<string, readonly string[]>> = {
  experimental: [],
  logging: [],
  completions: [],
  prompts: ['listChanged'],
  resources: ['subscribe', 'listChanged'],
  tools: ['listChanged'],
  extensions: [],
};

/** What is wrong with a `capabilities` value, in words; empty when it is well-typed. */
export function capabilityProblems(caps: unknown): string[] {
  if (!isObject(caps)) return ['`capabilities` is not an object'];
  const out: string[] = [];
  for (const [member, flags] of Object.entries(CAPABILITY_FLAGS)) {
    const v = caps[member];
    if (v === undefined) continue;
    if (!isObject(v)) {
      out.push(`\`capabilities.${member}\` is not an object`);
      continue;
    }
    for (const f of flags)
      if (v[f] !== undefined && typeof v[f] !== 'boolean')
        out.push(`\`capabilities.${member}.${f}\` is not a boolean`);
  }
  return out;
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD02',
    title: 'DiscoverResult well-formed',
    requirement:
      '`supportedVersions` is a non-empty array of strings containing the version the request was served with; `capabilities` is an object whose known members are well-typed; `instructions`, if present, is a string.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection'],
    rating: { scope: 'protocol' },
    keys: {
      versions: 'supportedVersions is not a non-empty array of strings',
      'served-version-missing': 'supportedVersions omits 2026-07-28, the version the request was served with',
      capabilities: 'a capabilities member is not an object, or one of its flags not a boolean',
      instructions: 'instructions is present but not a string',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'server/discover', 'DiscoverResult'),
      mcp('2026-07-28', 'schema', 'DiscoverResult'),
    ],
    rationale:
      'Clients choose the protocol version and the features they use from the DiscoverResult; a malformed one makes them guess, refuse, or use features the server does not offer.',
    remediation:
      'Return `supportedVersions` as a non-empty array of version strings that includes every version the server serves, `capabilities` as an object (members such as `tools` are objects, flags are booleans) and `instructions` only as a string.',
    evidence: '`p.discover` result (sent with version 2026-07-28 in the header and `_meta`).',
    traps:
      'Dual-era servers may also list legacy versions in `supportedVersions` (allowed); `resultType` and the caching members are MOD04/MOD05.',
    notes:
      'One result per problem, keyed `versions`, `served-version-missing`, `capabilities` or `instructions`. Not applicable when discover answered `-32022` (no result to judge).',
  },
  evaluate(ev, ctx) {
    const d = ev.detection.discover;
    if (d.kind !== 'ok') return ctx.fromProbe(d, '`server/discover` (p.discover)');
    const bad = unusable(d.value);
    if (bad) return ctx.inconclusive(bad.reason, `\`server/discover\` was ${bad.why}.`, d.exchanges);
    const r = resultOf(okReply(d));
    if (!r) return ctx.notApplicable('feature_absent', '`server/discover` returned no result to judge.');
    const evidence = [d.value.exchange];
    const fails: Verdict[] = [];
    const versions = r['supportedVersions'];
    if (!Array.isArray(versions) || versions.length === 0 || versions.some((v) => typeof v !== 'string')) {
      fails.push(
        ctx.fail('`supportedVersions` is not a non-empty array of strings.', evidence, { key: 'versions' }),
      );
    } else if (!versions.includes(MODERN_REVISION)) {
      fails.push(
        ctx.fail(
          `\`supportedVersions\` (${versions.join(', ')}) omits 2026-07-28, the version the request was served with.`,
          evidence,
          { key: 'served-version-missing' },
        ),
      );
    }
    const caps = capabilityProblems(r['capabilities']);
    if (caps.length) fails.push(ctx.fail(`${caps.join('; ')}.`, evidence, { key: 'capabilities' }));
    if (r['instructions'] !== undefined && typeof r['instructions'] !== 'string')
      fails.push(ctx.fail('`instructions` is present but not a string.', evidence, { key: 'instructions' }));
    return fails.length
      ? fails
      : ctx.pass(
          'The DiscoverResult has well-formed `supportedVersions`, `capabilities` and `instructions`.',
          evidence,
        );
  },
});
