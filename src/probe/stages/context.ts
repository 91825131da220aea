/**
 * What every probe stage of one scan shares: the HTTP client (the only network access), the
 * target, the mode, the deterministic JSON-RPC id counter and the user's options. Stages read
 * it and return typed evidence; the scheduler (../collect.ts) decides which stages run.
 */
import type { AddressScope, Mode } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import type { RpcIds } from '../mcp-messages.js';
import type { CollectOptions } from '../scan-options.js';

export interface StageContext {
  readonly client: HttpClient;
  readonly opts: CollectOptions;
  /** The target URL (normalised). */
  readonly url: string;
  readonly origin: string;
  readonly scope: AddressScope;
  readonly address: string | null;
  readonly mode: Mode;
  readonly ids: RpcIds;
  readonly progress: (message: string) => void;
}
