import { defineCheck } from '../define-check.js';
import { isHttpReply } from '../../evidence/types.js';
import { notOverHttp } from '../shared/replies.js';
import { mcp } from '../../spec/citations.js';
import { isRevision, MODERN_REVISION } from '../../spec/revisions.js';
import {
  describe,
  errorCode,
  hasModernProbes,
  is2xx,
  isObject,
  okReply,
  resultOf,
  unusable,
} from './common.js';

const VERSION = /\b\d{4}-\d{2}-\d{2}\b/;

export default defineCheck({
  meta: {
    id: 'MCPP-MOD19',
    title: 'Legacy `initialize` handled per era',
    requirement:
      'Modern-only servers answer a legacy `initialize` with an error (HTTP 400) naming the supported versions; dual-era servers answer it with legacy semantics.',
    keyword: 'SHOULD',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern?'],
    rating: { scope: 'protocol' },
    keys: {
      'dual-broken': 'the DiscoverResult lists legacy versions but initialize did not succeed (medium)',
      shape: 'a legacy initialize got a result that is not an InitializeResult (medium)',
      'no-versions': 'a legacy initialize was refused without naming the supported versions',
      status: 'the versions are named but the status is not 4xx',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/versioning', 'Backward Compatibility with Initialization-Based Versions'),
      mcp('2026-07-28', 'basic/versioning', 'Compatibility Matrix'),
    ],
    rationale:
      'A 2025-era client starts with `initialize`; naming the supported versions in the error tells its user why it cannot connect and what to upgrade to, instead of a bare failure.',
    remediation:
      'On a modern-only server answer `initialize` with HTTP 400 and `-32022` carrying `data.supported` (or an error message listing the versions); on a dual-era server answer it with a valid InitializeResult.',
    evidence:
      '`p.init(2025-11-25)` of the detection ladder, read on a server with modern evidence (inconclusive without it).',
    traps:
      'A widely used SDK’s modern-only mode answers 400 + `-32022` with `data.supported` — pass; `404`/`-32601` without versions → `no-versions`.',
    notes:
      'Severity: low for `no-versions` and `status` (versions named but not with a 4xx); medium for `shape` (a 200 with a modern-shaped result) and `dual-broken` (the DiscoverResult lists legacy versions but no `initialize` succeeded).',
  },
  evaluate(ev, ctx) {
    const d = ev.detection;
    if (d.revision.eras.includes('legacy'))
      return ctx.pass(
        'The server is dual-era: `initialize` returned an InitializeResult (the LEG checks judge the legacy side).',
        d.inits.flatMap((a) => (a.offered !== null && a.probe.kind === 'ok' ? [a.probe.value.exchange] : [])),
      );
    // Judged only with modern evidence: a server whose era is unknown may simply be legacy.
    if (!hasModernProbes(ev.modern)) return ctx.absent('modern');
    const listed = resultOf(okReply(d.discover))?.['supportedVersions'];
    const legacyListed = Array.isArray(listed)
      ? listed.filter((v) => isRevision(v) && v !== MODERN_REVISION)
      : [];
    const attempt = d.inits.find((a) => a.requested === '2025-11-25') ?? d.inits[0];
    if (!attempt) return ctx.inconclusive('ambiguous', 'No legacy `initialize` was sent.');
    if (attempt.probe.kind !== 'ok')
      return ctx.fromProbe(attempt.probe, `initialize with ${attempt.requested}`);
    const reply = attempt.probe.value;
    const evidence = [reply.exchange];
    if (!isHttpReply(reply)) return notOverHttp(ctx, `The legacy \`initialize\``, reply);
    if (legacyListed.length > 0)
      return ctx.fail(
        `The DiscoverResult lists legacy versions (${legacyListed.join(', ')}) but \`initialize\` was answered ${describe(reply)}.`,
        evidence,
        { key: 'dual-broken', severity: 'medium' },
      );
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `The legacy \`initialize\` was ${bad.why}.`, evidence);
    const result = resultOf(reply);
    if (result)
      return ctx.fail(
        `A legacy \`initialize\` got a ${reply.status} result${'resultType' in result || 'supportedVersions' in result ? ' shaped like a modern result' : ' that is not an InitializeResult'}.`,
        evidence,
        { key: 'shape', severity: 'medium' },
      );
    const err = reply.response?.error;
    const supported = isObject(err?.data) ? err.data['supported'] : undefined;
    const named =
      (errorCode(reply) === -32022 && Array.isArray(supported) && supported.length > 0) ||
      VERSION.test(typeof err?.message === 'string' ? err.message : '') ||
      (err?.data !== undefined && VERSION.test(JSON.stringify(err.data)));
    if (!named)
      return ctx.fail(
        `A legacy \`initialize\` was answered ${describe(reply)} without naming the supported versions.`,
        evidence,
        {
          key: 'no-versions',
        },
      );
    if (is2xx(reply.status) || reply.status < 400)
      return ctx.fail(
        `A legacy \`initialize\` was answered ${describe(reply)}; the versions are named but the status is not 4xx.`,
        evidence,
        {
          key: 'status',
        },
      );
    return ctx.pass(
      `A legacy \`initialize\` was refused (${describe(reply)}) naming the supported versions.`,
      evidence,
    );
  },
});
