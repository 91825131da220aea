/**
 * The preamble the intrusive authorization-server checks share (ACT07, ACT08, ACT11 on
 * `i.authz`; ACT09 on `i.dcr`): which authorization server the probe was sent to, and the
 * non-verdicts when there is nothing to judge — no authorization, no server, no metadata, the
 * endpoint the probe needs not published, evidence from before the probe existed, or the probe
 * not sent. Only the first authorization server is probed; verdicts are located there.
 */
import type { AuthDiscovery, AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { Probe } from '../../evidence/types.js';
import type { CheckContext, Verdict } from '../define-check.js';
import {
  authorizationServers,
  foundMetadata,
  missingMetadata,
  noServers,
  serversFor,
} from '../asm/as-common.js';
import type { AsEvidence, FoundMetadata } from '../asm/as-common.js';
import { asLocation } from '../shared/locations.js';

export interface AsScene {
  readonly server: AuthorizationServerObservation;
  readonly found: FoundMetadata;
  /** `as:<issuer>` of the probed server. */
  readonly location: string;
}

export interface ProbedScene<T> extends AsScene {
  readonly d: AuthDiscovery;
  readonly value: T;
}

export interface ProbedServerSpec<T extends { readonly issuer: string }> {
  /** The probe's evidence; undefined in bundles from before the probe existed. */
  readonly probe: (d: AuthDiscovery) => Probe<T> | undefined;
  /** The metadata member the probe sends to. */
  readonly endpoint: 'authorization_endpoint' | 'registration_endpoint';
  /** Why a missing endpoint leaves nothing to test, e.g. "there is no open registration to test". */
  readonly noEndpoint: string;
  /** The probe as the messages name it, e.g. "The unsafe registrations (i.dcr)". */
  readonly name: string;
  /** What was not sent, for a probe skipped as not needed, e.g. "No registration was sent". */
  readonly notSent: string;
}

export function withProbedServer<T extends { readonly issuer: string }>(
  ev: AsEvidence,
  ctx: CheckContext,
  spec: ProbedServerSpec<T>,
  judge: (scene: ProbedScene<T>) => Verdict | readonly Verdict[],
  precondition?: (scene: AsScene) => Verdict | null,
): Verdict | readonly Verdict[] {
  const d = ev.oauth;
  const all = authorizationServers(ev, d);
  const probe = spec.probe(d);
  const probed = probe?.kind === 'ok' ? all.find((s) => s.issuer === probe.value.issuer) : undefined;
  const server = probed ?? all[0];
  if (!server) return noServers(d, ctx);
  // The 2025-03-26 origin AS is consulted only by clients of that revision.
  if (serversFor([server], ctx.revision).length === 0) return noServers(d, ctx, true);
  const location = asLocation(server.issuer);
  const found = foundMetadata(server);
  if (!found) return missingMetadata(server, ctx);
  if (typeof found.metadata[spec.endpoint] !== 'string')
    return ctx.notApplicable(
      'feature_absent',
      `${server.issuer} publishes no \`${spec.endpoint}\`: ${spec.noEndpoint}.`,
      { location },
    );
  const gate = precondition?.({ server, found, location });
  if (gate) return gate;
  if (probe === undefined)
    return ctx.inconclusive(
      'probe_unavailable',
      `${spec.name} were not collected: the evidence predates them.`,
      [],
      {
        location,
      },
    );
  if (probe.kind === 'skipped' && probe.reason === 'not_needed')
    return ctx.notApplicable('feature_absent', `${spec.notSent}: ${probe.detail ?? 'not needed'}.`, {
      location,
    });
  if (probe.kind !== 'ok') return ctx.fromProbe(probe, spec.name, { location });
  return judge({ d, value: probe.value, server, found, location });
}
