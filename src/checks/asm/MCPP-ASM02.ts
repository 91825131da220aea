import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { mcp, OIDC_DISCOVERY, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM02',
    title: 'AS `issuer` matches',
    requirement:
      'The metadata `issuer` is present, an absolute URL without query or fragment, and identical (code point for code point) to the issuer identifier used to build the metadata URL: the PRM `authorization_servers` entry, or the MCP origin under 2025-03-26.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      missing: 'the metadata has no string issuer',
      shape: 'issuer is not an absolute http(s) URL, or has a query or fragment',
      mismatch: 'issuer differs from the issuer identifier the metadata was fetched for',
    },
    severity: 'high',
    citations: [
      rfc(8414, '3.3'),
      rfc(8414, '2'),
      OIDC_DISCOVERY('4.3'),
      mcp(
        '2026-07-28',
        'basic/authorization/authorization-server-discovery',
        'Authorization Server Metadata Discovery',
      ),
    ],
    rationale:
      'The issuer check is what stops a document served at one location from speaking for another authorization server (RFC 8414 §3.3: the metadata MUST NOT be used on mismatch). Conforming clients reject a mismatching document, so the flow breaks; clients that do not check can be steered into mix-up attacks.',
    remediation:
      'Make `issuer` exactly the identifier clients use to build the metadata URL — the value listed in `authorization_servers` of the protected-resource metadata, including any trailing slash — and list that same value in the PRM. Use an https URL without query or fragment.',
    evidence:
      'The found metadata document (`p.as(i)`, `p.as0326`) compared with the PRM `authorization_servers` entry, or with the MCP origin for the 2025-03-26 model.',
    traps:
      'A trailing-slash difference is a real mismatch (the SDK demo AS’s issuer ends in `/`, so a PRM entry without it mismatches) except for 2025-03-26 origin metadata, where it is tolerated; `localhost` vs. `127.0.0.1` is a mismatch; SDK “AS mirror” documents at the resource origin carry a foreign issuer and are judged only under 2025-03-26, the only revision whose clients fetch them.',
    notes:
      'Keys: `missing` (no string `issuer`), `shape` (not an absolute http(s) URL, or with query or fragment), `mismatch` (both values shown). The identity rule is RFC 8414 / OIDC, so PRM-listed servers get the same verdict under every revision; the 2026-07-28 MUST in MCP binds clients. An http issuer is left to MCPP-ASM03 (https), so a loopback development AS is not failed twice. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'revision', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict {
  const location = asLocation(obs.issuer);
  const evidence = found.exchanges;
  const issuer = found.metadata['issuer'];
  if (typeof issuer !== 'string' || issuer === '') {
    return ctx.fail(`The metadata at ${found.attempt.url} has no string \`issuer\`.`, evidence, {
      location,
      key: 'missing',
    });
  }
  const shape = shapeProblem(issuer);
  if (shape) {
    return ctx.fail(`The metadata \`issuer\` ${JSON.stringify(issuer)} ${shape}.`, evidence, {
      location,
      key: 'shape',
    });
  }
  const legacy = obs.via === 'origin-2025-03-26';
  const expected = obs.issuer;
  // 2025-03-26 builds the URL from the origin; a trailing slash on the issuer is tolerated there.
  const same = issuer === expected || (legacy && stripSlash(issuer) === stripSlash(expected));
  if (same) {
    return ctx.pass(
      `The metadata \`issuer\` ${JSON.stringify(issuer)} is identical to the ${legacy ? 'MCP origin (2025-03-26 model)' : 'PRM entry'}.`,
      evidence,
      { location },
    );
  }
  const source = legacy
    ? 'the MCP origin the 2025-03-26 client built the URL from'
    : 'the `authorization_servers` entry of the protected-resource metadata';
  return ctx.fail(
    `The metadata at ${found.attempt.url} has \`issuer\` ${JSON.stringify(issuer)}, but ${source} is ${JSON.stringify(expected)}; clients MUST NOT use a document whose issuer differs.`,
    evidence,
    { location, key: 'mismatch' },
  );
}

function stripSlash(s: string): string {
  return s.endsWith('/') ? s.slice(0, -1) : s;
}

function shapeProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `uses the ${url.protocol} scheme`;
  // The parser drops an empty `?` or `#`, so look at the raw string too.
  if (url.search !== '' || issuer.includes('?')) return 'has a query component';
  if (url.hash !== '' || issuer.includes('#')) return 'has a fragment component';
  return null;
}
