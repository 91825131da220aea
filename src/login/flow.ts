/**
 * `login`: the MCP authorization flow as a client runs it (docs/login.md), on oauth4webapi.
 * Discovery (./discover.ts) → client identity (pre-registered, the user's CIMD, or open
 * registration) → authorization request (code + PKCE S256, state, RFC 8707 resource, scopes) →
 * loopback callback (RFC 9207 `iss` checked when advertised) → token request. Every request goes
 * through the scan's HTTP client (address policy, caps, redacted recording). Nothing here throws
 * for a server's behaviour: every stop is a typed failure in the report.
 */
import * as oauth from 'oauth4webapi';

import { blockingFindings, lintClientMetadata } from '../checks/cimd/lint.js';
import { listenForCallback } from '../net/login-callback.js';
import { createHttpClient } from '../probe/http/client.js';
import { TOOL_VERSION } from '../version.js';
import { fetchClientMetadata } from './client-metadata.js';
import type { ClientIdentity, LoginFailure, LoginReport, StepRecord } from './diagnosis.js';
import { failure } from './diagnosis.js';
import { discover } from './discover.js';
import { clientAuth, redirectListed } from './identity.js';
import type { Identity } from './identity.js';
import { excerpt, explain, fetchThrough, insecureOk } from './oauth-fetch.js';
import type { StoredLogin } from './store.js';

export interface LoginOptions {
  /** The MCP endpoint URL. */
  readonly url: string;
  /** A pre-registered client. */
  readonly clientId?: string;
  /** Its secret (read by the CLI from `--oauth-client-secret-env`). */
  readonly clientSecret?: string;
  readonly clientSecretEnv?: string;
  /** A Client ID Metadata Document the user hosts. */
  readonly clientMetadataUrl?: string;
  readonly callbackHost?: '127.0.0.1' | 'localhost';
  /** 0 (default) for an ephemeral port. */
  readonly callbackPort?: number;
  /** How long to wait for the browser to come back, ms. Default 300 000. */
  readonly timeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly allowPrivate?: boolean;
  readonly ca?: string;
  /** Opens the authorization URL (the system browser, a printed line, a test's Chromium). */
  readonly openUrl: (url: string) => void | Promise<void>;
  /** Called with the registration it made, before the browser opens (tests, progress). */
  readonly onProgress?: (message: string) => void;
  /** A fixed clock for the stored expiry (tests). */
  readonly now?: () => number;
}

export interface LoginResult {
  readonly report: LoginReport;
  /** What to store; null when the login failed. Holds secrets: never print it. */
  readonly login: StoredLogin | null;
}

export async function login(opts: LoginOptions): Promise<LoginResult> {
  const now = opts.now ?? Date.now;
  const client = createHttpClient({
    target: new URL(opts.url),
    allowPrivate: opts.allowPrivate ?? false,
    requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  const steps: StepRecord[] = [];
  let identity: ClientIdentity | null = null;
  let redirectUri: string | null = null;
  let resource: string | null = null;
  let issuer: string | null = null;
  let scope: string | null = null;
  const report = (f: LoginFailure | null, expiresAt: number | null = null): LoginReport => ({
    target: opts.url,
    ok: f === null,
    resource,
    issuer,
    client: identity,
    redirectUri,
    scope,
    expiresAt,
    steps,
    failure: f,
    exchanges: client.exchanges(),
  });
  const progress = opts.onProgress ?? (() => {});
  const listener = await listenForCallback({
    host: opts.callbackHost ?? '127.0.0.1',
    port: opts.callbackPort ?? 0,
  });
  try {
    const found = await discover(client, opts.url);
    steps.push(...found.steps);
    if (!found.ok) return { report: report(found.failure), login: null };
    const d = found.value;
    resource = d.resource;
    issuer = d.issuer;
    scope = d.scope;
    redirectUri = listener.redirectUri;
    const as = d.metadata as unknown as oauth.AuthorizationServer;
    const insecure = insecureOk(d.metadata) ? { [oauth.allowInsecureRequests]: true } : {};

    // Client identity, in the order clients use.
    const clientExchanges: string[] = [];
    const stopClient = (f: LoginFailure): LoginResult => {
      steps.push({
        step: 'client',
        status: 'failed',
        url: null,
        detail: f.message,
        exchanges: clientExchanges,
      });
      return { report: report(f), login: null };
    };
    let chosen: Identity;
    if (opts.clientId !== undefined) {
      chosen = {
        client: { client_id: opts.clientId },
        auth: clientAuth(d.metadata, opts.clientSecret),
        identity: { kind: 'pre-registered', clientId: opts.clientId },
      };
    } else if (opts.clientMetadataUrl !== undefined) {
      const { source, exchange } = await fetchClientMetadata(client, opts.clientMetadataUrl);
      clientExchanges.push(exchange);
      const blocking = blockingFindings(lintClientMetadata(source));
      if (blocking.length > 0)
        return stopClient(
          failure(
            'cimd-lint-failed',
            `the client metadata document fails ${blocking.map((b) => `${b.id}${b.key ? ` (${b.key})` : ''}: ${b.message}`).join('; ')}`,
            exchange,
          ),
        );
      if (d.metadata['client_id_metadata_document_supported'] !== true)
        return stopClient(
          failure(
            'cimd-not-supported',
            `${d.issuer} does not advertise client_id_metadata_document_supported`,
          ),
        );
      const registered = (source.document as { redirect_uris?: unknown }).redirect_uris;
      const uris = Array.isArray(registered)
        ? registered.filter((x): x is string => typeof x === 'string')
        : [];
      if (!redirectListed(uris, listener.redirectUri))
        return stopClient(
          failure(
            'redirect-mismatch',
            `the document's redirect_uris (${uris.join(', ')}) do not include ${listener.redirectUri}; use --callback-port and --callback-host to match one`,
            exchange,
          ),
        );
      chosen = {
        client: { client_id: opts.clientMetadataUrl },
        auth: oauth.None(),
        identity: { kind: 'metadata-document', clientId: opts.clientMetadataUrl },
      };
    } else if (typeof d.metadata['registration_endpoint'] === 'string') {
      const registrationUrl = d.metadata['registration_endpoint'];
      const metadata = {
        client_name: `mcp-posture login (${new Date(now()).toISOString().slice(0, 10)}, delete me after use)`,
        application_type: 'native',
        redirect_uris: [listener.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        software_id: 'mcp-posture',
        software_version: TOOL_VERSION,
      };
      try {
        const res = await oauth.dynamicClientRegistrationRequest(as, metadata, {
          ...insecure,
          [oauth.customFetch]: fetchThrough(
            client,
            'l.register',
            'dynamic client registration for the login (application_type native)',
            () => [],
            clientExchanges,
          ),
        });
        const registered = await oauth.processDynamicClientRegistrationResponse(res);
        const clientUri = registered['registration_client_uri'];
        const rat = registered['registration_access_token'];
        const deletable = typeof clientUri === 'string' && typeof rat === 'string';
        chosen = {
          client: { client_id: registered.client_id },
          auth: oauth.None(),
          identity: { kind: 'dynamic-registration', clientId: registered.client_id, deletable },
          ...(deletable ? { registration: { clientUri, accessToken: rat } } : {}),
        };
        progress(`registered client ${registered.client_id} at ${registrationUrl}`);
      } catch (err) {
        if (err instanceof oauth.WWWAuthenticateChallengeError) {
          // oidc-provider and others put the reason in the body, not in the challenge.
          const body = await err.response.text().catch(() => '');
          return stopClient(
            failure(
              'registration-rejected',
              `registration is protected: it answered ${err.status}${body ? ` ${excerpt(body)}` : ''}; pass a pre-registered client (--oauth-client-id)`,
              clientExchanges.at(-1) ?? null,
            ),
          );
        }
        return stopClient(explain(err, 'client', clientExchanges.at(-1) ?? null));
      }
    } else {
      return stopClient(
        failure(
          'no-client-identity',
          `${d.issuer} offers no registration endpoint and no client was given (--oauth-client-id or --client-metadata-url)`,
        ),
      );
    }
    identity = chosen.identity;
    steps.push({
      step: 'client',
      status: 'ok',
      url: null,
      detail: `${chosen.identity.kind} client ${chosen.identity.clientId}`,
      exchanges: clientExchanges,
    });

    // The authorization request.
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    const state = oauth.generateRandomState();
    const authUrl = new URL(as.authorization_endpoint!);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: chosen.client.client_id,
      redirect_uri: listener.redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      resource: d.resource,
      ...(d.scope ? { scope: d.scope } : {}),
    };
    for (const [k, v] of Object.entries(params)) authUrl.searchParams.set(k, v);

    // A look at the first answer, without cookies and without following it: an AS that refuses
    // the request (a redirect URI it does not know) says so before any browser is involved.
    const pre = await client.send({
      method: 'GET',
      url: authUrl.href,
      headers: { accept: 'text/html' },
      probe: 'l.authorize',
      purpose:
        'the authorization request, first answer only (not followed), to report a refusal before the browser opens',
      source: 'learned',
      attachCredentials: false,
      secrets: [state, challenge],
    });
    const preRes = pre.response;
    const location = preRes?.headers['location']?.[0];
    const toCallback =
      location !== undefined &&
      URL.canParse(location, authUrl.href) &&
      new URL(location, authUrl).href.startsWith(listener.redirectUri);
    if (preRes && preRes.status >= 400 && !toCallback) {
      const text = excerpt(preRes.text);
      const code = /redirect[_ ]uri/i.test(preRes.text) ? 'redirect-mismatch' : 'authorization-refused';
      const f = failure(
        code,
        code === 'redirect-mismatch'
          ? `the authorization server refused the redirect URI ${listener.redirectUri} (${preRes.status}: ${text})`
          : `the authorization server answered ${preRes.status} before any login: ${text}`,
        pre.exchangeId,
      );
      steps.push({
        step: 'authorization',
        status: 'failed',
        url: authUrl.origin + authUrl.pathname,
        detail: f.message,
        exchanges: [pre.exchangeId],
      });
      return { report: report(f), login: null };
    }
    steps.push({
      step: 'authorization',
      status: 'ok',
      url: authUrl.origin + authUrl.pathname,
      detail: `PKCE S256, state, resource ${d.resource}${d.scope ? `, scope "${d.scope}"` : ''}`,
      exchanges: [pre.exchangeId],
    });

    // The callback: an immediate redirect back (an error, or an AS that approves at once) needs no browser.
    let callback: URL | null;
    if (toCallback && location !== undefined) {
      callback = new URL(location, authUrl);
    } else {
      await opts.openUrl(authUrl.href);
      callback = await listener.wait(opts.timeoutMs ?? 300_000);
    }
    if (callback === null) {
      const f = failure(
        'callback-timeout',
        `no callback reached ${listener.redirectUri} within ${Math.round((opts.timeoutMs ?? 300_000) / 1000)} s`,
      );
      steps.push({
        step: 'callback',
        status: 'failed',
        url: listener.redirectUri,
        detail: f.message,
        exchanges: [],
      });
      return { report: report(f), login: null };
    }
    let callbackParams: URLSearchParams;
    try {
      callbackParams = oauth.validateAuthResponse(as, chosen.client, callback, state);
    } catch (err) {
      const f = explain(err, 'callback', null);
      steps.push({
        step: 'callback',
        status: 'failed',
        url: listener.redirectUri,
        detail: f.message,
        exchanges: [],
      });
      return { report: report(f), login: null };
    }
    const code = callbackParams.get('code') ?? '';
    steps.push({
      step: 'callback',
      status: 'ok',
      url: listener.redirectUri,
      detail: callbackParams.has('iss') ? 'code received, iss matches the issuer' : 'code received (no iss)',
      exchanges: [],
    });

    // The token request.
    const tokenExchanges: string[] = [];
    let tokens: oauth.TokenEndpointResponse;
    try {
      const res = await oauth.authorizationCodeGrantRequest(
        as,
        chosen.client,
        chosen.auth,
        callbackParams,
        listener.redirectUri,
        verifier,
        {
          ...insecure,
          additionalParameters: { resource: d.resource },
          [oauth.customFetch]: fetchThrough(
            client,
            'l.token',
            'the token request (authorization code, PKCE verifier, resource)',
            () => [code, verifier, opts.clientSecret ?? ''],
            tokenExchanges,
          ),
        },
      );
      tokens = await oauth.processAuthorizationCodeResponse(as, chosen.client, res);
    } catch (err) {
      const f = explain(err, 'token', tokenExchanges.at(-1) ?? null);
      steps.push({
        step: 'token',
        status: 'failed',
        url: as.token_endpoint ?? null,
        detail: f.message,
        exchanges: tokenExchanges,
      });
      return { report: report(f), login: null };
    }
    const expiresAt = typeof tokens.expires_in === 'number' ? now() + tokens.expires_in * 1000 : null;
    const grantedScope = typeof tokens.scope === 'string' ? tokens.scope : (d.scope ?? undefined);
    steps.push({
      step: 'token',
      status: 'ok',
      url: as.token_endpoint ?? null,
      detail: `${tokens.token_type} token${expiresAt ? `, expires in ${tokens.expires_in} s` : ''}${tokens.refresh_token ? ', with a refresh token' : ''}`,
      exchanges: tokenExchanges,
    });
    const stored: StoredLogin = {
      resource: d.resource,
      target: opts.url,
      issuer: d.issuer,
      tokenEndpoint: as.token_endpoint!,
      clientId: chosen.client.client_id,
      clientKind: chosen.identity.kind,
      ...(opts.clientSecretEnv ? { clientSecretEnv: opts.clientSecretEnv } : {}),
      accessToken: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      ...(expiresAt !== null ? { expiresAt } : {}),
      ...(grantedScope ? { scope: grantedScope } : {}),
      ...(chosen.registration ? { registration: chosen.registration } : {}),
      createdAt: now(),
    };
    return { report: report(null, expiresAt), login: stored };
  } finally {
    await listener.close();
    await client.close();
  }
}
