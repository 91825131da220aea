/**
 * `p.pin.jwks`: with a lock (`--lock FILE`), the key set of each authorization server is
 * fetched from its `jwks_uri` so that the lock can pin the keys' RFC 7638 thumbprints (a
 * rotation under the same URI is reported as info by PIN06). A harmless GET of a public
 * document, sent without credentials; the URL is learned from metadata, so the address policy
 * applies (a private address the user did not allow is refused, not fetched). Then the `pin`
 * section is assembled: the lock's entry and the current surface in the lock's shape.
 */
import { calculateJwkThumbprint } from 'jose';
import type { JWK } from 'jose';

import type { AuthDiscovery } from '../../evidence/auth-types.js';
import type { CredentialContext, Evidence, JwksObservation, PinEvidence } from '../../evidence/types.js';
import { buildEntry } from '../../lock/build.js';
import { fetchDocument, jsonObject } from '../auth/document.js';
import type { PlanEntry } from '../plan-entry.js';
import type { CollectOptions } from '../scan-options.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import type { StageContext } from './context.js';
import type { HttpSofar } from './state.js';

export const PIN_PROBES = { jwks: 'p.pin.jwks' } as const;

const PIN_PLAN: readonly PlanEntry[] = [
  {
    probe: PIN_PROBES.jwks,
    tier: 'passive',
    method: 'GET',
    url: '<jwks_uri of each authorization server>',
    purpose: 'the key set, to pin its RFC 7638 thumbprints in the lock',
    when: 'with --lock, when an authorization server publishes jwks_uri',
  },
];

/** At most this many keys per set are thumbprinted (a hostile set may list thousands). */
const MAX_KEYS = 50;
const MAX_SERVERS = 5;

async function thumbprints(jwks: Readonly<Record<string, unknown>>): Promise<string[] | null> {
  const keys = jwks['keys'];
  if (!Array.isArray(keys)) return null;
  const out = new Set<string>();
  for (const k of keys.slice(0, MAX_KEYS)) {
    if (typeof k !== 'object' || k === null) continue;
    try {
      out.add(await calculateJwkThumbprint(k as JWK, 'sha256'));
    } catch {
      // A key without the members its type requires has no thumbprint; it is skipped.
    }
  }
  return [...out].sort();
}

export async function runPinJwksStage(
  ctx: StageContext,
  oauth: AuthDiscovery | null,
): Promise<JwksObservation[]> {
  const servers = (oauth?.authorizationServers ?? []).filter((s) => s.found).slice(0, MAX_SERVERS);
  return Promise.all(
    servers.flatMap((s) => {
      const uri = s.found!.metadata['jwks_uri'];
      if (typeof uri !== 'string' || !URL.canParse(uri)) return [];
      return [
        (async (): Promise<JwksObservation> => {
          const fetch = await fetchDocument(ctx.client, {
            url: uri,
            probe: PIN_PROBES.jwks,
            purpose: 'the key set, to pin its RFC 7638 thumbprints in the lock',
            source: 'learned',
            targetOrigin: ctx.target.origin,
          });
          const exchanges: string[] = fetch.kind === 'skipped' ? [] : [...fetch.exchanges];
          const json = jsonObject(fetch);
          if (!json) {
            const why = fetch.kind === 'ok' ? `status ${fetch.value.status}, no JSON object` : fetch.kind;
            return {
              issuer: s.issuer,
              uri,
              thumbprints: null,
              error: `the key set could not be read (${why})`,
              exchanges,
            };
          }
          const prints = await thumbprints(json);
          return {
            issuer: s.issuer,
            uri,
            thumbprints: prints,
            error: prints === null ? 'the document has no keys array' : null,
            exchanges,
          };
        })(),
      ];
    }),
  );
}

/** The `pin` section, when the scan was given a lock; null otherwise. */
async function pinSection(
  ctx: StageContext,
  ev: Pick<Evidence, 'startedAt' | 'detection' | 'inventory' | 'oauth'>,
): Promise<PinEvidence | null> {
  const lock = ctx.opts.lock;
  if (!lock) return null;
  const jwks = await runPinJwksStage(ctx, ev.oauth);
  return assemblePin(lock, ctx.credentials.bearer ? 'token' : 'anonymous', ev, jwks);
}

/**
 * The `pin` section from the lock's entry and the evidence, for any transport: the lock's
 * comparison input and the entry `--update-lock` records (a stdio scan has no key sets: `[]`).
 */
export function assemblePin(
  lock: NonNullable<CollectOptions['lock']>,
  context: CredentialContext,
  ev: Pick<Evidence, 'startedAt' | 'detection' | 'inventory' | 'oauth'>,
  jwks: readonly JwksObservation[],
): PinEvidence {
  return {
    lockFile: lock.file,
    context,
    baseline: lock.baseline,
    recordedContexts: [...lock.recordedContexts],
    reachable: ev.detection.targetClass === 'reachable',
    current: buildEntry(ev, jwks),
    jwks: [...jwks],
  };
}

/** With a lock: the authorization servers' key sets, and the `pin` section. */
export const PIN_STAGE: Stage<StageContext, HttpSofar, 'pin'> = {
  id: 'pin',
  plan: PIN_PLAN,
  needs: ['detected', 'inventory', 'auth'],
  produces: ['pin'],
  run: async (ctx, sofar) => ({
    pin: await pinSection(ctx, {
      startedAt: ctx.startedAt,
      detection: need(sofar, 'detected').detection,
      inventory: sofar.inventory ?? null,
      oauth: need(sofar, 'auth').oauth,
    }),
  }),
};
