/**
 * A bounded memo of a pure function of one string (issue 22: the judge's modules ask the same
 * questions about the same clause in turns, and a listing repeats clauses). Two generations, each of at
 * most `size` texts or `chars` characters, so that a hostile listing's long strings are not all kept.
 * Only for functions whose answer depends on the text alone and that no caller mutates.
 */
/** A memo, and a way to forget everything it holds (when what its answers depend on changed). */
export interface TextMemo<T> {
  (text: string): T;
  clear(): void;
}

export function memoText<T>(fn: (text: string) => T, size = 1024, chars = 1 << 21): TextMemo<T> {
  let recent = new Map<string, T>();
  let older = new Map<string, T>();
  let held = 0;
  const memo = (text: string): T => {
    if (recent.has(text)) return recent.get(text) as T;
    const v = older.has(text) ? (older.get(text) as T) : fn(text);
    if (recent.size >= size || held >= chars) {
      older = recent;
      recent = new Map();
      held = 0;
    }
    recent.set(text, v);
    held += text.length;
    return v;
  };
  return Object.assign(memo, {
    clear(): void {
      recent = new Map();
      older = new Map();
      held = 0;
    },
  });
}
