/**
 * What every probe stage of one scan shares: the HTTP client (the only network access), the
 * parsed target, the credentials (one object: stages never see a token string), the mode, the
 * deterministic JSON-RPC id counter and the rest of the user's options. Stages read it and return
 * typed evidence; the scheduler (../scheduler.ts) decides which stages run.
 */
import type { AddressScope, Mode } from '../../evidence/types.js';
import type { HttpTarget } from '../../targets/target.js';
import type { ScanCredentials } from '../credentials.js';
import type { HttpClient } from '../http/types.js';
import type { RpcIds } from '../mcp-messages.js';
import type { ProbeOptions } from '../scan-options.js';

export interface StageContext {
  readonly client: HttpClient;
  readonly target: HttpTarget;
  readonly credentials: ScanCredentials;
  readonly opts: ProbeOptions;
  readonly scope: AddressScope;
  readonly address: string | null;
  readonly mode: Mode;
  readonly ids: RpcIds;
  readonly progress: (message: string) => void;
  /** When the scan started (ISO 8601), as the evidence records it. */
  readonly startedAt: string;
}
