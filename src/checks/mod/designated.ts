/**
 * What MOD30 and MOD31 share: the calls of the tool the user designated
 * (`i.tool.*`, intrusive), or the non-verdict standing in for them, and the
 * readings of a `tools/list` and of an InputRequiredResult they both need.
 */
import type { CheckContext, Verdict, VerdictOptions } from '../define-check.js';
import type { DesignatedToolEvidence, ModernEvidence, HttpReply } from '../../evidence/types.js';
import { headerParams } from '../../evidence/parse/x-mcp-header.js';
import { errorCode, isObject } from './common.js';

/** Names of listed tools with `x-mcp-header` parameters, and whether the listing was complete. */
export function annotatedTools(
  m: ModernEvidence,
): { readonly names: string[]; readonly complete: boolean } | null {
  const listing = m.lists.find((l) => l.method === 'tools/list')?.probe;
  if (listing?.kind !== 'ok') return null;
  const names = listing.value.items
    .filter((t) => isObject(t) && headerParams(t['inputSchema']).length > 0)
    .map((t) => String((t as Record<string, unknown>)['name']));
  return { names, complete: !listing.value.truncated };
}

export function nameList(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((n) => `\`${n}\``);
  return names.length > 5 ? `${shown.join(', ')} and ${names.length - 5} more` : shown.join(', ');
}

/** The designated tool's calls, or the verdict for a scan that made none. */
export function designatedOf(
  ctx: CheckContext,
  m: ModernEvidence,
  hint = '',
): { readonly tool: DesignatedToolEvidence } | { readonly verdict: Verdict } {
  const d = m.designated;
  // Bundles from before i.tool existed carry no field: nothing was collected.
  if (d === undefined)
    return {
      verdict: ctx.inconclusive(
        'needs_designation',
        'No designated-tool call was recorded (the evidence predates `--designate-tool`).',
      ),
    };
  if (d.kind === 'ok') return { tool: d.value };
  if (d.kind === 'skipped' && d.reason === 'not_designated')
    return {
      verdict: ctx.inconclusive(
        'needs_designation',
        `Not tested: ${d.detail ?? 'no tool designated'}. Name a side-effect-free tool with \`--designate-tool\`${hint}.`,
      ),
    };
  return { verdict: ctx.fromProbe(d, 'The designated-tool calls (i.tool)') };
}

/** Same HTTP status and JSON-RPC error code. */
export function sameAnswer(a: HttpReply, b: HttpReply): boolean {
  return a.status === b.status && errorCode(a) === errorCode(b);
}

/** A reply carrying a JSON-RPC result (a call the server processed), not an error. */
export function executed(reply: HttpReply): boolean {
  return reply.response !== null && reply.response.error === undefined && reply.response.result !== undefined;
}

/** Client capability each server-to-client request of an InputRequiredResult needs. */
const NEEDS: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** The input requests of an InputRequiredResult that need a client capability. */
export function capabilityRequests(
  result: Readonly<Record<string, unknown>>,
): { readonly method: string; readonly capability: string }[] {
  if (result['resultType'] !== 'input_required' || !isObject(result['inputRequests'])) return [];
  const out: { method: string; capability: string }[] = [];
  for (const r of Object.values(result['inputRequests'])) {
    const method = isObject(r) ? r['method'] : undefined;
    const capability = typeof method === 'string' && Object.hasOwn(NEEDS, method) ? NEEDS[method] : undefined;
    if (typeof method === 'string' && capability && !out.some((x) => x.method === method))
      out.push({ method, capability });
  }
  return out;
}

export function at(tool: DesignatedToolEvidence, opts: VerdictOptions = {}): VerdictOptions {
  return { location: `tool:${tool.name}`, ...opts };
}
