/**
 * The modern request validation ladder, in the order the 2026-07-28 text
 * gives: `_meta` (-32602), the version header against `_meta` (-32020), the
 * supported version (-32022), then `Mcp-Method`, `Mcp-Name` and the called
 * tool's `Mcp-Param-*` headers (-32020) — all before anything is executed.
 */
import type { IncomingMessage } from 'node:http';
import { decodeHeaderValue } from '../../evidence/parse/header-sentinel.js';
import { headerParams, headerText, paramHeaderName, valueAt } from '../../evidence/parse/x-mcp-header.js';
import { header } from '../fixture/http.js';
import type { FixtureTool } from '../fixture/options.js';
import type { ModernFixtureOptions } from './options.js';

export const SUPPORTED = ['2026-07-28'] as const;
export const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';

const NAME_SOURCE: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** An HTTP answer that ends the request: status and JSON-RPC error. */
export interface Rejection {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function validate(
  req: IncomingMessage,
  method: string,
  params: Record<string, unknown>,
  opts: ModernFixtureOptions,
  tools: readonly FixtureTool[] = [],
): Rejection | null {
  const defect = opts.defect;
  const invalid = (message: string): Rejection => ({ status: 400, code: -32602, message });
  const mismatch = (message: string): Rejection => ({
    status: defect === 'headerMismatchWrongStatus' ? 200 : 400,
    code: defect === 'headerMismatchWrongCode' ? -32600 : -32020,
    message: `Header mismatch: ${message}`,
  });

  const meta = params['_meta'];
  if (!isObject(meta)) return invalid('Invalid params: _meta is required');
  const metaVersion = meta[META_VERSION];
  if (typeof metaVersion !== 'string') return invalid(`Invalid params: _meta ${META_VERSION} is required`);
  if (!isObject(meta[META_CAPABILITIES]) && defect !== 'capabilitiesNotRequired')
    return invalid(`Invalid params: _meta ${META_CAPABILITIES} is required`);
  if (!isObject(meta[META_CLIENT_INFO]) && defect === 'clientInfoRequired')
    return invalid(`Invalid params: _meta ${META_CLIENT_INFO} is required`);

  const headerVersion = header(req, 'mcp-protocol-version');
  if (headerVersion === undefined) {
    if (defect !== 'versionHeaderOptional') return mismatch('MCP-Protocol-Version header is missing');
  } else if (headerVersion !== metaVersion && defect !== 'metaVersionIgnored') {
    return mismatch(`MCP-Protocol-Version '${headerVersion}' does not match _meta '${metaVersion}'`);
  }
  const version = headerVersion ?? metaVersion;
  if (!(SUPPORTED as readonly string[]).includes(version) && defect !== 'unsupportedVersionServed') {
    return {
      status: 400,
      code: -32022,
      message: 'Unsupported protocol version',
      ...(defect === 'unsupportedVersionNoList'
        ? {}
        : { data: { supported: [...SUPPORTED], requested: version } }),
    };
  }

  if (defect !== 'methodHeaderIgnored') {
    const mcpMethod = header(req, 'mcp-method');
    if (mcpMethod === undefined) return mismatch('Mcp-Method header is missing');
    if (mcpMethod !== method) return mismatch(`Mcp-Method '${mcpMethod}' does not match body '${method}'`);
  }

  const source = NAME_SOURCE[method];
  if (source && defect !== 'mcpNameNotChecked') {
    const raw = header(req, 'mcp-name');
    if (raw === undefined) return mismatch('Mcp-Name header is missing');
    const decoded =
      defect === 'nameB64NotDecoded' ? { kind: 'plain' as const, value: raw.trim() } : decodeHeaderValue(raw);
    if (decoded.kind === 'invalid') return mismatch('Mcp-Name carries an invalid Base64 sentinel');
    const body = params[source];
    if (decoded.value !== body)
      return mismatch(`Mcp-Name value '${decoded.value}' does not match body value '${String(body)}'`);
  }

  if (method === 'tools/call' && defect !== 'paramHeaderNotChecked') {
    const tool = tools.find((t) => t.name === params['name']);
    const args = isObject(params['arguments']) ? params['arguments'] : {};
    for (const p of tool ? headerParams(tool.inputSchema) : []) {
      const value = valueAt(args, p.path);
      // A null or absent argument has no header, and none is expected.
      if (headerText(value) === null) continue;
      const name = paramHeaderName(p.name);
      const raw = header(req, name);
      if (raw === undefined) return mismatch(`${name} header is missing`);
      if (defect === 'paramHeaderValueNotCompared') continue;
      const decoded = decodeHeaderValue(raw);
      if (decoded.kind === 'invalid') return mismatch(`${name} carries an invalid Base64 sentinel`);
      if (!sameParam(decoded.value, value))
        return mismatch(`${name} value '${decoded.value}' does not match body value '${String(value)}'`);
    }
  }
  return null;
}

/** Header text against the body argument: integers numerically (streamable-http#Server Validation). */
function sameParam(text: string, value: unknown): boolean {
  if (typeof value === 'number') return /^-?\d+(\.0+)?$/.test(text) && Number(text) === value;
  return text === headerText(value);
}
