/**
 * Redaction for stdio evidence (docs/stdio.md#safety-launching-a-server-runs-its-code). A local server's command line, its
 * output and its stderr can carry credentials: the values of the environment variables the
 * config declares (API keys, mostly) are scrubbed literally, and values that look like secrets
 * (well-known token prefixes, JWTs, `Bearer …`, `token=…`, the argument after `--api-key`) are
 * scrubbed by shape.
 */
import { REDACTED } from '../evidence/primitives.js';

const MIN_LITERAL = 4;

const SHAPES: readonly RegExp[] = [
  /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
];

/** `Bearer xyz`, `token=xyz`, `"apiKey": "xyz"`: the name is kept, the value goes. */
const NAMED =
  /((?:bearer|basic)\s+|[A-Za-z0-9_-]*(?:token|secret|password|passwd|api[_-]?key|apikey|credential)[A-Za-z0-9_-]*"?\s*[=:]\s*"?)([^\s"'&,;]{4,})/gi;

/** An argument that names a secret, so the argument after it is one: `--api-key`, `--token`. */
const SECRET_FLAG =
  /^--?[A-Za-z0-9_-]*(?:token|secret|password|passwd|api[_-]?key|apikey|credential)[A-Za-z0-9_-]*$/i;

export type RedactText = (text: string) => string;

export function stdioRedactor(declaredEnv: Readonly<Record<string, string>>): RedactText {
  const literals = [...new Set(Object.values(declaredEnv))]
    .filter((v) => v.length >= MIN_LITERAL)
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const s of literals) if (out.includes(s)) out = out.split(s).join(REDACTED);
    for (const re of SHAPES) out = out.replace(re, REDACTED);
    return out.replace(NAMED, (_m, name: string, value: string) =>
      value === REDACTED ? `${name}${value}` : `${name}${REDACTED}`,
    );
  };
}

/** The command's arguments as recorded: secrets redacted, including the value after a secret flag. */
export function redactArgs(args: readonly string[], redact: RedactText): string[] {
  return args.map((a, i) => (i > 0 && SECRET_FLAG.test(args[i - 1]!) ? REDACTED : redact(a)));
}
