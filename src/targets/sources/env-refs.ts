/**
 * Environment-variable references in the `env` of a local server, read when the target is
 * built (before anything is launched). The config file writes them `${env:NAME}`; MCP clients'
 * own files also use `${NAME}` and `$NAME`. A value that is not a reference is kept as written.
 */

const CONFIG_REF = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/;
const CLIENT_REF = /^\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}$|^\$([A-Za-z_][A-Za-z0-9_]*)$/;

/** `config`: mcp-posture's config file; `client`: an MCP client's configuration file. */
export type EnvRefSyntax = 'config' | 'client';

export type Expanded =
  | { readonly env: Record<string, string> }
  /** `key` names the variable `name`, which is not set. */
  | { readonly unset: { readonly key: string; readonly name: string } };

export function expandEnvRefs(
  env: Readonly<Record<string, string>>,
  syntax: EnvRefSyntax,
  from: Readonly<Record<string, string | undefined>>,
): Expanded {
  const pattern = syntax === 'config' ? CONFIG_REF : CLIENT_REF;
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(env)) {
    const m = pattern.exec(v);
    const name = m?.[1] ?? m?.[2];
    if (name === undefined) out[key] = v;
    else if (from[name] === undefined) return { unset: { key, name } };
    else out[key] = from[name]!;
  }
  return { env: out };
}

/** Every reference inside a header value (`Bearer ${env:TOKEN}`, `${TOKEN}`, `$TOKEN`). */
const INLINE_REF = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** A header value with its references read from `from`; null when one names an unset variable. */
export function expandHeaderRefs(
  value: string,
  from: Readonly<Record<string, string | undefined>>,
): string | null {
  let unset = false;
  const out = value.replace(INLINE_REF, (_m, a: string | undefined, b: string | undefined) => {
    const v = from[(a ?? b)!];
    if (v === undefined) unset = true;
    return v ?? '';
  });
  return unset ? null : out;
}
