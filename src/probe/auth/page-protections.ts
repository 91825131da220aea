/**
 * What protects an HTML page an authorization request answered with (ACT13), read from the raw
 * answer before redaction: the CSP `frame-ancestors` and `X-Frame-Options`, the attributes of
 * every cookie it sets (never the values), and the hidden form fields that can carry a CSRF token.
 */
import type { CookieShape, PageProtections } from '../../evidence/auth-types.js';

const MAX_FIELDS = 20;

function cookieOf(line: string): CookieShape | null {
  const [pair, ...attrs] = line.split(';');
  const eq = pair?.indexOf('=') ?? -1;
  if (!pair || eq <= 0) return null;
  const name = pair.slice(0, eq).trim().slice(0, 100);
  const attr = (n: string): string | null => {
    const a = attrs.map((x) => x.trim()).find((x) => x.toLowerCase().split('=')[0] === n);
    if (a === undefined) return null;
    const i = a.indexOf('=');
    return i < 0 ? '' : a.slice(i + 1).trim();
  };
  return {
    name,
    secure: attr('secure') !== null,
    httpOnly: attr('httponly') !== null,
    sameSite: attr('samesite')?.toLowerCase() ?? null,
    path: attr('path'),
    domain: attr('domain') !== null,
  };
}

export function pageProtections(
  headers: Readonly<Record<string, readonly string[]>>,
  text: string,
  mediaType: string | null,
): PageProtections | null {
  const html = mediaType === 'text/html' || mediaType === 'application/xhtml+xml' || /^\s*</.test(text);
  if (!html) return null;
  const csp = (headers['content-security-policy'] ?? []).join(',');
  const fa = /(?:^|[;,])\s*frame-ancestors\s+([^;,]*)/i.exec(csp);
  const xfo = headers['x-frame-options']?.[0]?.trim().toUpperCase() ?? null;
  const tokenFields: string[] = [];
  for (const m of text.matchAll(/<input\b[^>]*>/gi)) {
    const tag = m[0];
    if (!/\btype\s*=\s*["']?hidden/i.test(tag)) continue;
    const name = /\bname\s*=\s*["']([^"']{1,100})["']/i.exec(tag)?.[1];
    const value = /\bvalue\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? '';
    if (name && value.length >= 16 && tokenFields.length < MAX_FIELDS) tokenFields.push(name);
  }
  return {
    frameAncestors: fa ? fa[1]!.trim().split(/\s+/).filter(Boolean) : null,
    xFrameOptions: xfo,
    cookies: (headers['set-cookie'] ?? []).flatMap((c) => {
      const shape = cookieOf(c);
      return shape ? [shape] : [];
    }),
    tokenFields,
    password: /<input\b[^>]*\btype\s*=\s*["']?password\b/i.test(text),
    form: /<form\b/i.test(text),
  };
}
