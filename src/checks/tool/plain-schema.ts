/**
 * A fast, conservative answer to "is this a valid JSON Schema?" for the plain schemas almost every
 * tool has (objects of typed properties): true only when every keyword is one of a small set and
 * its value has the type every supported dialect (draft-07, 2019-09, 2020-12) requires. Anything
 * else — an unknown keyword, a `$ref`, a `pattern`, an odd value — is left to the meta-schema
 * validator, which then loads. A false here never means invalid.
 */
const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'format']);
const FREE = new Set(['default', 'const', 'examples']);
const COUNTS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']);
const NUMBERS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
const MAX_DEPTH = 32;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isType = (v: unknown) => typeof v === 'string' && TYPES.has(v);
const uniqueStrings = (v: unknown) =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') && new Set(v).size === v.length;

function keywordOk(key: string, v: unknown, depth: number): boolean {
  if (ANNOTATIONS.has(key)) return typeof v === 'string';
  if (FREE.has(key)) return key !== 'examples' || Array.isArray(v);
  if (COUNTS.has(key)) return isCount(v);
  if (NUMBERS.has(key)) return typeof v === 'number' && Number.isFinite(v) && (key !== 'multipleOf' || v > 0);
  switch (key) {
    case 'type':
      return (
        isType(v) || (Array.isArray(v) && v.length > 0 && v.every(isType) && new Set(v).size === v.length)
      );
    case 'enum':
      return Array.isArray(v);
    case 'required':
      return uniqueStrings(v);
    case 'uniqueItems':
      return typeof v === 'boolean';
    case 'properties':
      return isObject(v) && Object.values(v).every((s) => isPlainSchema(s, depth + 1));
    case 'items':
    case 'additionalProperties':
      return typeof v === 'boolean' || isPlainSchema(v, depth + 1);
    case 'anyOf':
    case 'oneOf':
    case 'allOf':
      return Array.isArray(v) && v.length > 0 && v.every((s) => isPlainSchema(s, depth + 1));
    default:
      return false;
  }
}

export function isPlainSchema(v: unknown, depth = 0): boolean {
  if (typeof v === 'boolean') return true;
  if (!isObject(v) || depth > MAX_DEPTH) return false;
  return Object.entries(v).every(([k, x]) => keywordOk(k, x, depth));
}
