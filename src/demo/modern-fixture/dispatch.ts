/**
 * Modern method dispatch: `server/discover`, the list and read methods (the
 * 2025-era fixture's catalogue, reused), each result stamped with
 * `resultType`, server identity and caching hints.
 */
import { dispatch } from '../fixture/rpc.js';
import type { Catalog } from '../fixture/rpc.js';
import type { FixtureOptions, FixtureTool } from '../fixture/options.js';
import type { Caller, ModernFixtureOptions } from './options.js';
import { callRegionTool } from './tools.js';
import { SUPPORTED } from './validate.js';
import type { Outcome } from './outcome.js';

export const SERVER_INFO = { name: 'mcp-posture-modern-fixture', version: '1.0.0' } as const;
const CACHEABLE = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);
/** Methods served from the shared catalogue; anything else not handled here is unknown (404). */
const CATALOG_METHODS = new Set([
  'tools/list',
  'tools/call',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);
const LATE_TOOL = {
  name: 'late_tool',
  description: 'Appears on every second listing',
  inputSchema: { type: 'object' },
};

export class ModernDispatcher {
  private toolListings = 0;

  constructor(
    private readonly opts: ModernFixtureOptions,
    private readonly catalog: Catalog,
    private readonly legacyOpts: FixtureOptions,
  ) {}

  /** Tool definitions, for validating `Mcp-Param-*` headers against their `x-mcp-header` parameters. */
  tools(): readonly FixtureTool[] {
    return this.catalog.tools;
  }

  capabilities(): Record<string, unknown> {
    return {
      tools: { listChanged: true },
      prompts: {},
      resources: {},
      ...(this.opts.defect === 'badExtensionId' ? { extensions: { 'fixture-extension': {} } } : {}),
    };
  }

  handle(
    id: string | number,
    method: string,
    params: Record<string, unknown>,
    caller: Caller = 'full',
  ): Outcome {
    // The region tools (./tools.ts) answer for themselves; the catalogue answers the other tools.
    const region = method === 'tools/call' ? callRegionTool(params, this.opts) : null;
    let outcome: Outcome;
    if (method === 'server/discover') outcome = { kind: 'result', result: this.discover() };
    else if (method === 'ping' && this.opts.defect === 'pingServed') outcome = { kind: 'result', result: {} };
    else if (region) outcome = region;
    else if (CATALOG_METHODS.has(method)) outcome = this.fromCatalog(id, method, params);
    else outcome = { kind: 'error', status: 404, code: -32601, message: `Method not found: ${method}` };
    if (outcome.kind === 'result' && method === 'tools/list' && caller === 'narrow')
      outcome = { kind: 'result', result: narrowed(outcome.result) };
    return outcome.kind === 'result'
      ? { kind: 'result', result: this.stamp(method, outcome.result) }
      : outcome;
  }

  private discover(): Record<string, unknown> {
    return {
      supportedVersions: [...SUPPORTED],
      capabilities: this.capabilities(),
      instructions: this.opts.defect === 'discoverMalformed' ? 42 : 'Modern fixture server.',
    };
  }

  private fromCatalog(id: string | number, method: string, params: Record<string, unknown>): Outcome {
    const reply = dispatch({ kind: 'request', id, method, params }, this.catalog, this.legacyOpts);
    const error = reply['error'] as { code: number; message: string } | undefined;
    if (error) {
      // -32002 was the 2025-era "resource not found"; 2026-07-28 uses -32602.
      const code =
        error.code === -32002 && this.opts.defect !== 'resourceNotFound32002' ? -32602 : error.code;
      return { kind: 'error', status: 200, code, message: error.message };
    }
    const result = { ...(reply['result'] as Record<string, unknown>) };
    if (method === 'tools/list') this.varyTools(result);
    return { kind: 'result', result };
  }

  /** The two listing defects act on every second `tools/list`, so consecutive listings differ. */
  private varyTools(result: Record<string, unknown>): void {
    this.toolListings++;
    if (this.toolListings % 2 === 1 || !Array.isArray(result['tools'])) return;
    if (this.opts.defect === 'shuffledTools') result['tools'] = [...(result['tools'] as unknown[])].reverse();
    if (this.opts.defect === 'toolsVaryPerRequest')
      result['tools'] = [...(result['tools'] as unknown[]), LATE_TOOL];
  }

  /** Lists that differ by caller are `private` (2026-07-28 caching), unless the option says otherwise. */
  private scopeOf(method: string): 'public' | 'private' {
    return method === 'tools/list' && this.opts.callers !== null ? this.opts.callerListScope : 'public';
  }

  private stamp(method: string, result: Record<string, unknown>): Record<string, unknown> {
    const d = this.opts.defect;
    return {
      ...result,
      // An InputRequiredResult keeps its resultType; everything else is complete.
      ...(d === 'noResultType'
        ? {}
        : { resultType: typeof result['resultType'] === 'string' ? result['resultType'] : 'complete' }),
      ...(CACHEABLE.has(method) && d !== 'noCacheHints'
        ? { ttlMs: 60_000, cacheScope: this.scopeOf(method) }
        : {}),
      ...(d === 'noServerInfo' ? {} : { _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } }),
    };
  }
}

/** What a narrow caller may see: the first tool only. */
function narrowed(result: Record<string, unknown>): Record<string, unknown> {
  const tools = result['tools'];
  return Array.isArray(tools) ? { ...result, tools: tools.slice(0, 1) } : result;
}
