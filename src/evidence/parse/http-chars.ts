/** RFC 9110 §5.6 character classes, shared by the strict header parsers (media types, challenges). */

// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
const TCHAR = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~") TCHAR[c.charCodeAt(0)] = 1;
for (let c = 0x30; c <= 0x39; c++) TCHAR[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) TCHAR[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) TCHAR[c] = 1;

export function isTchar(c: number): boolean {
  return c < 128 && TCHAR[c] === 1;
}

export function isOws(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text */
export function isQdtext(c: number): boolean {
  return (
    c === 0x09 ||
    c === 0x20 ||
    c === 0x21 ||
    (c >= 0x23 && c <= 0x5b) ||
    (c >= 0x5d && c <= 0x7e) ||
    (c >= 0x80 && c <= 0xff)
  );
}

/** quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text ) */
export function isQuotedPairChar(c: number): boolean {
  return c === 0x09 || (c >= 0x20 && c <= 0x7e) || (c >= 0x80 && c <= 0xff);
}
