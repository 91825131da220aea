/**
 * Words instead of internal IDs in the terminal: a check's message may name the probes it read
 * (`s.preflight grants *`), which a reader has never seen. The report's own exchanges say what
 * each probe is (`CORS preflight from a foreign origin`), so the text formats put that phrase in
 * the ID's place. The HTML and JSON reports keep the IDs and link them to their exchanges.
 */
import type { ScanReport } from './model.js';

/** The purpose as a noun phrase: without `(expects 403)` and without a trailing `: detect the … era`. */
export function probePhrase(purpose: string): string {
  const plain = purpose.replace(/\s*\([^()]*\bexpects\b[^()]*\)/g, '').trim();
  const head = /^(.*\S): [a-z][^:/]* [^:/]*$/.exec(plain)?.[1];
  return head ?? plain;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A function that replaces every probe ID the report recorded an exchange for by its phrase. */
export function probeWords(
  report: Pick<ScanReport, 'exchanges' | 'stdioExchanges'>,
): (text: string) => string {
  const phrases = new Map<string, string>();
  for (const x of [...report.exchanges, ...(report.stdioExchanges ?? [])])
    if (x.probe && x.purpose && !phrases.has(x.probe)) phrases.set(x.probe, probePhrase(x.purpose));
  if (phrases.size === 0) return (text) => text;
  // Longest first, so `s.origin.foreign` is not read as `s.origin` followed by text.
  const ids = [...phrases.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\w.])\`?(${ids.join('|')})\`?(?!\\.?[\\w(])`, 'g');
  return (text) => text.replace(pattern, (_m, id: string) => phrases.get(id) ?? id);
}
