/**
 * The 2026-07-28 Streamable HTTP transport of the fixture: POST only, one
 * JSON-RPC request per POST, no sessions, JSON or request-scoped SSE replies,
 * and `subscriptions/listen` as the only long-lived stream.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  accepts,
  header,
  isJsonContentType,
  rpcError,
  sendEmpty,
  sendJson,
  sseEvent,
} from '../fixture/http.js';
import type { ModernDispatcher } from './dispatch.js';
import type { Caller, ModernFixtureOptions } from './options.js';
import type { Rejection } from './validate.js';
import { isObject, SUPPORTED, validate } from './validate.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
/** Listen filters the fixture can honour: it advertises listChanged for tools only. */
const HONOURED_FILTERS = new Set(['toolsListChanged']);

type Id = string | number;

export class ModernTransport {
  private readonly streams = new Set<ServerResponse>();

  constructor(
    private readonly opts: ModernFixtureOptions,
    private readonly dispatcher: ModernDispatcher,
  ) {}

  /** GET and DELETE on a modern-only endpoint. */
  other(req: IncomingMessage, res: ServerResponse): void {
    if (req.method === 'GET' && this.opts.defect === 'getReturns200') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.end(': no stream here\n\n');
      return;
    }
    sendJson(res, 405, rpcError(-32000, 'Method not allowed', null), { Allow: 'POST' });
  }

  /** A POST whose body has been read and parsed. */
  post(req: IncomingMessage, res: ServerResponse, body: unknown, caller: Caller = 'full'): void {
    if (!accepts(req, 'application/json') || !accepts(req, 'text/event-stream'))
      return sendJson(res, 406, rpcError(-32000, 'Not Acceptable', null));
    if (!isJsonContentType(req)) return sendJson(res, 415, rpcError(-32000, 'Unsupported Media Type', null));
    if (header(req, 'last-event-id') !== undefined && this.opts.defect === 'lastEventIdRejected')
      return sendJson(res, 400, rpcError(-32600, 'Resumption is not supported', null));
    if (header(req, 'mcp-session-id') !== undefined && this.opts.defect === 'bogusSessionRejected')
      return sendJson(res, 404, rpcError(-32001, 'Session not found', null));
    if (Array.isArray(body)) return this.batch(req, res, body, caller);
    if (!isObject(body) || body['jsonrpc'] !== '2.0' || typeof body['method'] !== 'string')
      return sendJson(res, 400, rpcError(-32600, 'Invalid Request', null));
    const params = isObject(body['params']) ? body['params'] : {};
    const id = body['id'];
    if (id === undefined) return sendEmpty(res, 202);
    if (typeof id !== 'string' && typeof id !== 'number')
      return sendJson(res, 400, rpcError(-32600, 'Invalid Request', null));
    const method = body['method'];
    if (method === 'initialize' && !isObject(params['_meta'])) return this.legacyInitialize(res, id, params);
    const rejected = validate(req, method, params, this.opts, this.dispatcher.tools());
    if (rejected) return this.reject(res, id, rejected);
    if (method === 'subscriptions/listen') return this.listen(res, id, params);
    const outcome = this.dispatcher.handle(id, method, params, caller);
    if (outcome.kind === 'error') {
      return this.reject(res, id, {
        status: outcome.status,
        code: outcome.code,
        message: outcome.message,
        ...(outcome.data !== undefined ? { data: outcome.data } : {}),
      });
    }
    this.reply(res, { jsonrpc: '2.0', id, result: outcome.result });
  }

  /** Ends every open listen stream so the HTTP server can close promptly. */
  closeAll(): void {
    for (const s of this.streams) s.end();
    this.streams.clear();
  }

  private legacyInitialize(res: ServerResponse, id: Id, params: Record<string, unknown>): void {
    if (this.opts.defect === 'initializeNoVersions')
      return sendJson(res, 400, rpcError(-32600, 'initialize is not supported', id));
    const requested = typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : null;
    this.reject(res, id, {
      status: 400,
      code: -32022,
      message: `Unsupported protocol version; supported: ${SUPPORTED.join(', ')}`,
      data: { supported: [...SUPPORTED], requested },
    });
  }

  private batch(req: IncomingMessage, res: ServerResponse, body: unknown[], caller: Caller): void {
    if (this.opts.defect !== 'batchProcessed')
      return sendJson(res, 400, rpcError(-32600, 'Batches are not supported', null));
    const replies = body.filter(isObject).map((m) => {
      const id = typeof m['id'] === 'number' || typeof m['id'] === 'string' ? m['id'] : null;
      const params = isObject(m['params']) ? m['params'] : {};
      const method = String(m['method']);
      const rejected = validate(req, method, params, this.opts, this.dispatcher.tools());
      if (rejected || id === null)
        return rpcError(rejected?.code ?? -32600, rejected?.message ?? 'Invalid', id);
      const outcome = this.dispatcher.handle(id, method, params, caller);
      return outcome.kind === 'result'
        ? { jsonrpc: '2.0', id, result: outcome.result }
        : rpcError(outcome.code, outcome.message, id);
    });
    sendJson(res, 200, replies, this.sessionHeader());
  }

  private reject(res: ServerResponse, id: Id, r: Rejection): void {
    const body = rpcError(r.code, r.message, id);
    if (r.data !== undefined) (body['error'] as Record<string, unknown>)['data'] = r.data;
    sendJson(res, r.status, body, this.sessionHeader());
  }

  private sessionHeader(): Record<string, string> {
    return this.opts.defect === 'mintsSessionId' ? { 'Mcp-Session-Id': randomUUID() } : {};
  }

  private sseHeaders(): Record<string, string> {
    return {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      ...(this.opts.defect === 'noAccelBuffering' ? {} : { 'X-Accel-Buffering': 'no' }),
      ...this.sessionHeader(),
    };
  }

  private reply(res: ServerResponse, message: Record<string, unknown>): void {
    if (this.opts.responseMode === 'json') return sendJson(res, 200, message, this.sessionHeader());
    res.writeHead(200, this.sseHeaders());
    if (this.opts.defect === 'logNotifications') {
      const log = { level: 'info', data: 'handling the request' };
      res.write(
        sseEvent({
          event: 'message',
          data: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: log }),
        }),
      );
    }
    if (this.opts.defect === 'sseServerRequest') {
      const request = { jsonrpc: '2.0', id: 'srv-1', method: 'roots/list', params: {} };
      res.write(sseEvent({ event: 'message', data: JSON.stringify(request) }));
    }
    res.end(sseEvent({ event: 'message', data: JSON.stringify(message) }));
  }

  private listen(res: ServerResponse, id: Id, params: Record<string, unknown>): void {
    const requested = isObject(params['notifications']) ? params['notifications'] : {};
    const honoured = Object.fromEntries(
      Object.entries(requested).filter(([k, v]) => v === true && HONOURED_FILTERS.has(k)),
    );
    res.writeHead(200, this.sseHeaders());
    // Headers go out now: a stream that stays quiet must still look like an open stream.
    res.flushHeaders();
    this.streams.add(res);
    res.on('close', () => this.streams.delete(res));
    if (this.opts.defect === 'listenNoAck') return;
    const ack = {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: honoured, _meta: { [SUBSCRIPTION_ID]: id } },
    };
    res.write(sseEvent({ event: 'message', data: JSON.stringify(ack) }));
  }
}
