/**
 * Literal secrets in an MCP client configuration (MCPP-CFG01): a header that carries credentials
 * (`Authorization`, `X-API-Key`, a cookie, a token header) or an environment variable whose name
 * says it holds one (`…_TOKEN`, `…_KEY`, `…_SECRET`, `…_PASSWORD` …), written as a literal value
 * rather than a reference to the user's environment (`${VAR}`, `${env:VAR}`, `$VAR`). Only the
 * file, the server and the key are ever reported; the value never leaves this module.
 */

export type SecretPlace = 'header' | 'env';

export interface ConfigKey {
  readonly where: SecretPlace;
  readonly key: string;
}

/** Header names that carry credentials whatever their value looks like. */
const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
  'apikey',
  'x-auth-token',
  'x-access-token',
  'private-token',
  'x-goog-api-key',
]);

/** Words of a name (split at `_`, `-`, `.` and camelCase) that say it holds a credential. */
const SECRET_WORDS = new Set([
  'token',
  'key',
  'apikey',
  'secret',
  'password',
  'passwd',
  'pwd',
  'credential',
  'credentials',
  'auth',
  'pat',
  'cookie',
  'session',
  'bearer',
]);

const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

export function isSecretHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase()) || words(name).some((w) => SECRET_WORDS.has(w));
}

export function isSecretEnv(name: string): boolean {
  return words(name).some((w) => SECRET_WORDS.has(w));
}

/** A reference to the user's environment anywhere in the value (`${VAR}`, `${env:VAR}`, `$VAR`, `{env:VAR}`). */
const REFERENCE = /\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*|\{env:[^}]*\}/;
/** Values that only hold the place of a secret (after an auth scheme such as `Bearer`). */
const PLACEHOLDER =
  /^(<[^>]*>|\[[^\]]*\]|your[\s_-].*|x{3,}|\*{3,}|\.{3,}|changeme|placeholder|todo|none|null|)$/i;

/** True when the value is written out in the file: not a reference, not empty, not a placeholder. */
export function isLiteralSecretValue(value: string): boolean {
  if (REFERENCE.test(value)) return false;
  const bare = value.trim().replace(/^(bearer|basic|token|apikey)\s+/i, '');
  return !PLACEHOLDER.test(bare.trim());
}

/** The configured headers and env entries of a server that are literal secrets, by name only. */
export function literalSecrets(
  headers: Readonly<Record<string, string>> | undefined,
  env: Readonly<Record<string, string>> | undefined,
): ConfigKey[] {
  const out: ConfigKey[] = [];
  for (const [key, v] of Object.entries(headers ?? {}))
    if (isSecretHeader(key) && isLiteralSecretValue(v)) out.push({ where: 'header', key });
  for (const [key, v] of Object.entries(env ?? {}))
    if (isSecretEnv(key) && isLiteralSecretValue(v)) out.push({ where: 'env', key });
  return out;
}

/** The credentials a configuration gives a server (every header; env entries named like secrets). */
export function configuredCredentials(
  headers: Readonly<Record<string, string>> | undefined,
  env: Readonly<Record<string, string>> | undefined,
): ConfigKey[] {
  return [
    ...Object.keys(headers ?? {}).map((key) => ({ where: 'header' as const, key })),
    ...Object.keys(env ?? {})
      .filter(isSecretEnv)
      .map((key) => ({ where: 'env' as const, key })),
  ];
}
