/**
 * `login`: the MCP authorization flow as a client runs it (docs/login.md), on oauth4webapi.
 * Discovery (./discover.ts) → client identity (pre-registered, the user's CIMD, or open
 * registration) → authorization request (code + PKCE S256, state, RFC 8707 resource, scopes) →
 * loopback callback (RFC 9207 `iss` checked when advertised) → token request. Every request goes
 * through the scan's HTTP client (address policy, caps, redacted recording). Nothing here throws
 * for a server's behaviour: every stop is a typed failure in the report.
 */
import * as oauth from 'oauth4webapi';

import { listenForCallback } from '../probe/auth/login-callback.js';
import { createHttpClient } from '../probe/http/client.js';
import { clientStep } from './client-step.js';
import type { FlowContext, StepOutcome } from './client-step.js';
import type { ClientIdentity, LoginFailure, LoginReport, StepRecord } from './diagnosis.js';
import { failure } from './diagnosis.js';
import { discover } from './discover.js';
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

/** What the authorization step hands on: the PKCE verifier, the state, and an immediate redirect back. */
interface Authorized {
  readonly authUrl: URL;
  readonly verifier: string;
  readonly state: string;
  /** The callback the first answer redirected to at once (an error, or an AS that approves at once). */
  readonly immediate: URL | null;
}

/** The authorization request, and a look at its first answer: a refusal is reported before any browser opens. */
async function authorizeStep(f: FlowContext, chosen: Identity): Promise<StepOutcome<Authorized>> {
  const d = f.discovered;
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const state = oauth.generateRandomState();
  const authUrl = new URL(f.as.authorization_endpoint!);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: chosen.client.client_id,
    redirect_uri: f.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    resource: d.resource,
    ...(d.scope ? { scope: d.scope } : {}),
  };
  for (const [k, v] of Object.entries(params)) authUrl.searchParams.set(k, v);

  // A look at the first answer, without cookies and without following it: an AS that refuses
  // the request (a redirect URI it does not know) says so before any browser is involved.
  const pre = await f.client.send({
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
    new URL(location, authUrl).href.startsWith(f.redirectUri);
  const url = authUrl.origin + authUrl.pathname;
  if (preRes && preRes.status >= 400 && !toCallback) {
    const text = excerpt(preRes.text);
    const code = /redirect[_ ]uri/i.test(preRes.text) ? 'redirect-mismatch' : 'authorization-refused';
    const x = failure(
      code,
      code === 'redirect-mismatch'
        ? `the authorization server refused the redirect URI ${f.redirectUri} (${preRes.status}: ${text})`
        : `the authorization server answered ${preRes.status} before any login: ${text}`,
      pre.exchangeId,
    );
    f.steps.push({
      step: 'authorization',
      status: 'failed',
      url,
      detail: x.message,
      exchanges: [pre.exchangeId],
    });
    return { ok: false, failure: x };
  }
  f.steps.push({
    step: 'authorization',
    status: 'ok',
    url,
    detail: `PKCE S256, state, resource ${d.resource}${d.scope ? `, scope "${d.scope}"` : ''}`,
    exchanges: [pre.exchangeId],
  });
  const immediate = toCallback && location !== undefined ? new URL(location, authUrl) : null;
  return { ok: true, value: { authUrl, verifier, state, immediate } };
}

/** The callback: the immediate redirect back, or the browser's, validated (state, RFC 9207 `iss`). */
async function callbackStep(
  f: FlowContext,
  opts: LoginOptions,
  listener: { wait(ms: number): Promise<URL | null> },
  chosen: Identity,
  a: Authorized,
): Promise<StepOutcome<URLSearchParams>> {
  const failed = (x: LoginFailure): StepOutcome<URLSearchParams> => {
    f.steps.push({
      step: 'callback',
      status: 'failed',
      url: f.redirectUri,
      detail: x.message,
      exchanges: [],
    });
    return { ok: false, failure: x };
  };
  let callback = a.immediate;
  if (callback === null) {
    await opts.openUrl(a.authUrl.href);
    callback = await listener.wait(opts.timeoutMs ?? 300_000);
  }
  if (callback === null)
    return failed(
      failure(
        'callback-timeout',
        `no callback reached ${f.redirectUri} within ${Math.round((opts.timeoutMs ?? 300_000) / 1000)} s`,
      ),
    );
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(f.as, chosen.client, callback, a.state);
  } catch (err) {
    return failed(explain(err, 'callback', null));
  }
  f.steps.push({
    step: 'callback',
    status: 'ok',
    url: f.redirectUri,
    detail: params.has('iss') ? 'code received, iss matches the issuer' : 'code received (no iss)',
    exchanges: [],
  });
  return { ok: true, value: params };
}

/** The token request (authorization code, PKCE verifier, RFC 8707 resource). */
async function tokenStep(
  f: FlowContext,
  chosen: Identity,
  a: Authorized,
  params: URLSearchParams,
  clientSecret: string | undefined,
  now: () => number,
): Promise<StepOutcome<{ readonly tokens: oauth.TokenEndpointResponse; readonly expiresAt: number | null }>> {
  const exchanges: string[] = [];
  const code = params.get('code') ?? '';
  try {
    const res = await oauth.authorizationCodeGrantRequest(
      f.as,
      chosen.client,
      chosen.auth,
      params,
      f.redirectUri,
      a.verifier,
      {
        ...f.insecure,
        additionalParameters: { resource: f.discovered.resource },
        [oauth.customFetch]: fetchThrough(
          f.client,
          'l.token',
          'the token request (authorization code, PKCE verifier, resource)',
          () => [code, a.verifier, clientSecret ?? ''],
          exchanges,
        ),
      },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(f.as, chosen.client, res);
    const expiresAt = typeof tokens.expires_in === 'number' ? now() + tokens.expires_in * 1000 : null;
    f.steps.push({
      step: 'token',
      status: 'ok',
      url: f.as.token_endpoint ?? null,
      detail: `${tokens.token_type} token${expiresAt ? `, expires in ${tokens.expires_in} s` : ''}${tokens.refresh_token ? ', with a refresh token' : ''}`,
      exchanges,
    });
    return { ok: true, value: { tokens, expiresAt } };
  } catch (err) {
    const x = explain(err, 'token', exchanges.at(-1) ?? null);
    f.steps.push({
      step: 'token',
      status: 'failed',
      url: f.as.token_endpoint ?? null,
      detail: x.message,
      exchanges,
    });
    return { ok: false, failure: x };
  }
}

/** What `login` stores: the token, the client that got it, and what refreshes it. Holds secrets. */
function storedLogin(
  opts: LoginOptions,
  f: FlowContext,
  chosen: Identity,
  tokens: oauth.TokenEndpointResponse,
  expiresAt: number | null,
  now: () => number,
): StoredLogin {
  const d = f.discovered;
  const grantedScope = typeof tokens.scope === 'string' ? tokens.scope : (d.scope ?? undefined);
  return {
    resource: d.resource,
    target: opts.url,
    issuer: d.issuer,
    tokenEndpoint: f.as.token_endpoint!,
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
  let found: Awaited<ReturnType<typeof discover>> | null = null;
  const report = (f: LoginFailure | null, expiresAt: number | null = null): LoginReport => {
    const d = found?.ok ? found.value : null;
    return {
      target: opts.url,
      ok: f === null,
      resource: d?.resource ?? null,
      issuer: d?.issuer ?? null,
      client: identity,
      redirectUri,
      scope: d?.scope ?? null,
      expiresAt,
      steps,
      failure: f,
      exchanges: client.exchanges(),
    };
  };
  const stop = (f: LoginFailure): LoginResult => ({ report: report(f), login: null });
  const listener = await listenForCallback({
    host: opts.callbackHost ?? '127.0.0.1',
    port: opts.callbackPort ?? 0,
  });
  try {
    found = await discover(client, opts.url);
    steps.push(...found.steps);
    if (!found.ok) return stop(found.failure);
    const d = found.value;
    redirectUri = listener.redirectUri;
    const f: FlowContext = {
      client,
      steps,
      discovered: d,
      as: d.metadata as unknown as oauth.AuthorizationServer,
      insecure: insecureOk(d.metadata) ? { [oauth.allowInsecureRequests]: true } : {},
      redirectUri: listener.redirectUri,
    };
    const chosen = await clientStep(f, {
      ...(opts.clientId !== undefined ? { clientId: opts.clientId } : {}),
      ...(opts.clientSecret !== undefined ? { clientSecret: opts.clientSecret } : {}),
      ...(opts.clientMetadataUrl !== undefined ? { clientMetadataUrl: opts.clientMetadataUrl } : {}),
      now,
      progress: opts.onProgress ?? (() => {}),
    });
    if (!chosen.ok) return stop(chosen.failure);
    identity = chosen.value.identity;
    const authorized = await authorizeStep(f, chosen.value);
    if (!authorized.ok) return stop(authorized.failure);
    const params = await callbackStep(f, opts, listener, chosen.value, authorized.value);
    if (!params.ok) return stop(params.failure);
    const granted = await tokenStep(f, chosen.value, authorized.value, params.value, opts.clientSecret, now);
    if (!granted.ok) return stop(granted.failure);
    const { tokens, expiresAt } = granted.value;
    return {
      report: report(null, expiresAt),
      login: storedLogin(opts, f, chosen.value, tokens, expiresAt, now),
    };
  } finally {
    await listener.close();
    await client.close();
  }
}
