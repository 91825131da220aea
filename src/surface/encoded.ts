/**
 * Encoded runs (TOOL03): `data:` URIs, base64, hex and percent-encoding that hide text. A run is
 * decoded; decoded text is returned escaped so that a finding can show it. Digests and example
 * tokens that are plainly what they look like are skipped.
 */
import { gunzipSync, inflateSync } from 'node:zlib';

import { escapeExcerpt } from '../escape/invisible.js';
import { decodeMore } from './decoders.js';
import type { MoreKind } from './decoders.js';
import { prefilter } from './prefilter.js';

export type EncodingKind = 'data-uri' | 'base64' | 'base32' | 'hex' | 'percent' | 'rot13' | MoreKind;

export interface EncodedRun {
  readonly kind: EncodingKind;
  readonly start: number;
  readonly end: number;
  /** Decoded as text (UTF-8, mostly printable); null when it decodes to bytes. */
  readonly text: string | null;
  /** `text`, escaped for display. */
  readonly shown: string | null;
  /** Reported only when the decoded text orders something (a JWT's claims: JWTs are common in docs). */
  readonly onlyIfOrders?: boolean;
}

const MAX_RUNS = 50;
const MAX_DECODE = 8_192;

/** Share of printable characters in a decoded string. */
export function printableShare(s: string): number {
  if (s.length === 0) return 0;
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Count code points: a low surrogate right after a high one ends a pair already counted.
    const pairEnd = c >= 0xdc00 && c <= 0xdfff && i > 0 && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800;
    if (!pairEnd) total++;
  }
  const bad = s.match(NOT_PRINTABLE)?.length ?? 0;
  return (total - bad) / total;
}
/** What printableShare does not count as printable; U+FFFD is a symbol, but marks a bad decode. */
const NOT_PRINTABLE = /[^\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]|\ufffd/gu;

/**
 * Decoded runs, by encoding and run: servers repeat the same digest or padding across many
 * items, and deciding "is this text" is the costly part. Bounded; cleared when full.
 */
const DECODED = new Map<string, string | null>();
const DECODED_MAX = 2_000;

/** Longer runs are decoded each time: the memo must stay small (2 000 × 1 KiB at most). */
const DECODED_MEMO_CHARS = 1_024;

function decodedRun(kind: 'hex' | 'base64' | 'base32', run: string): string | null {
  // Only the decoded part decides the answer, so it is the key.
  const payload = run.slice(0, MAX_DECODE);
  const key = payload.length <= DECODED_MEMO_CHARS ? `${kind}:${payload}` : null;
  const known = key === null ? undefined : DECODED.get(key);
  if (known !== undefined) return known;
  const text = asText(
    kind === 'hex'
      ? Buffer.from(payload, 'hex')
      : kind === 'base32'
        ? fromBase32(payload)
        : Buffer.from(payload.replace(/-/g, '+').replace(/_/g, '/'), 'base64'),
  );
  if (key !== null) {
    if (DECODED.size >= DECODED_MAX) DECODED.clear();
    DECODED.set(key, text);
  }
  return text;
}

/** RFC 4648 base32 (upper case, `=` padding) to bytes. */
function fromBase32(run: string): Buffer {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of run.replace(/=+$/, '')) {
    const v = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(ch);
    if (v < 0) break;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** Compressed bytes (gzip, zlib) inside an encoding are inflated, at most MAX_DECODE bytes out. */
function inflated(bytes: Buffer): Buffer {
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const zlib = bytes[0] === 0x78 && [0x01, 0x5e, 0x9c, 0xda].includes(bytes[1] ?? -1);
  if (!gzip && !zlib) return bytes;
  try {
    const opts = { maxOutputLength: MAX_DECODE };
    return gzip ? gunzipSync(bytes, opts) : inflateSync(bytes, opts);
  } catch {
    return bytes;
  }
}

function asText(raw: Buffer): string | null {
  const bytes = inflated(raw);
  const s = bytes.toString('utf8');
  // Words: text that hides instructions has spaces and letters.
  return printableShare(s) >= 0.9 && /\p{L}{3,}/u.test(s) && /\s/.test(s) ? s : null;
}

const B64 = /[A-Za-z0-9+/_-]{40,}={0,2}/g;
const HEX = /\b(?:[0-9a-fA-F]{2}){32,}\b/g;
const PCT = /(?:%[0-9a-fA-F]{2}){10,}/g;
/** Base32 (RFC 4648): upper-case letters and 2–7, 32 or more, with padding. */
const B32 = /\b[A-Z2-7]{32,}={0,6}(?![A-Za-z0-9+/])/g;
/** A text said to be in ROT13 (or a Caesar shift of 13): the words after the marker, to the sentence end. */
const ROT13 =
  /\b(?:rot-?13|rot 13|caesar(?:-| )?13)\b(?:[^.:\n]{0,60}?:|[^a-z]{0,40}?(?:[:(["'`]|\bis\b|\bsays\b))\s*([A-Za-z][A-Za-z ,'’!?-]{15,400})/gi;
/** Words that say decoded ROT13 is English: its letters shifted are not. */
const ENGLISH = /\b(the|and|to|you|your|of|in|with|for|is|all|every|then|this|it)\b/gi;

const rot13 = (s: string) =>
  s.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
const englishWords = (s: string) => s.match(ENGLISH)?.length ?? 0;
const DATA =
  /data:([a-z0-9.+/-]*)?((?:;(?!base64[;,])[a-z0-9=.-]+)*)(;base64)?,([A-Za-z0-9+/=%._~-]{1,8192})/gi;
/** Tags and their attributes (an SVG's markup), linear: no nesting. */
const MARKUP = /<[^<>]{0,2000}>/g;
const DIGEST_HEX_LENGTHS = new Set([32, 40, 56, 64, 96, 128]);
const JWT = /^[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}$/;

/** A base64 run that looks like an identifier, a path or a word chain rather than an encoding. */
function looksLikeWords(run: string): boolean {
  if (/[/_-]/.test(run) && run.split(/[/_-]/).every((p) => p.length < 24)) return true;
  // Real base64 of text mixes case and digits throughout.
  const upper = (run.match(/[A-Z]/g) ?? []).length;
  const lower = (run.match(/[a-z]/g) ?? []).length;
  return upper === 0 || lower === 0;
}

/** The whitespace- or quote-delimited token around [start, end). */
function tokenAt(text: string, start: number, end: number): string {
  const stop = /[\s"'`<>()[\]{},]/;
  let a = start;
  let b = end;
  while (a > 0 && start - a < 4096 && !stop.test(text[a - 1]!)) a--;
  while (b < text.length && b - end < 4096 && !stop.test(text[b]!)) b++;
  return text.slice(a, b);
}

export function scanEncoded(text: string, opts: { readonly example?: boolean } = {}): EncodedRun[] {
  const runs: EncodedRun[] = [];
  const taken: [number, number][] = [];
  const free = (s: number, e: number) => taken.every(([a, b]) => e <= a || s >= b);
  const push = (r: EncodedRun) => {
    if (runs.length < MAX_RUNS && free(r.start, r.end)) {
      runs.push(r);
      taken.push([r.start, r.end]);
    }
  };
  for (const m of text.matchAll(DATA)) {
    const payload = m[4]!.slice(0, MAX_DECODE);
    let decoded: string | null = null;
    try {
      decoded = m[3]
        ? asText(Buffer.from(payload, 'base64'))
        : asText(Buffer.from(decodeURIComponent(payload)));
    } catch {
      decoded = null;
    }
    // Images in data: URIs are icons, not hidden text; so is an SVG whose only text is its markup.
    const image = /^image\//i.test(m[1] ?? '');
    if (image && (decoded === null || !/\p{L}{3,}/u.test(decoded.replace(MARKUP, ' ')))) {
      taken.push([m.index, m.index + m[0].length]);
      continue;
    }
    push({
      kind: 'data-uri',
      start: m.index,
      end: m.index + m[0].length,
      text: decoded,
      shown: decoded ? escapeExcerpt(decoded, 300) : null,
    });
  }
  for (const m of text.matchAll(HEX)) {
    const run = m[0];
    if (DIGEST_HEX_LENGTHS.has(run.length)) continue;
    const decoded = decodedRun('hex', run);
    if (decoded === null) continue;
    push({
      kind: 'hex',
      start: m.index,
      end: m.index + run.length,
      text: decoded,
      shown: escapeExcerpt(decoded, 300),
    });
  }
  for (const m of text.matchAll(B64)) {
    const run = m[0];
    if (/^[0-9a-fA-F]+$/.test(run)) continue; // hex, handled above
    if (JWT.test(tokenAt(text, m.index, m.index + run.length))) continue;
    const decoded = decodedRun('base64', run);
    if (decoded === null) {
      // Random-looking bytes: only long, mixed-alphabet runs that are not word chains.
      if (run.length < 80 || looksLikeWords(run) || opts.example) continue;
      push({ kind: 'base64', start: m.index, end: m.index + run.length, text: null, shown: null });
      continue;
    }
    push({
      kind: 'base64',
      start: m.index,
      end: m.index + run.length,
      text: decoded,
      shown: escapeExcerpt(decoded, 300),
    });
  }
  if (/[A-Z2-7]{32}/.test(text))
    for (const m of text.matchAll(B32)) {
      const run = m[0];
      // All letters, no digit: a long upper-case word is not base32.
      if (!/[2-7]/.test(run)) continue;
      const decoded = decodedRun('base32', run);
      if (decoded === null) continue;
      push({
        kind: 'base32',
        start: m.index,
        end: m.index + run.length,
        text: decoded,
        shown: escapeExcerpt(decoded, 300),
      });
    }
  if (/rot|caesar/i.test(text))
    for (const m of text.matchAll(ROT13)) {
      const body = m[1]!;
      const decoded = rot13(body);
      // The decoded words are English and the served ones are not.
      if (englishWords(decoded) < 2 || englishWords(body) >= englishWords(decoded)) continue;
      const start = m.index + m[0].length - body.length;
      push({
        kind: 'rot13',
        start,
        end: start + body.length,
        text: decoded,
        shown: escapeExcerpt(decoded, 300),
      });
    }
  for (const m of text.matchAll(PCT)) {
    let decoded: string | null = null;
    try {
      decoded = asText(Buffer.from(decodeURIComponent(m[0].slice(0, MAX_DECODE)), 'utf8'));
    } catch {
      decoded = null;
    }
    if (decoded === null) continue;
    push({
      kind: 'percent',
      start: m.index,
      end: m.index + m[0].length,
      text: decoded,
      shown: escapeExcerpt(decoded, 300),
    });
  }
  for (const r of decodeMore(text)) push({ ...r, shown: escapeExcerpt(r.text, 300) });
  return runs;
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(JWT);
