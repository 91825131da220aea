/**
 * What `scan --login` and `logout` do with a stored login: refresh its token when it is about to
 * expire (RFC 6749 §6, with the RFC 8707 resource), and delete the client the login registered
 * (RFC 7592 §2.3). Both go through the scan's HTTP client.
 */
import * as oauth from 'oauth4webapi';

import { createHttpClient } from '../probe/http/client.js';
import type { LoginFailure } from './diagnosis.js';
import { failure } from './diagnosis.js';
import { endpointAllowed } from './discover.js';
import { explain, fetchThrough } from './oauth-fetch.js';
import type { StoredLogin } from './store.js';

/** Refresh margin: a token expiring within this is refreshed before use. */
export const REFRESH_MARGIN_MS = 60_000;

export interface RefreshResult {
  readonly login: StoredLogin | null;
  readonly failure: LoginFailure | null;
  /** Whether a refresh request was sent. */
  readonly refreshed: boolean;
}

/** The stored login, refreshed when its access token expires within a minute and it has a refresh token. */
export async function freshLogin(
  stored: StoredLogin,
  opts: {
    readonly clientSecret?: string;
    readonly ca?: string;
    readonly allowPrivate?: boolean;
    readonly now?: () => number;
  } = {},
): Promise<RefreshResult> {
  const now = opts.now ?? Date.now;
  if (stored.expiresAt === undefined || stored.expiresAt - now() > REFRESH_MARGIN_MS)
    return { login: stored, failure: null, refreshed: false };
  if (!stored.refreshToken)
    return {
      login: null,
      failure: failure('refresh-failed', 'the stored token has expired and there is no refresh token'),
      refreshed: false,
    };
  if (!endpointAllowed(stored.tokenEndpoint))
    return {
      login: null,
      failure: failure(
        'endpoint-not-allowed',
        `token endpoint ${stored.tokenEndpoint} is neither https nor loopback http`,
      ),
      refreshed: false,
    };
  const client = createHttpClient({
    target: new URL(stored.target),
    allowPrivate: opts.allowPrivate ?? false,
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  const as: oauth.AuthorizationServer = { issuer: stored.issuer, token_endpoint: stored.tokenEndpoint };
  const c: oauth.Client = { client_id: stored.clientId };
  const exchanges: string[] = [];
  try {
    const res = await oauth.refreshTokenGrantRequest(
      as,
      c,
      opts.clientSecret === undefined ? oauth.None() : oauth.ClientSecretBasic(opts.clientSecret),
      stored.refreshToken,
      {
        ...(stored.tokenEndpoint.startsWith('http:') ? { [oauth.allowInsecureRequests]: true } : {}),
        additionalParameters: { resource: stored.resource },
        [oauth.customFetch]: fetchThrough(
          client,
          'l.refresh',
          'the refresh token request',
          () => [stored.refreshToken ?? '', opts.clientSecret ?? ''],
          exchanges,
        ),
      },
    );
    const tokens = await oauth.processRefreshTokenResponse(as, c, res);
    const login: StoredLogin = {
      ...stored,
      accessToken: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      ...(typeof tokens.expires_in === 'number' ? { expiresAt: now() + tokens.expires_in * 1000 } : {}),
    };
    return { login, failure: null, refreshed: true };
  } catch (err) {
    return { login: null, failure: explain(err, 'refresh', exchanges.at(-1) ?? null), refreshed: true };
  } finally {
    await client.close();
  }
}

/** RFC 7592: deletes a client this tool registered. True when the server answered 2xx. */
export async function deleteRegisteredClient(
  stored: StoredLogin,
  opts: { readonly ca?: string; readonly allowPrivate?: boolean } = {},
): Promise<boolean> {
  if (!stored.registration || !endpointAllowed(stored.registration.clientUri)) return false;
  const client = createHttpClient({
    target: new URL(stored.target),
    allowPrivate: opts.allowPrivate ?? false,
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  try {
    const r = await client.send({
      method: 'DELETE',
      url: stored.registration.clientUri,
      headers: { authorization: `Bearer ${stored.registration.accessToken}` },
      probe: 'l.register.delete',
      purpose: 'RFC 7592 deletion of the client registered for the login',
      source: 'learned',
      attachCredentials: false,
      secrets: [stored.registration.accessToken],
    });
    return r.response !== undefined && r.response.status >= 200 && r.response.status < 300;
  } finally {
    await client.close();
  }
}
