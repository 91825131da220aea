/**
 * The login's client identity step (docs/login.md#client-identity), in the order clients use:
 * a pre-registered client, the user's Client ID Metadata Document (vetted by the CIMD lint checks
 * first), or open dynamic registration. It records its step; every stop is a typed failure.
 */
import * as oauth from 'oauth4webapi';

import { blockingFindings, lintDocument } from '../checks/cimd/lint-document.js';
import type { HttpClient } from '../probe/http/types.js';
import { TOOL_VERSION } from '../version.js';
import { fetchClientMetadata } from './client-metadata.js';
import type { LoginFailure, StepRecord } from './diagnosis.js';
import { failure } from './diagnosis.js';
import type { Discovered } from './discover.js';
import { clientAuth, redirectListed } from './identity.js';
import type { Identity } from './identity.js';
import { excerpt, explain, fetchThrough } from './oauth-fetch.js';

/** What a login step needs of the flow so far. */
export interface FlowContext {
  readonly client: HttpClient;
  readonly steps: StepRecord[];
  readonly discovered: Discovered;
  readonly as: oauth.AuthorizationServer;
  /** oauth4webapi's allowance for http metadata URLs, when the metadata is http (tests, loopback). */
  readonly insecure: Record<symbol, boolean>;
  readonly redirectUri: string;
}

/** How the user named the client, and what registration needs. */
export interface ClientChoice {
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly clientMetadataUrl?: string;
  readonly now: () => number;
  readonly progress: (message: string) => void;
}

export type StepOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: LoginFailure };

/** The user's metadata document: fetched, linted, supported by the AS, listing our redirect URI. */
async function fromMetadataDocument(
  f: FlowContext,
  url: string,
  exchanges: string[],
): Promise<StepOutcome<Identity>> {
  const { source, exchange } = await fetchClientMetadata(f.client, url);
  exchanges.push(exchange);
  const blocking = blockingFindings(lintDocument(source));
  const stop = (x: LoginFailure): StepOutcome<Identity> => ({ ok: false, failure: x });
  if (blocking.length > 0)
    return stop(
      failure(
        'cimd-lint-failed',
        `the client metadata document fails ${blocking.map((b) => `${b.id}${b.key ? ` (${b.key})` : ''}: ${b.message}`).join('; ')}`,
        exchange,
      ),
    );
  if (f.discovered.metadata['client_id_metadata_document_supported'] !== true)
    return stop(
      failure(
        'cimd-not-supported',
        `${f.discovered.issuer} does not advertise client_id_metadata_document_supported`,
      ),
    );
  const registered = (source.document as { redirect_uris?: unknown }).redirect_uris;
  const uris = Array.isArray(registered) ? registered.filter((x): x is string => typeof x === 'string') : [];
  if (!redirectListed(uris, f.redirectUri))
    return stop(
      failure(
        'redirect-mismatch',
        `the document's redirect_uris (${uris.join(', ')}) do not include ${f.redirectUri}; use --callback-port and --callback-host to match one`,
        exchange,
      ),
    );
  return {
    ok: true,
    value: {
      client: { client_id: url },
      auth: oauth.None(),
      identity: { kind: 'metadata-document', clientId: url },
    },
  };
}

/** Open dynamic registration of a native public client for this login. */
async function register(
  f: FlowContext,
  choice: ClientChoice,
  registrationUrl: string,
  exchanges: string[],
): Promise<StepOutcome<Identity>> {
  const metadata = {
    client_name: `mcp-posture login (${new Date(choice.now()).toISOString().slice(0, 10)}, delete me after use)`,
    application_type: 'native',
    redirect_uris: [f.redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    software_id: 'mcp-posture',
    software_version: TOOL_VERSION,
  };
  try {
    const res = await oauth.dynamicClientRegistrationRequest(f.as, metadata, {
      ...f.insecure,
      [oauth.customFetch]: fetchThrough(
        f.client,
        'l.register',
        'dynamic client registration for the login (application_type native)',
        () => [],
        exchanges,
      ),
    });
    const registered = await oauth.processDynamicClientRegistrationResponse(res);
    const clientUri = registered['registration_client_uri'];
    const rat = registered['registration_access_token'];
    const deletable = typeof clientUri === 'string' && typeof rat === 'string';
    choice.progress(`registered client ${registered.client_id} at ${registrationUrl}`);
    return {
      ok: true,
      value: {
        client: { client_id: registered.client_id },
        auth: oauth.None(),
        identity: { kind: 'dynamic-registration', clientId: registered.client_id, deletable },
        ...(deletable ? { registration: { clientUri, accessToken: rat } } : {}),
      },
    };
  } catch (err) {
    if (err instanceof oauth.WWWAuthenticateChallengeError) {
      // oidc-provider and others put the reason in the body, not in the challenge.
      const body = await err.response.text().catch(() => '');
      return {
        ok: false,
        failure: failure(
          'registration-rejected',
          `registration is protected: it answered ${err.status}${body ? ` ${excerpt(body)}` : ''}; pass a pre-registered client (--oauth-client-id)`,
          exchanges.at(-1) ?? null,
        ),
      };
    }
    return { ok: false, failure: explain(err, 'client', exchanges.at(-1) ?? null) };
  }
}

/** The identity a client would use, by the user's choice and what the AS offers. */
function choose(f: FlowContext, choice: ClientChoice, exchanges: string[]): Promise<StepOutcome<Identity>> {
  const d = f.discovered;
  if (choice.clientId !== undefined)
    return Promise.resolve({
      ok: true,
      value: {
        client: { client_id: choice.clientId },
        auth: clientAuth(d.metadata, choice.clientSecret),
        identity: { kind: 'pre-registered', clientId: choice.clientId },
      },
    });
  if (choice.clientMetadataUrl !== undefined)
    return fromMetadataDocument(f, choice.clientMetadataUrl, exchanges);
  const registration = d.metadata['registration_endpoint'];
  if (typeof registration === 'string') return register(f, choice, registration, exchanges);
  return Promise.resolve({
    ok: false,
    failure: failure(
      'no-client-identity',
      `${d.issuer} offers no registration endpoint and no client was given (--oauth-client-id or --client-metadata-url)`,
    ),
  });
}

/** The client step: the identity chosen, recorded as the step's outcome. */
export async function clientStep(f: FlowContext, choice: ClientChoice): Promise<StepOutcome<Identity>> {
  const exchanges: string[] = [];
  const chosen = await choose(f, choice, exchanges);
  f.steps.push(
    chosen.ok
      ? {
          step: 'client',
          status: 'ok',
          url: null,
          detail: `${chosen.value.identity.kind} client ${chosen.value.identity.clientId}`,
          exchanges,
        }
      : { step: 'client', status: 'failed', url: null, detail: chosen.failure.message, exchanges },
  );
  return chosen;
}
