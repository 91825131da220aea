/**
 * oauth4webapi's requests through the scan's HTTP client (address policy, caps, redacted
 * recording), and what the library throws turned into typed login failures (./diagnosis.ts).
 */
import * as oauth from 'oauth4webapi';

import type { HttpClient } from '../probe/http/types.js';
import type { LoginFailure } from './diagnosis.js';
import { failure } from './diagnosis.js';

const SECRET_RESPONSE_MEMBERS = [
  'access_token',
  'refresh_token',
  'id_token',
  'registration_access_token',
  'client_secret',
];

/** oauth4webapi's fetch, through the scan's HTTP client: one probe ID per step, secrets redacted. */
export function fetchThrough(
  client: HttpClient,
  probe: string,
  purpose: string,
  secrets: () => readonly string[],
  exchanges: string[],
): (url: string, init: oauth.CustomFetchOptions<string, unknown>) => Promise<Response> {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : init.body instanceof URLSearchParams
          ? init.body.toString()
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body);
    const r = await client.send({
      method: init.method,
      url,
      headers,
      ...(body === undefined ? {} : { body }),
      probe,
      purpose,
      source: 'learned',
      attachCredentials: false,
      secrets: secrets().filter((s) => s.length > 0),
      secretResponseMembers: SECRET_RESPONSE_MEMBERS,
    });
    exchanges.push(r.exchangeId);
    if (!r.response) throw new NetFailure(r.error?.message ?? 'no response', r.exchangeId);
    const h = new Headers();
    for (const [name, values] of Object.entries(r.response.headers))
      for (const v of values) h.append(name, v);
    const status = r.response.status;
    const nullBody = status === 204 || status === 205 || status === 304;
    return new Response(nullBody ? null : r.response.text, { status, headers: h });
  };
}

export class NetFailure extends Error {
  constructor(
    message: string,
    readonly exchange: string,
  ) {
    super(message);
  }
}

export function insecureOk(metadata: Readonly<Record<string, unknown>>): boolean {
  return ['issuer', 'authorization_endpoint', 'token_endpoint'].some(
    (m) => typeof metadata[m] === 'string' && metadata[m].startsWith('http:'),
  );
}

/** Server text in a message: one line, bounded. The renderer escapes it. */
export function excerpt(text: string, max = 200): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}

/** What oauth4webapi threw, as a failure of the step it was doing. */
export function explain(
  err: unknown,
  step: 'client' | 'callback' | 'token' | 'refresh',
  exchange: string | null,
): LoginFailure {
  if (err instanceof NetFailure) {
    const code =
      step === 'client'
        ? 'registration-rejected'
        : step === 'callback'
          ? 'authorization-error'
          : step === 'refresh'
            ? 'refresh-failed'
            : 'token-rejected';
    return failure(code, `the request failed: ${err.message}`, err.exchange);
  }
  if (err instanceof oauth.ResponseBodyError) {
    const desc = err.error_description ? `: ${excerpt(err.error_description)}` : '';
    if (step === 'client')
      return failure(
        err.error === 'invalid_redirect_uri' ? 'registration-rejected-redirect' : 'registration-rejected',
        `registration answered ${err.status} ${err.error}${desc}`,
        exchange,
      );
    return failure(
      step === 'refresh' ? 'refresh-failed' : 'token-rejected',
      `the token endpoint answered ${err.status} ${err.error}${desc}`,
      exchange,
    );
  }
  if (err instanceof oauth.WWWAuthenticateChallengeError) {
    const params = err.cause[0]?.parameters;
    const error = params?.error ?? err.cause[0]?.scheme ?? 'a challenge';
    const desc = params?.error_description ? `: ${excerpt(params.error_description)}` : '';
    const code =
      step === 'client' ? 'registration-rejected' : step === 'refresh' ? 'refresh-failed' : 'token-rejected';
    const what = step === 'client' ? 'registration' : 'the token endpoint';
    return failure(code, `${what} answered ${err.status} ${error}${desc}`, exchange);
  }
  if (err instanceof oauth.AuthorizationResponseError) {
    const desc = err.error_description ? `: ${excerpt(err.error_description)}` : '';
    return failure('authorization-error', `the authorization server answered ${err.error}${desc}`, exchange);
  }
  const message = err instanceof Error ? err.message : String(err);
  if (step === 'callback') {
    if (/"iss" \(issuer\) missing/.test(message))
      return failure(
        'iss-missing',
        'the authorization response has no iss, though the metadata advertises authorization_response_iss_parameter_supported',
        exchange,
      );
    if (/unexpected "iss"/.test(message)) {
      const cause = (err as { cause?: { expected?: string; parameters?: URLSearchParams } }).cause;
      const got = cause?.parameters?.get('iss');
      return failure(
        'iss-mismatch',
        `the authorization response carries iss ${JSON.stringify(got ?? null)}, not the issuer ${cause?.expected ?? ''}`.trim(),
        exchange,
      );
    }
    if (/"state"/.test(message)) return failure('state-mismatch', message, exchange);
    return failure('authorization-error', message, exchange);
  }
  if (step === 'client') return failure('registration-rejected', message, exchange);
  return failure(step === 'refresh' ? 'refresh-failed' : 'token-invalid', message, exchange);
}
