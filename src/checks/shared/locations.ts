/**
 * Result locations of the authorization checks, one spelling for every family: `prm:<url>` for
 * a protected-resource metadata document, `as:<issuer>` (or `as:<issuer>#<member>`) for an
 * authorization server. Rating and baselines group results by these strings.
 */
export const prmLocation = (url: string): string => `prm:${url}`;

export function asLocation(issuer: string, member?: string): string {
  return member ? `as:${issuer}#${member}` : `as:${issuer}`;
}
