/**
 * What the MOD checks share: reading results and errors of replies, and the "expects 400 with
 * code X" judgement most safe probes of the modern wire use. A check that reads the modern
 * evidence requires `modern`; the engine answers for it when there is none.
 */
import type { CheckContext, InconclusiveReason, Severity, Verdict } from '../define-check.js';
import type { ModernEvidence, HttpReply, RpcReply } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { isObject } from '../../evidence/parse/json-value.js';

/** The version `s.version.bad` names (header and `_meta`). */
export const BOGUS_VERSION = '1900-01-01';

export { isObject } from '../../evidence/parse/json-value.js';

export { okReply } from '../shared/replies.js';

export function resultOf(reply: RpcReply | null): Readonly<Record<string, unknown>> | null {
  const r = reply?.response?.result;
  return isObject(r) ? r : null;
}

export function errorCode(reply: RpcReply | null): unknown {
  return reply?.response?.error?.code;
}

export function errorMessage(reply: RpcReply | null): string {
  const m = reply?.response?.error?.message;
  return typeof m === 'string' ? m : '';
}

export const is2xx = (s: number): boolean => s >= 200 && s < 300;

/**
 * For the checks that read `modern?` because they must also run without it (MOD01, MOD19):
 * the modern-wire probes were recorded (bundles from before they were widened hold only
 * `versionBad`).
 */
export function hasModernProbes(m: ModernEvidence | null): m is ModernEvidence {
  return m !== null && 'lists' in m;
}

/**
 * A reply that says nothing about the rule under test: server error, rate limit, redirect, auth.
 * These are HTTP statuses: a reply over another transport has none, so nothing here makes it unusable.
 */
export function unusable(reply: RpcReply): { reason: InconclusiveReason; why: string } | null {
  if (!isHttpReply(reply)) return null;
  const s = reply.status;
  if (s >= 500) return { reason: 'fetch_failed', why: `answered ${s}` };
  if (s === 429) return { reason: 'rate_limited', why: 'answered 429' };
  if (s >= 300 && s < 400) return { reason: 'ambiguous', why: `redirected (${s})` };
  if (s === 401 || s === 403) return { reason: 'auth_wall', why: `refused with ${s} before MCP validation` };
  return null;
}

export type RejectionJudgement =
  | { readonly kind: 'pass' }
  | { readonly kind: 'served' }
  | { readonly kind: 'code'; readonly code: unknown }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'unusable'; readonly reason: InconclusiveReason; readonly why: string };

/** "MUST reject with 400 and JSON-RPC error `code`": which way a reply meets or misses that. */
export function judgeRejection(reply: HttpReply, codes: readonly number[]): RejectionJudgement {
  const bad = unusable(reply);
  if (bad) return { kind: 'unusable', ...bad };
  const code = errorCode(reply);
  if (reply.status === 400 && codes.includes(code as number)) return { kind: 'pass' };
  if (is2xx(reply.status) && reply.response?.error === undefined) return { kind: 'served' };
  if (reply.status === 400) return { kind: 'code', code: code ?? 'none' };
  return { kind: 'status', status: reply.status };
}

/**
 * Words for a reply: `400 with -32020`, `200 with a result`, `404 without a JSON-RPC error`
 * (without the status for a reply that did not come over HTTP).
 */
export function describe(reply: RpcReply): string {
  const status = isHttpReply(reply) ? `${reply.status} ` : '';
  const code = errorCode(reply);
  if (code !== undefined)
    return `${status}with JSON-RPC error ${typeof code === 'number' || typeof code === 'string' ? code : JSON.stringify(code)}`;
  if (reply.response?.result !== undefined) return `${status}with a result`;
  return `${status}without a JSON-RPC error`;
}

/** A DiscoverResult: a result object with `supportedVersions`. */
export function isDiscoverResult(reply: RpcReply | null): boolean {
  const r = resultOf(reply);
  return r !== null && Array.isArray(r['supportedVersions']);
}

export interface RejectionSpec {
  /** What was sent, for messages ("A request whose Mcp-Method differs from the body"). */
  readonly what: string;
  /** JSON-RPC codes that satisfy the rule. */
  readonly codes: readonly number[];
  /** Key prefix for checks that judge several variants. */
  readonly prefix?: string;
  /** Severity of a right status with a wrong code (the conformance suite grades the code as a SHOULD). */
  readonly codeSeverity?: Severity;
  readonly servedSeverity?: Severity;
}

/** The verdict for one reply that must be a 400 with one of `codes`. */
export function rejectionVerdict(ctx: CheckContext, reply: HttpReply, spec: RejectionSpec): Verdict {
  const evidence = [reply.exchange];
  const j = judgeRejection(reply, spec.codes);
  const key = (k: string) => (spec.prefix ? `${spec.prefix}-${k}` : k);
  const expected = `400 with ${spec.codes.join(' or ')}`;
  switch (j.kind) {
    case 'pass':
      return ctx.pass(`${spec.what} was rejected: ${describe(reply)}.`, evidence);
    case 'unusable':
      return ctx.inconclusive(j.reason, `${spec.what} was ${j.why}.`, evidence);
    case 'served':
      return ctx.fail(`${spec.what} was served (${reply.status}); expected ${expected}.`, evidence, {
        key: key('served'),
        ...(spec.servedSeverity ? { severity: spec.servedSeverity } : {}),
      });
    case 'code':
      return ctx.fail(`${spec.what} was answered ${describe(reply)}; expected ${expected}.`, evidence, {
        key: key('code'),
        ...(spec.codeSeverity ? { severity: spec.codeSeverity } : {}),
      });
    case 'status':
      return ctx.fail(`${spec.what} was answered ${describe(reply)}; expected ${expected}.`, evidence, {
        key: key('status'),
      });
  }
}

/** A tool call reached dispatch: a result, or the unknown-tool / unknown-method errors dispatch gives. */
export function reachedDispatch(reply: HttpReply): boolean {
  const code = errorCode(reply);
  return is2xx(reply.status) || code === -32602 || code === -32601;
}
