import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { OIDC_DISCOVERY, rfc } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM14',
    title: 'AS metadata served as JSON',
    requirement:
      'The metadata response is `200 OK` with `Content-Type: application/json` and a JSON object body.',
    keyword: 'MUST',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      status: 'the metadata was not served with 200 after redirects',
      'content-type': 'the metadata was served with a media type other than application/json, or none',
    },
    severity: 'low',
    citations: [rfc(8414, '3.2'), OIDC_DISCOVERY('4.2')],
    rationale:
      'Strict clients check the status and media type before parsing; a document served with another status or as `text/plain` / `text/html` is skipped by them even though lenient clients read it, so discovery works for some clients and not for others.',
    remediation:
      'Answer the metadata request with 200 and `Content-Type: application/json` (a `charset` parameter is fine).',
    evidence:
      'The final answer that carried the found metadata document (`p.as(i)`, `p.as0326`): status and media type.',
    notes:
      'Keys: `status` (not 200 after redirects) and `content-type` (media type other than `application/json`, or none); both can fail at once. Judged only for the document a client would use; a server without metadata is MCPP-ASM01. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'all', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict[] {
  const location = asLocation(obs.issuer);
  const { status, mediaType, url } = found.fetch;
  const out: Verdict[] = [];
  if (status !== 200) {
    out.push(
      ctx.fail(`The metadata at ${url} was served with status ${status}, not 200.`, found.exchanges, {
        location,
        key: 'status',
      }),
    );
  }
  if (mediaType !== 'application/json') {
    out.push(
      ctx.fail(
        `The metadata at ${url} was served as ${mediaType ?? 'no media type'}, not application/json.`,
        found.exchanges,
        { location, key: 'content-type' },
      ),
    );
  }
  if (out.length === 0) {
    out.push(
      ctx.pass(`The metadata at ${url} was served 200 application/json.`, found.exchanges, { location }),
    );
  }
  return out;
}
