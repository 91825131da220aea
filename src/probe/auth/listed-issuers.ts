/**
 * The authorization servers a protected-resource metadata document lists, and the addresses the
 * discovery chain resolves (the metadata URL, each issuer, the resource's `jwks_uri`).
 */
import type { AddressObservation } from '../../evidence/auth-types.js';
import type { ResolveRole } from './addresses.js';
import { MAX_AUTHORIZATION_SERVERS } from './plan.js';

/** `authorization_servers` entries that are strings, with their index, at most five. */
export function listedIssuers(prm: Readonly<Record<string, unknown>>): { index: number; issuer: string }[] {
  const list = prm['authorization_servers'];
  if (!Array.isArray(list)) return [];
  return (list as unknown[])
    .slice(0, MAX_AUTHORIZATION_SERVERS)
    .flatMap((issuer, index) => (typeof issuer === 'string' ? [{ index, issuer }] : []));
}

export function discoveryAddresses(
  resolve: ResolveRole,
  resourceMetadata: string | null,
  prm: Readonly<Record<string, unknown>> | null,
): Promise<AddressObservation[]> {
  const jobs: Promise<AddressObservation>[] = [];
  if (resourceMetadata !== null) jobs.push(resolve('resource_metadata', resourceMetadata));
  for (const { index, issuer } of prm ? listedIssuers(prm) : []) {
    jobs.push(resolve(`authorization_servers[${index}]`, issuer));
  }
  const jwksUri = prm?.['jwks_uri'];
  if (typeof jwksUri === 'string') jobs.push(resolve('jwks_uri', jwksUri));
  return Promise.all(jobs);
}
