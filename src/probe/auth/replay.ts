/**
 * Re-sending the request that yielded the first 401 (for s.xfh and
 * s.token.garbage), rebuilt from its probe ID with a fresh JSON-RPC id: the
 * discover probe, an initialize of one version, or the HTTP+SSE GET.
 */
import type { ChallengeObservation } from '../../evidence/auth-types.js';
import type { Probe, HttpReply } from '../../evidence/types.js';
import { isRevision } from '../../spec/revisions.js';
import type { HttpClient } from '../http/types.js';
import {
  discoverHeaders,
  initializeParams,
  modernMeta,
  POST_HEADERS,
  rpcRequest,
  SSE_HEADERS,
} from '../mcp-messages.js';
import type { RpcIds } from '../mcp-messages.js';
import { QUIET_STREAM, sendRpc } from '../rpc.js';

export type ReplayShape =
  | { readonly kind: 'discover' }
  | { readonly kind: 'initialize'; readonly version: string }
  | { readonly kind: 'sse-get' };

const INIT_PROBE = /^p\.init\((.+)\)$/;

/** The request shape of a ladder probe; `server/discover` when the probe is not one we can rebuild. */
export function shapeOf(probe: string): ReplayShape {
  if (probe === 'p.sse') return { kind: 'sse-get' };
  const version = INIT_PROBE.exec(probe)?.[1];
  if (version !== undefined && isRevision(version)) return { kind: 'initialize', version };
  return { kind: 'discover' };
}

export function firstChallengeShape(challenges: readonly ChallengeObservation[]): ReplayShape | null {
  const first = challenges.find((c) => c.status === 401) ?? challenges[0];
  return first ? shapeOf(first.probe) : null;
}

export interface ReplaySpec {
  readonly client: HttpClient;
  readonly url: string;
  readonly shape: ReplayShape;
  readonly headers: Readonly<Record<string, string>>;
  readonly probe: string;
  readonly purpose: string;
  readonly attachCredentials: boolean;
  /** An alternate credential set of the client (a second or narrow-scope token). */
  readonly credentialSet?: string;
}

/** Takes its JSON-RPC id synchronously, at call time. */
export function replay(ids: RpcIds, spec: ReplaySpec): Promise<Probe<HttpReply>> {
  const { client, url, shape, headers, probe, purpose, attachCredentials, credentialSet } = spec;
  const common = {
    url,
    probe,
    purpose,
    source: 'user' as const,
    attachCredentials,
    ...(credentialSet === undefined ? {} : { credentialSet }),
  };
  if (shape.kind === 'sse-get') {
    return sendRpc(client, {
      ...common,
      method: 'GET',
      headers: { ...SSE_HEADERS, ...headers },
      rpcId: null,
      streamWindowMs: 1_000,
      settle: QUIET_STREAM,
    });
  }
  const id = ids.take();
  if (shape.kind === 'initialize') {
    return sendRpc(client, {
      ...common,
      method: 'POST',
      headers: { ...POST_HEADERS, ...headers },
      body: rpcRequest(id, 'initialize', initializeParams(shape.version)),
      rpcId: id,
    });
  }
  return sendRpc(client, {
    ...common,
    method: 'POST',
    headers: { ...discoverHeaders(), ...headers },
    body: rpcRequest(id, 'server/discover', { _meta: modernMeta() }),
    rpcId: id,
  });
}
