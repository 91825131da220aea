/**
 * What TOOL18 and TOOL19 share: the reply of one tool probe (`s.tool.unknown`, `s.cursor`), or the
 * verdict that stands in for it — not applicable without the `tools` capability, inconclusive when
 * the probe was not answered or the answer says nothing about the rule (a 401/403, a 429, a
 * redirect).
 */
import type { CheckContext, Verdict } from '../define-check.js';
import type { Detection, Probe, RpcReply } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { capabilitiesOf } from './common.js';

export function toolProbeReply(
  detection: Detection,
  probe: Probe<RpcReply>,
  what: string,
  ctx: CheckContext,
): { readonly reply: RpcReply } | { readonly verdict: Verdict } {
  const found = capabilitiesOf(detection);
  const noTools =
    (found !== null && !('tools' in found.caps)) ||
    (probe.kind === 'skipped' && probe.reason === 'not_needed');
  if (noTools)
    return {
      verdict: ctx.notApplicable(
        'feature_absent',
        'The server declares no tools capability: there is no tool surface to probe.',
      ),
    };
  if (probe.kind !== 'ok') return { verdict: ctx.fromProbe(probe, what) };
  const reply = probe.value;
  if (!isHttpReply(reply)) return { reply };
  const s = reply.status;
  const evidence = [reply.exchange];
  if (s === 401 || s === 403)
    return {
      verdict: ctx.inconclusive(
        'auth_wall',
        `${what} was refused with ${s} before the server looked at it (AUTHN07 compares it with the methods that were served).`,
        evidence,
      ),
    };
  if (s === 429) return { verdict: ctx.inconclusive('rate_limited', `${what} was answered 429.`, evidence) };
  if (s >= 300 && s < 400)
    return { verdict: ctx.inconclusive('ambiguous', `${what} was redirected (${s}).`, evidence) };
  return { reply };
}

/** The JSON-RPC error code as words (`-32602`), whatever type the server sent. */
export function codeText(code: unknown): string {
  return typeof code === 'number' || typeof code === 'string' ? String(code) : JSON.stringify(code);
}
