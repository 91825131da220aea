/** Typed evidence with a listed surface, for the TOOL check tests. */
import type { Evidence, ListingEvidence, Probe, RpcReply } from '../../src/evidence/types.js';
import { evidence } from '../helpers/evidence.js';
import type { EvidenceBuilder, Mutable } from '../helpers/evidence.js';
import { authWall } from '../helpers/trn.js';

export interface SurfaceSpec {
  readonly tools?: readonly unknown[];
  readonly prompts?: readonly unknown[] | null;
  readonly resources?: readonly unknown[] | null;
  readonly resourceTemplates?: readonly unknown[] | null;
  readonly instructions?: string | null;
  readonly serverInfo?: unknown;
  /** Capabilities of the InitializeResult (default: tools only). */
  readonly capabilities?: Record<string, unknown>;
}

function listing(b: EvidenceBuilder, field: string, items: readonly unknown[]): Probe<ListingEvidence> {
  const r = b.reply({ result: { [field]: items } });
  return b.ok({ items: [...items], pages: 1, truncated: false, replies: [r] }, r.exchange);
}

export function surfaceEvidence(
  spec: SurfaceSpec,
  patch?: (ev: Mutable<Evidence>, b: EvidenceBuilder) => void,
): Evidence {
  return evidence((ev, b) => {
    const list = (field: string, items: readonly unknown[] | null | undefined): Probe<ListingEvidence> =>
      items === null || items === undefined ? b.skipped('not_needed') : listing(b, field, items);
    const capabilities = spec.capabilities ?? { tools: {} };
    const inits = ev.detection.inits.map((a) => ({
      ...a,
      probe: b.ok(b.reply({ result: b.initResult(a.requested, { capabilities }) })),
    }));
    Object.assign(ev.detection, { inits });
    ev.inventory = {
      tools: list('tools', spec.tools ?? []),
      prompts: list('prompts', spec.prompts),
      resources: list('resources', spec.resources),
      resourceTemplates: list('resourceTemplates', spec.resourceTemplates),
      serverInfo: spec.serverInfo ?? { name: 'fixture', version: '1.0.0' },
      instructions: spec.instructions ?? null,
    };
    patch?.(ev, b);
  });
}

/** A server whose every MCP request is answered 401, scanned without a token. */
export function walledSurface(): Evidence {
  return evidence((ev, b) => {
    authWall(ev, b);
    const r = b.reply({ status: 401, headers: { 'www-authenticate': 'Bearer' } });
    const wall = b.ok({ items: [], pages: 1, truncated: false, replies: [r] }, r.exchange);
    ev.inventory = {
      tools: wall,
      prompts: b.skipped('dependency_failed'),
      resources: b.skipped('dependency_failed'),
      resourceTemplates: b.skipped('dependency_failed'),
      serverInfo: null,
      instructions: null,
    };
  });
}

/**
 * A server that answered `initialize` (with instructions) and then let `tools/list` time out: its
 * tools were never seen, so no TOOL check may pass on the instructions alone.
 */
export function cutListing(): Evidence {
  return surfaceEvidence({ instructions: 'Use the search tool to find documents.' }, (ev, b) => {
    if (ev.inventory) ev.inventory = { ...ev.inventory, tools: b.failed('timeout') };
  });
}

/** A tool definition with an object input schema. */
export function tool(
  name: string,
  description: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { name, description, inputSchema: { type: 'object', properties: {} }, ...extra };
}

/** Makes the evidence a stdio target's: no HTTP sections (what the corpus servers are). */
export function asStdio(ev: Mutable<Evidence>): void {
  ev.target = { kind: 'stdio', url: 'stdio:node server.js', scope: 'loopback' };
  ev.detection.transport = 'stdio';
  Object.assign(ev, { endpoint: null, sessions: null, sse: null, origin: null, tls: [], plain: [] });
}

/** The two replies of the tool probes (`s.tool.unknown`, `s.cursor`), for TOOL18 and TOOL19. */
export interface ToolProbeSpec {
  readonly unknown?: (b: EvidenceBuilder) => Probe<RpcReply>;
  readonly cursor?: (b: EvidenceBuilder) => Probe<RpcReply>;
  /** Capabilities of the InitializeResult (default: tools only). */
  readonly capabilities?: Record<string, unknown>;
}

/** A listed server (one tool) with the tool probes answered as given (default: -32602 to both). */
export function toolProbeEvidence(
  spec: ToolProbeSpec,
  patch?: (ev: Mutable<Evidence>, b: EvidenceBuilder) => void,
): Evidence {
  const invalid = (b: EvidenceBuilder) =>
    b.ok<RpcReply>(b.reply({ error: { code: -32602, message: 'Invalid params' } }));
  return surfaceEvidence(
    { tools: [tool('echo', 'Echoes its input.')], capabilities: spec.capabilities ?? { tools: {} } },
    (ev, b) => {
      ev.toolProbes = {
        unknownTool: 'mcp-posture-nonexistent-0123456789ab',
        toolUnknown: (spec.unknown ?? invalid)(b),
        cursor: 'mcp-posture-cursor-0123456789ab',
        invalidCursor: (spec.cursor ?? invalid)(b),
      };
      patch?.(ev, b);
    },
  );
}
