/**
 * The era probe of a stdio launch (docs/stdio.md#detection): `server/discover` is sent first and
 * awaited for `ERA_PROBE_MS`, measured from the child's first sign of life (its first byte on
 * stdout or stderr) or from the end of a fixed start allowance, whichever comes first, so a
 * server that is still loading on a busy machine is not taken for a silent one. When the window
 * closes unanswered the collector falls back to `initialize`, but the request stays pending: an
 * answer that arrives later during the launch is still read and recorded with its delay.
 */
import type { Probe, RpcReply } from '../../evidence/types.js';
import type { StdioOpening } from '../../evidence/stdio-types.js';
import type { RpcChannel } from '../channel/types.js';
import { LADDER_PROBES } from '../detect.js';
import type { StdioProcess } from './runner.js';

/** The spec's stdio rule: a client falls back to `initialize` after this much silence. */
export const ERA_PROBE_MS = 5_000;
/** The longest the window waits for the child's first output before it starts anyway. */
export const START_ALLOWANCE_MS = 5_000;

export interface EraWindow {
  readonly windowMs: number;
  readonly startAllowanceMs: number;
}

export const ERA_WINDOW: EraWindow = { windowMs: ERA_PROBE_MS, startAllowanceMs: START_ALLOWANCE_MS };

export interface EraProbe {
  /** The answer when it came within the window; null when the window closed first. */
  readonly inWindow: Probe<RpcReply> | null;
  /** Settles with the answer whenever it arrives during the launch (or why none will). */
  readonly answer: Promise<Probe<RpcReply>>;
  /** What the window was measured from. */
  readonly windowFrom: 'first-output' | 'start-allowance';
  /** When the request was sent (epoch ms). */
  readonly sentAt: number;
  /** Milliseconds from sending the request to its answer (or failure); null while it is pending. */
  readonly delayMs: () => number | null;
  /** Only non-JSON output by the close of the window, or the process ended: what silence looked like. */
  readonly atClose: 'exit' | 'non-json' | 'timeout' | null;
}

/**
 * Sends `server/discover` on `channel` and waits for the window. The request's own timeout is the
 * rest of the scan (`budgetMs`): the launch's shutdown ends the wait at the latest.
 */
export async function sendEraProbe(
  proc: StdioProcess,
  channel: RpcChannel<RpcReply>,
  id: number,
  budgetMs: number,
  window: EraWindow = ERA_WINDOW,
): Promise<EraProbe> {
  const sentAt = Date.now();
  let delayMs: number | null = null;
  const answer = channel
    .call({
      id,
      method: 'server/discover',
      params: {},
      probe: LADDER_PROBES.discover,
      purpose: 'server/discover (2026-07-28 wire): detect the modern era',
      timeoutMs: Math.max(1, budgetMs),
    })
    .then((p) => {
      delayMs = Date.now() - sentAt;
      settled = p;
      return p;
    });
  let settled: Probe<RpcReply> | null = null;
  let windowFrom: EraProbe['windowFrom'] = 'start-allowance';
  const timers: ReturnType<typeof setTimeout>[] = [];
  const closed = (async () => {
    const first = await proc.firstOutput(window.startAllowanceMs);
    if (first !== null) windowFrom = 'first-output';
    await new Promise<void>((resolve) => timers.push(setTimeout(resolve, window.windowMs)));
    return null;
  })();
  const inWindow = await Promise.race([answer, closed]);
  timers.forEach(clearTimeout);
  if (inWindow !== null || settled !== null)
    return {
      inWindow: inWindow ?? settled,
      answer,
      windowFrom,
      sentAt,
      delayMs: () => delayMs,
      atClose: null,
    };
  const atClose = proc.exited ? 'exit' : proc.nonJsonAfter(proc.lastSentSeq()) > 0 ? 'non-json' : 'timeout';
  return { inWindow: null, answer, windowFrom, sentAt, delayMs: () => delayMs, atClose };
}

/** The opening of an era probe answered within its window, or failed within it. */
export async function openingInWindow(
  proc: StdioProcess,
  era: EraProbe,
  probe: Probe<RpcReply>,
): Promise<StdioOpening> {
  const ms = era.delayMs() ?? Date.now() - era.sentAt;
  const base = { method: 'server/discover', ms, windowFrom: era.windowFrom } as const;
  if (probe.kind === 'ok') {
    // "the process stays alive": a crash right after answering counts too.
    const died = await proc.waitExit(200);
    return { ...base, outcome: died ? 'exit' : 'response' };
  }
  if (probe.kind === 'skipped') return { ...base, outcome: 'not-sent' };
  if (probe.error.code === 'reset' || proc.exited) return { ...base, outcome: 'exit' };
  return { ...base, outcome: proc.nonJsonAfter(proc.lastSentSeq()) > 0 ? 'non-json' : 'timeout' };
}

/**
 * The opening of an era probe whose window closed unanswered, once the launch is over: `late`
 * with the answer's delay when a JSON-RPC response came after all, else what silence looked like
 * at the close of the window.
 */
export function openingAfterWindow(era: EraProbe, late: Probe<RpcReply>): StdioOpening {
  const base = { method: 'server/discover', windowFrom: era.windowFrom } as const;
  const lateMs = era.delayMs() ?? Date.now() - era.sentAt;
  if (late.kind === 'ok' && late.value.response !== null) return { ...base, outcome: 'late', ms: lateMs };
  return { ...base, outcome: era.atClose ?? 'timeout', ms: lateMs };
}
