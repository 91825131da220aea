/**
 * Body decoding under a cap: whatever the encoding, the chunking and the size, the sink keeps
 * exactly the first `cap` decoded bytes, never more, and says when it stopped.
 */
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { createBodySink, parseContentEncoding } from '../../../src/probe/http/body.js';

const encoders = {
  gzip: gzipSync,
  deflate: deflateSync,
  'deflate (raw)': deflateRawSync,
  br: brotliCompressSync,
} as const;

/** Splits `buf` at the given cut points. */
function chunks(buf: Buffer, cuts: readonly number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let at = 0;
  for (const p of points) {
    out.push(buf.subarray(at, p));
    at = p;
  }
  out.push(buf.subarray(at));
  return out;
}

async function feed(
  coding: 'identity' | keyof typeof encoders,
  payload: Buffer,
  cuts: readonly number[],
  cap: number,
): Promise<{ bytes: Uint8Array; halted: string | null }> {
  let halted: string | null = null;
  const wire = coding === 'identity' ? payload : encoders[coding](payload);
  const header = coding === 'identity' ? undefined : coding.startsWith('deflate') ? 'deflate' : coding;
  const parsed = parseContentEncoding(header);
  if (!parsed.ok) throw new Error(parsed.detail);
  const sink = createBodySink({
    codings: parsed.codings,
    maxBytes: cap,
    onHalt: (reason) => (halted ??= reason),
  });
  for (const c of chunks(wire, cuts)) {
    if (sink.halted) break;
    if (!sink.write(c)) await new Promise<void>((r) => sink.onDrain(r));
  }
  await sink.end();
  return { bytes: sink.bytes(), halted };
}

describe('body sink properties', () => {
  it('keeps exactly the decoded prefix up to the cap, for every encoding and chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('identity' as const, ...(Object.keys(encoders) as (keyof typeof encoders)[])),
        fc.uint8Array({ maxLength: 3000 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (coding, data, cap, cuts) => {
          const payload = Buffer.from(data);
          const { bytes, halted } = await feed(coding, payload, cuts, cap);
          expect(bytes.length).toBeLessThanOrEqual(cap);
          expect(Buffer.from(bytes).equals(payload.subarray(0, Math.min(cap, payload.length)))).toBe(true);
          expect(halted).toBe(payload.length > cap ? 'cap' : null);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('parseContentEncoding never throws and undoes at most three known codings', () => {
    const token = fc.constantFrom(
      'gzip',
      'x-gzip',
      'deflate',
      'br',
      'identity',
      'GZIP',
      ' br ',
      '',
      'compress',
      'zstd',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(token, { maxLength: 6 }).map((t) => t.join(',')),
          fc.string({ unit: 'binary' }),
        ),
        (value) => {
          const r = parseContentEncoding(value);
          if (r.ok) {
            expect(r.codings.length).toBeLessThanOrEqual(3);
            for (const c of r.codings) expect(['gzip', 'deflate', 'br']).toContain(c);
          } else expect(r.detail.length).toBeLessThanOrEqual(120);
        },
      ),
    );
  });
});
