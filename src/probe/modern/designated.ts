/**
 * i.tool(name), intrusive: calls of the one tool the user designated as
 * side-effect-free, always with the user's arguments. First the correct call
 * (the control); then, when the tool mirrors an argument into an
 * `Mcp-Param-{Name}` header (`x-mcp-header`), the same call without that
 * header and with a different value in it (MCPP-MOD30); last the correct call
 * with `_meta` clientCapabilities `{}` (MCPP-MOD31). A tool that was not
 * designated, or is not in the modern `tools/list`, is never called.
 */
import type {
  DesignatedParam,
  DesignatedToolEvidence,
  ListingEvidence,
  Probe,
  HttpReply,
} from '../../evidence/types.js';
import { encodeHeaderValue } from '../../evidence/parse/header-sentinel.js';
import { isObject } from '../../evidence/parse/json-value.js';
import { headerParams, headerText, paramHeaderName, valueAt } from '../../evidence/parse/x-mcp-header.js';
import { modernMeta, PROBE_PREFIX } from '../mcp-messages.js';
import type { ModernContext } from './send.js';
import { sendModern, skipped } from './send.js';

/** The tool the user designated (`--designate-tool`, `designateTool` in the config file). */
export interface Designation {
  readonly name: string;
  readonly arguments?: Readonly<Record<string, unknown>>;
}

/**
 * Client capabilities the correct calls declare, so a tool that needs one gets past
 * capability gating to header validation and dispatch. The scanner never answers the
 * input requests such a tool may return (multi round-trip requests hold no server state).
 */
export const DECLARED_CAPABILITIES: Readonly<Record<string, unknown>> = {
  elicitation: {},
  sampling: {},
  roots: {},
};

/** The mismatching header value for string parameters: recognisable in server logs. */
export const MISMATCH_VALUE = `${PROBE_PREFIX}-mismatch`;

/** A fixed id range, so the bodies do not depend on how concurrent probes interleave. */
const ID_BASE = 70_000;

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** A header value that differs from the body argument, of the same JSON type where it can be. */
export function mismatchOf(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'false' : 'true';
  if (typeof value === 'number') return String(value < Number.MAX_SAFE_INTEGER ? value + 1 : value - 1);
  return value === MISMATCH_VALUE ? `${MISMATCH_VALUE}-2` : MISMATCH_VALUE;
}

/** The tool's `Mcp-Param-*` headers for `args` (lower-case names), and the parameter the variants change. */
export function paramHeaders(
  inputSchema: unknown,
  args: Readonly<Record<string, unknown>>,
): {
  readonly annotated: DesignatedToolEvidence['annotated'];
  readonly headers: Readonly<Record<string, string>>;
  readonly param: DesignatedParam | null;
  readonly key: string | null;
} {
  const params = headerParams(inputSchema);
  const headers: Record<string, string> = {};
  let param: DesignatedParam | null = null;
  let key: string | null = null;
  for (const p of params) {
    const value = valueAt(args, p.path);
    const text = headerText(value);
    // Absent and null arguments have no header (streamable-http#Server Behavior for Custom Headers).
    if (text === null) continue;
    const name = `mcp-param-${p.name.toLowerCase()}`;
    const encoded = encodeHeaderValue(text);
    headers[name] = encoded;
    if (param === null) {
      key = name;
      param = {
        path: p.path.join('.'),
        header: paramHeaderName(p.name),
        value: encoded,
        mismatch: mismatchOf(value),
      };
    }
  }
  return {
    annotated: params.map((p) => ({ path: p.path.join('.'), header: paramHeaderName(p.name) })),
    headers,
    param,
    key,
  };
}

export async function probeDesignated(
  ctx: ModernContext,
  tools: Probe<ListingEvidence>,
  designation: Designation,
): Promise<Probe<DesignatedToolEvidence>> {
  if (tools.kind !== 'ok')
    return { kind: 'skipped', reason: 'dependency_failed', detail: 'the modern tools/list gave no listing' };
  const name = designation.name;
  const tool = tools.value.items.find((t) => isObject(t) && t['name'] === name);
  if (!isObject(tool))
    return {
      kind: 'skipped',
      reason: 'not_designated',
      detail: `the designated tool ${name} is not in tools/list`,
    };
  const args = designation.arguments ?? {};
  const { annotated, headers, param, key } = paramHeaders(tool['inputSchema'], args);
  const call = (
    offset: number,
    probe: string,
    purpose: string,
    opts: {
      readonly headers?: Readonly<Record<string, string | null>>;
      readonly capabilities?: Readonly<Record<string, unknown>>;
    } = {},
  ): Promise<Probe<HttpReply>> =>
    sendModern(ctx, {
      id: ID_BASE + offset,
      method: 'tools/call',
      params: { name, arguments: args },
      meta: { ...modernMeta(), [CAPABILITIES_KEY]: opts.capabilities ?? DECLARED_CAPABILITIES },
      headers: { 'mcp-name': encodeHeaderValue(name), ...headers, ...(opts.headers ?? {}) },
      probe,
      purpose,
    });
  const noParam = skipped(
    annotated.length === 0
      ? 'the designated tool has no x-mcp-header parameter'
      : 'the designated arguments give no x-mcp-header parameter a value',
    'not_needed',
  );

  // One request at a time, control first: the designated tool runs at most four times.
  const control = await call(
    0,
    'i.tool.control',
    `tools/call of the designated tool ${name} with its arguments, every standard and Mcp-Param-* header, and client capabilities declared (the control)`,
  );
  const paramMissing =
    param && key
      ? await call(
          1,
          'i.tool.param-missing',
          `tools/call of the designated tool without ${param.header} (expects 400, -32020)`,
          { headers: { [key]: null } },
        )
      : noParam;
  const paramMismatch =
    param && key
      ? await call(
          2,
          'i.tool.param-mismatch',
          `tools/call of the designated tool with ${param.header}: ${param.mismatch}, unlike the body (expects 400, -32020)`,
          { headers: { [key]: param.mismatch } },
        )
      : noParam;
  const noCapabilities = await call(
    3,
    'i.tool.no-capabilities',
    'tools/call of the designated tool with _meta clientCapabilities {} (expects 400, -32021 when it needs a client capability)',
    { capabilities: {} },
  );
  const probes = [control, paramMissing, paramMismatch, noCapabilities];
  return {
    kind: 'ok',
    value: { name, arguments: args, annotated, param, control, paramMissing, paramMismatch, noCapabilities },
    exchanges: probes.flatMap((p) => (p.kind === 'skipped' ? [] : p.exchanges)),
  };
}
