/**
 * What a JSON file the user handed a command is, told by its shape: a report, a lock, an evidence
 * bundle, a baseline. A command given the wrong one says what it was given and what it needs,
 * instead of the first schema complaint ("lock schema version null …").
 */
export type FileKind = 'report' | 'lock' | 'evidence' | 'baseline';

const WORDS: Readonly<Record<FileKind, { readonly a: string; readonly madeBy: string }>> = {
  report: { a: 'a report', madeBy: 'scan -f json writes one' },
  lock: { a: 'a lock', madeBy: 'scan URL --lock FILE --update-lock writes one' },
  evidence: { a: 'an evidence bundle', madeBy: 'scan --save-evidence FILE writes one' },
  baseline: { a: 'a baseline', madeBy: 'scan --baseline FILE --update-baseline writes one' },
};

const has = (o: Record<string, unknown>, ...keys: string[]) => keys.every((k) => k in o);

/** The kind of a parsed JSON document, or null when it is none of them. */
export function kindOfJson(raw: unknown): FileKind | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (has(o, 'results', 'outcome', 'rating')) return 'report';
  if (has(o, 'detection', 'startedAt')) return 'evidence';
  if (has(o, 'schemaVersion', 'targets') && !has(o, 'results')) return 'lock';
  if (has(o, 'version', 'entries') && Array.isArray(o['entries'])) return 'baseline';
  return null;
}

/** The kind of a file's text (null when it is not JSON or none of the kinds). */
export function kindOfText(text: string): FileKind | null {
  try {
    return kindOfJson(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * "report.json is a report, not a lock (scan URL --lock FILE --update-lock writes one)" when
 * `text` is a file of another known kind than `wanted`; null otherwise (the reader's own
 * message then says what is wrong).
 */
export function wrongKind(file: string, text: string, wanted: FileKind): string | null {
  const kind = kindOfText(text);
  if (kind === null || kind === wanted) return null;
  return `${file} is ${WORDS[kind].a}, not ${WORDS[wanted].a} (${WORDS[wanted].madeBy})`;
}
