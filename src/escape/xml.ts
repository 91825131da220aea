/** XML 1.0 (the JUnit report): markup characters escaped, characters XML cannot carry dropped. */
import { escapeTerminal, escapeTerminalLine } from './terminal.js';

/** Everything outside XML 1.0's Char production, including lone surrogates (the `u` flag sees those as code points). */
const XML_ILLEGAL = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes the five markup characters and drops characters XML 1.0 cannot carry at all. */
export function escapeXml(text: string): string {
  return text.replace(XML_ILLEGAL, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/** Element text: controls, ANSI and bidi become visible escapes first, so a CI page shows them instead of obeying them. */
export function xmlText(text: string): string {
  return escapeXml(escapeTerminal(text));
}

/** Attribute value: one line (parsers would fold raw newlines into spaces anyway). */
export function xmlAttr(text: string): string {
  return escapeXml(escapeTerminalLine(text));
}
