/**
 * The stdio channel: newline-delimited JSON-RPC over a launched server's stdin and stdout
 * (../stdio/runner.ts runs the process and records every line). The framing decides the body:
 * the handshake era sends plain JSON-RPC; the modern (2026-07-28) wire carries `_meta` in
 * params, as over HTTP, without the HTTP headers.
 */
import { classifyMessage } from '../../evidence/parse/json-rpc.js';
import type { Probe, RpcReply } from '../../evidence/types.js';
import { modernBody } from '../modern/send.js';
import type { StdioProcess } from '../stdio/runner.js';
import type { RpcCall, RpcChannel } from './types.js';

export type StdioFraming = 'handshake' | 'modern';

/** What one stdio request yielded: the reply, nothing transport-specific beyond the exchange. */
export type StdioReply = RpcReply;

export function stdioChannel(
  proc: StdioProcess,
  framing: StdioFraming,
  requestTimeoutMs: number,
  deadline: number,
): RpcChannel<StdioReply> {
  return {
    transport: 'stdio',
    async call(call: RpcCall): Promise<Probe<StdioReply>> {
      const body =
        framing === 'modern'
          ? modernBody({
              id: call.id as number,
              method: call.method,
              ...(call.params === undefined ? {} : { params: call.params }),
            })
          : {
              jsonrpc: '2.0',
              ...(call.id === null ? {} : { id: call.id }),
              method: call.method,
              ...(call.params === undefined ? {} : { params: call.params }),
            };
      if (call.id === null) {
        proc.notify(body);
        return { kind: 'skipped', reason: 'not_needed', detail: 'a notification has no answer' };
      }
      const left = deadline - Date.now();
      if (left <= 0)
        return {
          kind: 'failed',
          error: { code: 'deadline', message: 'the scan deadline passed' },
          exchanges: [],
        };
      const timeout = Math.min(call.timeoutMs ?? requestTimeoutMs, left);
      const out = await proc.call(call.id, body, call.probe, call.purpose, timeout);
      const exchanges = [out.exchange.id];
      if (out.error || out.message === null) {
        const error =
          out.error?.code === 'timeout' && timeout < (call.timeoutMs ?? requestTimeoutMs)
            ? { code: 'deadline' as const, message: 'the scan deadline passed' }
            : (out.error ?? { code: 'reset' as const, message: 'no answer' });
        return { kind: 'failed', error, exchanges };
      }
      const { message, issues } = classifyMessage(out.message);
      const response = message.kind === 'response' ? message : null;
      return {
        kind: 'ok',
        value: { exchange: out.exchange.id, messages: [message], response, issues },
        exchanges,
      };
    },
  };
}
