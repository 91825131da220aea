/**
 * Probes of the 2026-07-28 wire, sent only when the server showed modern
 * evidence: the list methods (passive) and single crafted requests (safe) —
 * header and `_meta` variants, unknown methods, GET/DELETE, a bogus session,
 * a batch, a short listen — and, in intrusive mode, calls of the tool the user
 * designated. The pieces live in ./modern/.
 */
import { randomUUID } from 'node:crypto';

import type {
  DesignatedToolEvidence,
  Mode,
  ModernEvidence,
  ModernListing,
  Probe,
  HttpReply,
} from '../evidence/types.js';
import type { HttpClient } from './http/types.js';
import type { RpcIds } from './mcp-messages.js';
import type { Designation } from './modern/designated.js';
import { probeDesignated } from './modern/designated.js';
import { probeHeaders } from './modern/headers.js';
import { listenFilter, probeListen } from './modern/listen.js';
import { freshListIndex, listAllModern, listFresh } from './modern/lists.js';
import { probeMeta } from './modern/meta.js';
import { probeMethods, UNKNOWN_METHODS } from './modern/methods.js';
import { probeValue, skipped } from './modern/send.js';

export interface ModernProbeOptions {
  /** The ladder's `server/discover` answer: its capabilities choose the fresh list and the listen filter. */
  readonly discover?: Probe<HttpReply>;
  /** The server also answered legacy `initialize`: legacy rules govern GET and DELETE, so they are not sent. */
  readonly dualEra?: boolean;
  /** The side-effect-free tool the user designated: called (i.tool.*) only in intrusive mode. */
  readonly designatedTool?: Designation;
  /** Test seam for the random parts of probe values. */
  readonly random?: () => string;
}

function capabilitiesOf(discover: Probe<HttpReply> | undefined): Record<string, unknown> | null {
  const result = discover?.kind === 'ok' ? discover.value.response?.result : undefined;
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return null;
  const caps = (result as Record<string, unknown>)['capabilities'];
  return typeof caps === 'object' && caps !== null && !Array.isArray(caps)
    ? (caps as Record<string, unknown>)
    : null;
}

export async function probeModern(
  client: HttpClient,
  url: string,
  ids: RpcIds,
  mode: Mode,
  opts: ModernProbeOptions = {},
): Promise<ModernEvidence> {
  const ctx = { client, url };
  const random = opts.random ?? (() => randomUUID().slice(0, 8));
  const names = { body: probeValue(random), header: probeValue(random) };
  const bogusSessionId = randomUUID();
  const caps = capabilitiesOf(opts.discover);
  const safe = mode !== 'passive';

  // Every id is taken before the first await (in this order), so bodies do not depend on timing.
  const listenId = ids.take();
  const headerPromise = safe ? probeHeaders(ctx, ids, names) : null;
  const metaPromise = safe ? probeMeta(ctx, ids) : null;
  const methodPromise = safe
    ? probeMethods(ctx, ids, { modernOnly: !opts.dualEra, sessionId: bogusSessionId })
    : null;
  const listenPromise = probeListen(ctx, listenId, listenFilter(caps), safe);
  const lists = await listAllModern(ctx);
  // Sent after the first listing completed, so the two can be compared (MOD20–MOD22).
  const fresh = await listFresh(ctx, freshListIndex(caps));
  // After the listings: the designated tool is looked up in the tools/list just received.
  const designated = await designatedCalls(ctx, mode, lists, opts.designatedTool);

  const off: Probe<HttpReply> = skipped('needs --mode safe');
  const header = (await headerPromise) ?? {
    headers: {
      versionMismatch: off,
      methodMissing: off,
      methodMismatch: off,
      methodCase: off,
      nameMissing: off,
      nameMismatch: off,
      nameB64: off,
      ows: off,
      lowercase: off,
    },
    toolUnknown: off,
  };
  const meta = (await metaPromise) ?? { noCapabilities: off, noClientInfo: off, noMeta: off };
  const methods = (await methodPromise) ?? {
    versionBad: off,
    versionNone: off,
    methods: UNKNOWN_METHODS.map((m) => ({ method: m.method, probe: off })),
    get: off,
    delete: off,
    bogusSession: off,
    lastEventId: off,
    batch: off,
    resourceMissing: off,
  };
  return {
    ...methods,
    probeNames: names,
    toolUnknown: header.toolUnknown,
    headers: header.headers,
    meta,
    bogusSessionId,
    lists,
    fresh,
    listen: await listenPromise,
    designated,
  };
}

function designatedCalls(
  ctx: { readonly client: HttpClient; readonly url: string },
  mode: Mode,
  lists: readonly ModernListing[],
  designation: Designation | undefined,
): Promise<Probe<DesignatedToolEvidence>> {
  if (mode !== 'intrusive') return Promise.resolve(skipped('needs --mode intrusive'));
  if (!designation)
    return Promise.resolve(skipped('no tool designated (--designate-tool)', 'not_designated'));
  const tools = lists.find((l) => l.method === 'tools/list')?.probe ?? {
    kind: 'skipped',
    reason: 'dependency_failed',
  };
  return probeDesignated(ctx, tools, designation);
}
