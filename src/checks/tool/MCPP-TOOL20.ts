import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { OPENAI_TOOLS_LIMIT, VSCODE_TOOL_CALLING_LIMIT } from '../../spec/citations.js';
import { isVerdict, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';

/** The documented per-request tool limit of a major model API, which clients inherit. */
export const TOOL_COUNT_LIMIT = 128;
/** A context budget for the serialized tool list (about 25 000 tokens); no client documents a byte limit. */
export const TOOL_BYTES_BUDGET = 100_000;

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL20',
    title: 'Surface within client limits',
    requirement: `The server lists at most ${TOOL_COUNT_LIMIT} tools, and its serialized tool list fits a model context budget (${TOOL_BYTES_BUDGET} characters).`,
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      count: `more than ${TOOL_COUNT_LIMIT} tools are listed: clients that pass tools straight to the model API must drop some`,
      size: `the serialized tool list exceeds ${TOOL_BYTES_BUDGET} characters: a large share of the model context before any conversation`,
    },
    severity: 'info',
    citations: [OPENAI_TOOLS_LIMIT, VSCODE_TOOL_CALLING_LIMIT],
    rationale:
      'Model APIs cap the tools of one request (128 functions in a widely used API; VS Code exposes a per-model maximum), and clients then drop or truncate tools silently; a very large tool list also crowds out the conversation.',
    remediation:
      'Split the server by task, or let users enable tool groups; keep descriptions and schemas compact.',
    evidence:
      'The number of listed tools and the length of the serialized tool list (as served, after the listing caps).',
    traps: `The byte budget is this scanner’s own threshold, not a documented limit; a listing cut by the scanner’s caps is reported as at least its size. ${WALL_TRAP}`,
    notes: 'Info: the limits belong to clients and model APIs, not to the MCP specification.',
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const tools = ev.inventory.tools;
    const items = tools.kind === 'ok' ? tools.value.items : [];
    const count = toolsOf(s.surface).length;
    let size = 0;
    try {
      size = JSON.stringify(items).length;
    } catch {
      size = 0;
    }
    const truncated = tools.kind === 'ok' && tools.value.truncated;
    const out: Verdict[] = [];
    if (count > TOOL_COUNT_LIMIT)
      out.push(
        ctx.fail(
          `${count}${truncated ? '+' : ''} tools are listed (limit ${TOOL_COUNT_LIMIT}).`,
          s.evidence,
          { key: 'count' },
        ),
      );
    if (size > TOOL_BYTES_BUDGET)
      out.push(
        ctx.fail(
          `The serialized tool list is ${size}${truncated ? '+' : ''} characters (budget ${TOOL_BYTES_BUDGET}).`,
          s.evidence,
          { key: 'size' },
        ),
      );
    if (out.length > 0) return out;
    return ctx.pass(`${count} tools, ${size} characters serialized: within client limits.`, s.evidence);
  },
});
