/**
 * Stage 3, after the listing: `s.tool.unknown` (`tools/call` of a tool that does not exist) and
 * `s.cursor` (`tools/list` with a cursor the server never issued). Both go over the channel the
 * listing used — the handshake session, the HTTP+SSE endpoint, stdio or the modern wire — with the
 * same credentials, so they run wherever the surface is listed and nowhere else (not behind an
 * authorization wall the scan has no token for). They are harmless whatever the server does: the
 * tool name is random and checked against the listed tools, and a list call changes nothing.
 * Sent only when the server declares the `tools` capability. The replies are recorded as they
 * come; TOOL18, TOOL19 and AUTHN07 judge them.
 */
import { randomBytes } from 'node:crypto';

import type { ListingEvidence, Mode, Probe, RpcReply, ToolProbes } from '../../evidence/types.js';
import { asObject } from '../../evidence/parse/json-value.js';
import type { RpcChannel } from '../channel/types.js';
import { withoutList } from '../inventory.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';

export const TOOL_PROBE_IDS = { unknown: 's.tool.unknown', cursor: 's.cursor' } as const;

/** Every nonexistent tool name starts with this, so a server's logs show who called it. */
export const NONEXISTENT_TOOL_PREFIX = 'mcp-posture-nonexistent';
const CURSOR_PREFIX = 'mcp-posture-cursor';

/**
 * Fixed JSON-RPC ids, outside the ranges the other stages take: these probes run while others
 * are in flight, so their bodies must not depend on timing.
 */
export const TOOL_PROBE_RPC_IDS = { unknown: 90_001, cursor: 90_002 } as const;

const WHEN = 'after the tools listing, when the server declares the tools capability';

export const TOOL_PROBES_PLAN: readonly PlanEntry[] = [
  planEntry(
    TOOL_PROBE_IDS.unknown,
    'safe',
    'POST',
    `tools/call of a random nonexistent tool (${NONEXISTENT_TOOL_PREFIX}-…) with empty arguments, on the listing's session or HTTP+SSE endpoint`,
    WHEN,
  ),
  planEntry(
    TOOL_PROBE_IDS.cursor,
    'safe',
    'POST',
    `tools/list with a random cursor the server never issued (${CURSOR_PREFIX}-…), on the listing's channel`,
    WHEN,
  ),
];

/** The same requests over stdio (`scan --plan --stdio`). */
export const STDIO_TOOL_PROBES_PLAN: readonly PlanEntry[] = TOOL_PROBES_PLAN.map((e) => ({
  ...e,
  method: 'write',
  url: '<stdin>',
}));

export interface ToolProbesInput {
  readonly channel: RpcChannel;
  readonly mode: Mode;
  /** The server's capabilities (InitializeResult or DiscoverResult); null when none came back. */
  readonly capabilities: Readonly<Record<string, unknown>> | null;
  /** The tools listing on the same channel: the probes follow it, and avoid its names. */
  readonly tools: Probe<ListingEvidence>;
  /** The modern wire's `s.tool.unknown`, already sent by the modern stage: reused, not sent twice. */
  readonly sentUnknown?: { readonly name: string; readonly probe: Probe<RpcReply> };
  /** Test seam for the random parts of the name and the cursor. */
  readonly random?: () => string;
}

/** The `tools` capability is declared. */
export function declaresTools(capabilities: Readonly<Record<string, unknown>> | null): boolean {
  return capabilities !== null && asObject(capabilities['tools']) !== null;
}

/** The capabilities of an InitializeResult or DiscoverResult reply. */
export function capabilitiesOf(reply: Probe<RpcReply> | undefined): Readonly<Record<string, unknown>> | null {
  if (reply?.kind !== 'ok') return null;
  return asObject(asObject(reply.value.response?.result)?.['capabilities']);
}

function listedNames(tools: Probe<ListingEvidence>): Set<string> {
  if (tools.kind !== 'ok') return new Set();
  return new Set(
    tools.value.items.flatMap((t) => {
      const name = asObject(t)?.['name'];
      return typeof name === 'string' ? [name] : [];
    }),
  );
}

/** A random tool name no listed tool has. */
export function nonexistentToolName(
  tools: Probe<ListingEvidence>,
  random: () => string = () => randomBytes(6).toString('hex'),
): string {
  const taken = listedNames(tools);
  let name = `${NONEXISTENT_TOOL_PREFIX}-${random()}`;
  // A clash needs a server listing our prefix; a counter settles it whatever the seam returns.
  for (let i = 2; taken.has(name); i++) name = `${NONEXISTENT_TOOL_PREFIX}-${random()}-${i}`;
  return name;
}

function skipped(reason: 'mode_disabled' | 'not_needed' | 'dependency_failed', detail: string) {
  return { kind: 'skipped' as const, reason, detail };
}

/**
 * Sends the two probes one after the other (stdio servers commonly handle requests in order), or
 * records why they were not sent: passive mode, no tools capability, or no tools listing.
 */
export async function runToolProbes(input: ToolProbesInput): Promise<ToolProbes> {
  const random = input.random ?? (() => randomBytes(6).toString('hex'));
  const unknownTool = input.sentUnknown?.name ?? nonexistentToolName(input.tools, random);
  const cursor = `${CURSOR_PREFIX}-${random()}`;
  const not = (p: Probe<RpcReply>): ToolProbes => ({
    unknownTool,
    toolUnknown: input.sentUnknown?.probe ?? p,
    cursor,
    invalidCursor: p,
  });
  if (input.mode === 'passive') return not(skipped('mode_disabled', 'needs --mode safe'));
  if (!declaresTools(input.capabilities))
    return not(skipped('not_needed', 'the server declares no tools capability'));
  if (input.tools.kind === 'skipped')
    return not(skipped('dependency_failed', 'the tools listing was not sent'));

  // The two are independent: sent together, they cost the session one round trip, not two.
  const [toolUnknown, page] = await Promise.all([
    input.sentUnknown?.probe ??
      input.channel.call({
        id: TOOL_PROBE_RPC_IDS.unknown,
        method: 'tools/call',
        params: { name: unknownTool, arguments: {} },
        probe: TOOL_PROBE_IDS.unknown,
        purpose: 'tools/call of a random nonexistent tool (expects a JSON-RPC error, e.g. -32602)',
      }),
    input.channel.call({
      id: TOOL_PROBE_RPC_IDS.cursor,
      method: 'tools/list',
      params: { cursor },
      probe: TOOL_PROBE_IDS.cursor,
      purpose: 'tools/list with a cursor the server never issued (expects -32602)',
    }),
  ]);
  // A server that ignores the cursor sends a whole page again: its tools are not kept twice.
  const invalidCursor: Probe<RpcReply> =
    page.kind === 'ok' ? { ...page, value: withoutList(page.value, 'tools') } : page;
  return { unknownTool, toolUnknown, cursor, invalidCursor };
}

/** The HTTP replies of the probes (late authorization reads their 401s). */
export function toolProbeReplies(t: ToolProbes | null | undefined): RpcReply[] {
  if (!t) return [];
  return [t.toolUnknown, t.invalidCursor].flatMap((p) => (p.kind === 'ok' ? [p.value] : []));
}
