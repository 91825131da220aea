import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { rfc } from '../../spec/citations.js';
import { bearerOf, foundPrms, isObject, ordinaryChallenges, rfcNote } from './discovery.js';
import { sameUrl } from '../../evidence/parse/url.js';
import { responseHeader } from '../shared/exchanges.js';
import { prmLocation } from '../shared/locations.js';

const PROBE_HOST = 'evil.example';

const mentionsProbeHost = (v: unknown): boolean =>
  JSON.stringify(v ?? null)
    .toLowerCase()
    .includes(PROBE_HOST);

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN08',
    title: 'Metadata URLs not derived from client-controlled headers',
    requirement:
      'The challenge’s `resource_metadata` and the PRM’s `resource` and URLs do not change when a request carries `X-Forwarded-Host`, `X-Forwarded-Proto` or `Forwarded`.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['detection', 'exchanges', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {
      challenge:
        'the challenge reflects X-Forwarded-Host/Forwarded (also the key of its pass and non-verdicts)',
      'prm-resource': 'the PRM resource follows the forwarding headers',
      'prm-urls': 'other PRM members follow the forwarding headers',
    },
    severity: 'high',
    citations: [rfc(9728, '3.3'), rfc(9728, '7.3'), rfc(7239)],
    rationale:
      'A server that builds its challenge or its metadata from forwarding headers lets whoever controls those headers — a misconfigured proxy, a cache poisoned by one request — send clients to an attacker’s metadata and authorization server, and makes the resource identifier meaningless for audience checks.',
    remediation:
      'Configure the public base URL of the MCP server explicitly and build `resource_metadata`, `resource` and every metadata URL from it; trust `X-Forwarded-*`/`Forwarded` only from a proxy that overwrites them, never from clients.',
    evidence:
      '`s.xfh`: the request that yielded the 401 and each found PRM URL, repeated with `X-Forwarded-Host: evil.example`, `X-Forwarded-Proto: https` and `Forwarded: host=evil.example;proto=https`, compared with the ordinary answers.',
    traps:
      'Deployments behind a proxy that overwrites these headers pass (the probe’s value is discarded); the probe value is never a configured hostname.',
    notes:
      'Fails only on reflection of the probe host `evil.example` (keys `challenge` at `endpoint`, `prm-resource` and `prm-urls` at `prm:<url>`), as the row says; a scheme that flips to https from `X-Forwarded-Proto` alone is not judged. A forwarded request that got no challenge, or a PRM refetch that returned no document, is inconclusive (`ambiguous`) for that location.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const baselineChallenge = ordinaryChallenges(oauth).find((c) => bearerOf(c) !== null);
    const found = foundPrms(oauth);
    if (!baselineChallenge && found.length === 0) {
      return ctx.notApplicable('feature_absent', 'No challenge and no PRM were observed.');
    }
    const note = rfcNote(ev);
    const verdicts: Verdict[] = [];

    if (baselineChallenge) {
      const probe = oauth.forwarded.challenge;
      if (probe.kind !== 'ok') {
        verdicts.push(
          ctx.fromProbe(probe, 'The 401-yielding request with forwarding headers', { key: 'challenge' }),
        );
      } else {
        const reply = probe.value;
        const header = responseHeader(ev, reply.exchange, 'www-authenticate');
        const ids = [reply.exchange, baselineChallenge.exchange];
        const before = baselineChallenge.header.join(', ').toLowerCase().includes(PROBE_HOST);
        if (header.length === 0) {
          verdicts.push(
            ctx.inconclusive(
              'ambiguous',
              `The request with forwarding headers was answered ${reply.status} without a challenge to compare.`,
              ids,
              { key: 'challenge' },
            ),
          );
        } else if (mentionsProbeHost(header) && !before) {
          verdicts.push(
            ctx.fail(
              `The challenge reflects X-Forwarded-Host/Forwarded: ${header.join(', ').slice(0, 200)}.${note}`,
              ids,
              { key: 'challenge' },
            ),
          );
        } else {
          verdicts.push(
            ctx.pass(`The challenge does not change with forwarding headers.${note}`, ids, {
              key: 'challenge',
            }),
          );
        }
      }
    }

    for (const f of found) {
      const location = prmLocation(f.candidate.url);
      const refetch = oauth.forwarded.prm.find((p) => sameUrl(p.url, f.candidate.url));
      if (!refetch) {
        // Duplicate candidates are refetched once; a variant missing from s.xfh has no verdict.
        if (verdicts.some((v) => v.location === location)) continue;
        verdicts.push(
          ctx.inconclusive(
            'probe_unavailable',
            `${f.candidate.url} was not refetched with forwarding headers.`,
            [],
            {
              location,
            },
          ),
        );
        continue;
      }
      if (refetch.fetch.kind !== 'ok') {
        verdicts.push(ctx.fromProbe(refetch.fetch, `The PRM refetch with forwarding headers`, { location }));
        continue;
      }
      const doc = refetch.fetch.value.json;
      const ids = [refetch.fetch.value.exchange, f.fetch.exchange];
      if (!isObject(doc)) {
        verdicts.push(
          ctx.inconclusive(
            'ambiguous',
            `The PRM refetch with forwarding headers returned ${refetch.fetch.value.status} without a JSON object.`,
            ids,
            { location },
          ),
        );
        continue;
      }
      let reflected = false;
      if (mentionsProbeHost(doc['resource']) && !mentionsProbeHost(f.doc['resource'])) {
        reflected = true;
        verdicts.push(
          ctx.fail(
            `The PRM resource follows the forwarding headers: ${JSON.stringify(doc['resource'])}.${note}`,
            ids,
            { location, key: 'prm-resource' },
          ),
        );
      }
      const members = Object.keys(doc).filter(
        (k) => k !== 'resource' && mentionsProbeHost(doc[k]) && !mentionsProbeHost(f.doc[k]),
      );
      if (members.length > 0) {
        reflected = true;
        verdicts.push(
          ctx.fail(`PRM members follow the forwarding headers: ${members.join(', ')}.${note}`, ids, {
            location,
            key: 'prm-urls',
          }),
        );
      }
      if (!reflected) {
        verdicts.push(ctx.pass(`The PRM does not change with forwarding headers.${note}`, ids, { location }));
      }
    }
    return verdicts;
  },
});
