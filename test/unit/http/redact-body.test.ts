import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createBodySink, parseContentEncoding } from '../../../src/probe/http/body.js';
import type { HaltReason } from '../../../src/probe/http/body.js';
import { toNetError } from '../../../src/probe/http/errors.js';
import { recordExchange } from '../../../src/probe/http/record.js';
import { createRedactor } from '../../../src/probe/http/redact.js';

describe('redactor', () => {
  const r = createRedactor({ headers: { authorization: 'Bearer abcd1234', 'X-Tenant-Secret': 'tenant-77' } });

  it('keeps the auth scheme and hides the rest', () => {
    expect(r.header('authorization', 'Bearer anything')).toBe('Bearer [REDACTED]');
    expect(r.header('Proxy-Authorization', 'Basic dXNlcjpwYXNz')).toBe('Basic [REDACTED]');
    expect(r.header('authorization', 'opaque')).toBe('[REDACTED]');
  });

  it('hides cookie/api-key headers and any header named in the credentials', () => {
    for (const name of ['cookie', 'set-cookie', 'x-api-key', 'api-key', 'x-tenant-secret']) {
      expect(r.header(name, 'v')).toBe('[REDACTED]');
    }
    expect(r.header('content-type', 'application/json')).toBe('application/json');
  });

  it('scrubs literal secrets, the bare token and URL-encoded forms from text', () => {
    expect(r.text('a Bearer abcd1234 b abcd1234 c tenant-77')).toBe('a [REDACTED] b [REDACTED] c [REDACTED]');
    const odd = createRedactor({ headers: { 'x-key': 'p@ss/word+1' } });
    expect(odd.text(`?k=${encodeURIComponent('p@ss/word+1')}`)).toBe('?k=[REDACTED]');
  });

  it('scrubs a trailing partial secret from a cut text', () => {
    expect(r.truncatedText('xx abcd12')).toBe('xx [REDACTED]');
    expect(r.truncatedText('xx abc')).toBe('xx abc'); // too short to say
  });
});

describe('secrets the server hands out', () => {
  const token = 'rat-0123456789abcdef';
  const body = JSON.stringify({ client_id: 'c1', registration_access_token: token, n: 1 });
  const transfer = (spec: Record<string, unknown>, text: string, headers: Record<string, string> = {}) =>
    recordExchange(createRedactor(), 16_384, {
      id: 'x1',
      spec: {
        method: 'POST',
        url: 'http://as.test/reg',
        probe: 'p',
        purpose: 'p',
        source: 'learned',
        ...spec,
      },
      headers,
      outcome: {
        response: {
          status: 201,
          headers: { 'x-echo': [`token ${token}`] },
          bytes: new TextEncoder().encode(text),
          size: new TextEncoder().encode(text).length,
          truncated: false,
        },
      },
      durationMs: 1,
    });

  it('secretResponseMembers: redacted from the record, kept in the probe-facing result', () => {
    const { exchange, result } = transfer({ secretResponseMembers: ['registration_access_token'] }, body);
    expect(JSON.stringify(exchange)).not.toContain(token);
    expect(exchange.response?.body).toContain('"registration_access_token":"[REDACTED]"');
    expect(exchange.response?.headers['x-echo']).toEqual(['token [REDACTED]']);
    expect(result.response?.text).toBe(body);
  });

  it('secrets: redacted from the request and the response of the exchange', () => {
    const { exchange } = transfer(
      { secrets: [token], url: `http://as.test/reg/c1?t=${token}` },
      `{"echo":"${token}"}`,
      { authorization: `Bearer ${token}`, 'x-other': token },
    );
    expect(JSON.stringify(exchange)).not.toContain(token);
    expect(exchange.request.headers['authorization']).toBe('Bearer [REDACTED]');
  });

  it('without them, nothing else changes', () => {
    const { exchange } = transfer({}, body);
    expect(exchange.response?.body).toBe(body);
  });
});

function collect(
  codingHeader: string | undefined,
  parts: Buffer[],
  maxBytes = 1 << 20,
): Promise<{ text: string; halt: HaltReason | null }> {
  const parsed = parseContentEncoding(codingHeader);
  if (!parsed.ok) throw new Error(parsed.detail);
  let halt: HaltReason | null = null;
  const sink = createBodySink({ codings: parsed.codings, maxBytes, onHalt: (reason) => (halt = reason) });
  for (const p of parts) sink.write(p);
  return sink.end().then(() => ({ text: Buffer.from(sink.bytes()).toString(), halt }));
}

describe('body decoding', () => {
  const payload = 'hello, '.repeat(100);

  it.each([
    ['gzip', gzipSync(payload)],
    ['deflate', deflateSync(payload)],
    ['deflate', deflateRawSync(payload)], // raw deflate, as some servers send it
    ['br', brotliCompressSync(payload)],
    ['identity', Buffer.from(payload)],
  ])('decodes %s', async (coding, data) => {
    const out = await collect(coding, [data.subarray(0, 7), data.subarray(7)]);
    expect(out).toEqual({ text: payload, halt: null });
  });

  it('undoes stacked codings in reverse order', async () => {
    const out = await collect('deflate, gzip', [gzipSync(deflateSync(payload))]);
    expect(out.text).toBe(payload);
  });

  it('flags truncated and corrupt streams as decode errors', async () => {
    expect((await collect('gzip', [gzipSync(payload).subarray(0, 20)])).halt).toBe('decode');
    expect((await collect('br', [Buffer.from('garbage garbage')])).halt).toBe('decode');
  });

  it('rejects unknown and excessive codings up front', () => {
    expect(parseContentEncoding('compress').ok).toBe(false);
    expect(parseContentEncoding('gzip, gzip, gzip, gzip').ok).toBe(false);
    expect(parseContentEncoding(undefined)).toEqual({ ok: true, codings: [] });
  });

  it('caps decoded output', async () => {
    const out = await collect('gzip', [gzipSync(Buffer.alloc(1 << 20))], 1000);
    expect(out.halt).toBe('cap');
    expect(out.text.length).toBe(1000);
  });
});

describe('error mapping', () => {
  const err = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

  it.each([
    ['ECONNREFUSED', 'connect'],
    ['EHOSTUNREACH', 'connect'],
    ['ENETUNREACH', 'connect'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNRESET', 'reset'],
    ['UND_ERR_SOCKET', 'reset'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'timeout'],
    ['UND_ERR_HEADERS_OVERFLOW', 'header-too-large'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['HPE_INVALID_CONSTANT', 'protocol'],
    ['SOMETHING_NEW', 'protocol'],
  ])('%s → %s', (code, expected) => {
    expect(toNetError(err(code)).code).toBe(expected);
  });

  it('looks through causes and messages', () => {
    expect(toNetError(new Error('wrapped', { cause: err('ECONNREFUSED') })).code).toBe('connect');
    expect(toNetError(new Error('other side closed')).code).toBe('reset');
    expect(toNetError('not even an error').code).toBe('protocol');
  });
});

describe('a body far longer than the excerpt', () => {
  const secret = 'sk-live-0123456789abcdef';
  const redactor = createRedactor({ headers: { authorization: `Bearer ${secret}` } });
  const record = (text: string, excerptChars: number) =>
    recordExchange(redactor, excerptChars, {
      id: 'x1',
      spec: { method: 'POST', url: 'http://mcp.test/', probe: 'p', purpose: 'p', source: 'user' },
      headers: {},
      outcome: {
        response: {
          status: 200,
          headers: {},
          bytes: new TextEncoder().encode(text),
          size: new TextEncoder().encode(text).length,
          truncated: false,
        },
      },
      durationMs: 1,
    });

  it('keeps the same redacted excerpt as decoding the whole body would', () => {
    const max = 100;
    // The secret straddles the excerpt's end; multi-byte characters before it shift byte offsets.
    const text = `é€😀${'a'.repeat(max - 10)}${secret}${'b'.repeat(50_000)}${secret}`;
    const { exchange, result } = record(text, max);
    const whole = redactor.text(text).slice(0, max);
    expect(exchange.response?.body).toBe(whole);
    expect(exchange.response?.body).not.toContain(secret.slice(0, 8));
    expect(exchange.response?.truncated).toBe(true);
    expect(exchange.response?.bodyBytes).toBe(new TextEncoder().encode(text).length);
    // The parsers still get the whole text, unredacted, when they ask for it.
    expect(result.response?.text).toBe(text);
  });

  it('scrubs a secret cut at the end of the decoded part', () => {
    const max = 10;
    // The decoded prefix is (10 + 1024) × 3 bytes; put a secret across that boundary.
    const prefixBytes = (max + 1024) * 3;
    const text = `${'c'.repeat(prefixBytes - 6)}${secret}${'d'.repeat(1000)}`;
    const { exchange } = record(text, max);
    expect(exchange.response?.body).toBe('c'.repeat(max));
    expect(JSON.stringify(exchange)).not.toContain(secret.slice(0, 6));
  });
});

describe('a body read from its chunks (keepBytes)', () => {
  const feed = async (parts: Buffer[], keepBytes: number, maxBytes = 1 << 20) => {
    const seen: string[] = [];
    const sink = createBodySink({
      codings: [],
      maxBytes,
      keepBytes,
      onChunk: (t) => {
        seen.push(t);
        return 'continue';
      },
      onHalt: () => undefined,
    });
    for (const p of parts) sink.write(p);
    await sink.end();
    return { sink, text: seen.join('') };
  };

  it('keeps the leading bytes only, counts them all and hands every chunk to the consumer', async () => {
    const body = Buffer.from(`data: ${'é'.repeat(50_000)}\n\n`);
    const parts = [body.subarray(0, 7), body.subarray(7, 30_001), body.subarray(30_001)];
    const { sink, text } = await feed(parts, 100);
    expect(Buffer.from(sink.bytes())).toEqual(body.subarray(0, 100));
    expect(sink.size).toBe(body.length);
    expect(sink.utf8Valid).toBe(true);
    expect(text).toBe(body.toString());
  });

  it('finds invalid UTF-8 past the kept bytes, and an unfinished last sequence', async () => {
    const bad = Buffer.concat([Buffer.from('a'.repeat(500)), Buffer.from([0xff]), Buffer.from('b')]);
    expect((await feed([bad], 100)).sink.utf8Valid).toBe(false);
    const cut = Buffer.concat([Buffer.from('a'.repeat(500)), Buffer.from([0xc3])]);
    expect((await feed([cut], 100)).sink.utf8Valid).toBe(false);
    // A sequence split across chunks is fine.
    const e = Buffer.from('aé');
    expect((await feed([e.subarray(0, 2), e.subarray(2)], 1)).sink.utf8Valid).toBe(true);
  });
});
