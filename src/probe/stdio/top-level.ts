/**
 * The top level of a JSON object the scanner refuses to parse (too deep, too long, cut short):
 * its `id` and whether it has a `method`, read without building anything below the top level,
 * so a refused reply can still end the wait of the request it answers (docs/stdio.md#bounds).
 * One pass over the text, no recursion: safe on any depth and any length.
 */

export interface TopLevel {
  /** The `id` member when it was read (a string, a number or null), else undefined. */
  readonly id: string | number | null | undefined;
  /** A `method` member: a request or notification, not a reply. */
  readonly hasMethod: boolean;
}

const WS = /\s/;

/** Reads top-level members until the object ends, the text ends, or it stops being JSON. */
export function topLevelOf(text: string): TopLevel {
  let id: TopLevel['id'];
  let hasMethod = false;
  let i = skipWs(text, 0);
  if (text[i] !== '{') return { id, hasMethod };
  i++;
  for (;;) {
    i = skipWs(text, i);
    if (text[i] !== '"') break;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) break;
    const key = decode(text.slice(i, keyEnd + 1));
    i = skipWs(text, keyEnd + 1);
    if (text[i] !== ':') break;
    i = skipWs(text, i + 1);
    const valueEnd = valueEndOf(text, i);
    if (key === 'method') hasMethod = true;
    if (key === 'id' && valueEnd >= 0) id = idValue(text.slice(i, valueEnd));
    if (valueEnd < 0) break;
    i = skipWs(text, valueEnd);
    if (text[i] !== ',') break;
    i++;
  }
  return { id, hasMethod };
}

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.test(text[i]!)) i++;
  return i;
}

/** Index of the closing quote of the string opening at `i`, or -1. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j;
  }
  return -1;
}

/** Index just past the value starting at `i` (brackets counted outside strings), or -1 when cut. */
function valueEndOf(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    const end = stringEnd(text, i);
    return end < 0 ? -1 : end + 1;
  }
  if (c !== '{' && c !== '[') {
    let j = i;
    while (j < text.length && !/[,}\]\s]/.test(text[j]!)) j++;
    return j < text.length ? j : -1;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const d = text[j];
    if (d === '"') {
      j = stringEnd(text, j);
      if (j < 0) return -1;
    } else if (d === '{' || d === '[') depth++;
    else if (d === '}' || d === ']') {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

function decode(token: string): string | undefined {
  try {
    const v: unknown = JSON.parse(token);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

function idValue(token: string): string | number | null | undefined {
  try {
    const v: unknown = JSON.parse(token);
    return typeof v === 'string' || typeof v === 'number' || v === null ? v : undefined;
  } catch {
    return undefined;
  }
}
