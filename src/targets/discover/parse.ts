/**
 * Readers for MCP client configuration files, which are hostile input: JSON with comments and
 * trailing commas (VS Code, Zed settings) and the TOML subset Codex uses for `[mcp_servers.*]`.
 * Nothing is evaluated; every reader is linear in the input and the caller caps the size.
 */

/** JSON with `//` and `/* *\/` comments and trailing commas, as VS Code and Zed write it. */
export function parseJsonc(text: string): unknown {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      const start = i++;
      while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      out += text.slice(start, ++i);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  // Trailing commas before } or ] (outside strings: strings were copied verbatim above, and
  // this pattern cannot match inside a JSON string because `"` ends every string).
  return JSON.parse(withoutTrailingCommas(out)) as unknown;
}

function withoutTrailingCommas(s: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += s[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ',') {
      let j = i + 1;
      while (j < s.length && /\s/.test(s[j]!)) j++;
      if (s[j] === '}' || s[j] === ']') continue;
    }
    out += c;
  }
  return out;
}

export class TomlError extends Error {}

type TomlValue = string | number | boolean | TomlValue[] | { [k: string]: TomlValue };

/**
 * The TOML subset MCP client configs use: `[a.b."c d"]` table headers, `key = value` with basic
 * and literal strings, integers, floats, booleans, arrays and inline tables. Anything else
 * (multi-line strings, dates, arrays of tables) is an error, reported, never guessed.
 */
export function parseTomlSubset(text: string): Record<string, TomlValue> {
  const root: Record<string, TomlValue> = {};
  let table = root;
  const lines = text.split(/\r?\n/);
  for (let ln = 0; ln < lines.length; ln++) {
    const p = new Cursor(lines[ln]!, ln + 1);
    p.ws();
    if (p.end() || p.peek() === '#') continue;
    if (p.peek() === '[') {
      if (p.s[p.i + 1] === '[') throw new TomlError(`line ${ln + 1}: arrays of tables are not supported`);
      p.i++;
      const path = p.keyPath();
      p.ws();
      p.expect(']');
      p.trailing();
      table = root;
      for (const k of path) table = child(table, k, ln + 1);
      continue;
    }
    const path = p.keyPath();
    p.ws();
    p.expect('=');
    p.ws();
    const value = p.value(0);
    p.trailing();
    let t = table;
    for (const k of path.slice(0, -1)) t = child(t, k, ln + 1);
    t[path[path.length - 1]!] = value;
  }
  return root;
}

function child(t: Record<string, TomlValue>, k: string, line: number): Record<string, TomlValue> {
  const existing = Object.hasOwn(t, k) ? t[k] : undefined;
  if (existing === undefined) {
    const fresh: Record<string, TomlValue> = {};
    t[k] = fresh;
    return fresh;
  }
  if (typeof existing !== 'object' || Array.isArray(existing))
    throw new TomlError(`line ${line}: ${k} is not a table`);
  return existing;
}

class Cursor {
  i = 0;
  constructor(
    readonly s: string,
    private readonly line: number,
  ) {}
  end(): boolean {
    return this.i >= this.s.length;
  }
  peek(): string {
    return this.s[this.i] ?? '';
  }
  ws(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.i++;
  }
  fail(what: string): never {
    throw new TomlError(`line ${this.line}: ${what}`);
  }
  expect(c: string): void {
    if (this.peek() !== c) this.fail(`expected ${c}`);
    this.i++;
  }
  trailing(): void {
    this.ws();
    if (!this.end() && this.peek() !== '#') this.fail('unexpected text after the value');
  }
  keyPath(): string[] {
    const path = [this.key()];
    for (;;) {
      this.ws();
      if (this.peek() !== '.') return path;
      this.i++;
      this.ws();
      path.push(this.key());
    }
  }
  key(): string {
    const k = this.bareOrQuoted();
    // A key that would reach the object prototype is refused, not stored.
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') this.fail(`key ${k} is not allowed`);
    return k;
  }
  bareOrQuoted(): string {
    const c = this.peek();
    if (c === '"' || c === "'") return this.string();
    const m = /^[A-Za-z0-9_-]+/.exec(this.s.slice(this.i));
    if (!m) this.fail('expected a key');
    this.i += m[0].length;
    return m[0];
  }
  string(): string {
    const q = this.peek();
    this.i++;
    let out = '';
    while (!this.end() && this.peek() !== q) {
      const c = this.s[this.i++]!;
      if (q === '"' && c === '\\') {
        const e = this.s[this.i++] ?? '';
        const map: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '"': '"',
          '\\': '\\',
          b: '\b',
          f: '\f',
        };
        if (e === 'u' || e === 'U') {
          const len = e === 'u' ? 4 : 8;
          const hex = this.s.slice(this.i, this.i + len);
          if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== len) this.fail('bad unicode escape');
          const cp = parseInt(hex, 16);
          if (cp > 0x10ffff) this.fail('bad unicode escape');
          out += String.fromCodePoint(cp);
          this.i += len;
        } else if (map[e] !== undefined) out += map[e];
        else this.fail(`bad escape \\${e}`);
      } else out += c;
    }
    if (this.end()) this.fail('unterminated string (multi-line strings are not supported)');
    this.i++;
    return out;
  }
  value(depth: number): TomlValue {
    if (depth > 16) this.fail('nested too deep');
    const c = this.peek();
    if (c === '"' || c === "'") {
      if (this.s.startsWith(c.repeat(3), this.i)) this.fail('multi-line strings are not supported');
      return this.string();
    }
    if (c === '[') {
      this.i++;
      const arr: TomlValue[] = [];
      for (;;) {
        this.ws();
        if (this.peek() === ']') break;
        arr.push(this.value(depth + 1));
        this.ws();
        if (this.peek() === ',') this.i++;
        else if (this.peek() !== ']') this.fail('expected , or ] (multi-line arrays are not supported)');
      }
      this.i++;
      return arr;
    }
    if (c === '{') {
      this.i++;
      const obj: Record<string, TomlValue> = {};
      this.ws();
      if (this.peek() === '}') {
        this.i++;
        return obj;
      }
      for (;;) {
        this.ws();
        const path = this.keyPath();
        this.ws();
        this.expect('=');
        this.ws();
        let t = obj;
        for (const k of path.slice(0, -1)) t = child(t, k, this.line);
        t[path[path.length - 1]!] = this.value(depth + 1);
        this.ws();
        if (this.peek() === ',') {
          this.i++;
          continue;
        }
        this.expect('}');
        return obj;
      }
    }
    const m = /^(true|false|[+-]?\d[\d_]*(\.\d+)?([eE][+-]?\d+)?)/.exec(this.s.slice(this.i));
    if (!m) this.fail('unsupported value');
    this.i += m[0].length;
    if (m[0] === 'true') return true;
    if (m[0] === 'false') return false;
    return Number(m[0].replace(/_/g, ''));
  }
}
