/**
 * The lock file's schema, written once in zod: `parseLock` (./file.ts) validates with it, and
 * schema/lock.schema.json is generated from it (`npm run gen:docs`), so the published schema and
 * the reader cannot disagree. zod is handed in, not imported: a scan without a lock never loads
 * it (test/unit/lazy-imports.test.ts).
 */
import type { z as Zod } from 'zod';

export const LOCK_SCHEMA_ID = 'urn:mcp-posture:schema:lock:1';

/**
 * JSON Schema's `date-time` format as the lock's readers have always judged it (RFC 3339
 * `date-time`, letters in either case, as the RFC's §5.6 note allows, with a space accepted for
 * the `T` and an offset's minutes optional): the date must exist (no 31 April) and a leap second
 * is only 23:59:60 in UTC. test/lock/schema-compat.test.ts holds it to the former validator.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt\s](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offH, offM] = [1, 2, 3, 4, 5, 6, 8, 9].map((i) =>
    Number(m[i] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leapYear ? 29 : DAYS[month - 1];
  if (days === undefined || day < 1 || day > days) return false;
  if (hour > 23 || minute > 59 || second > 60 || offH > 23 || offM > 59) return false;
  if (second < 60) return true;
  // A leap second is 23:59:60 in UTC.
  const west = m[7] === '-' ? -1 : 1;
  const utc = (((hour * 60 + minute - west * (offH * 60 + offM)) % 1440) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

/**
 * The lock file (src/lock/file.ts `LockFile`), built with the zod it is given, and a registry
 * naming the parts the published schema defines once (`definitions`).
 */
export function lockFileSchema(z: typeof Zod) {
  // The published schema's annotations: definition ids, the date-time format, descriptions.
  const names = z.registry<Record<string, unknown>>();
  const annotated = <T extends Zod.ZodType>(meta: Record<string, unknown>, schema: T): T => {
    names.add(schema, meta);
    return schema;
  };
  const named = <T extends Zod.ZodType>(id: string, schema: T): T => annotated({ id }, schema);
  const hash = named('hash', z.string().regex(/^sha256:[0-9a-f]{64}$/));
  const hashes = named('hashes', z.record(z.string(), hash));
  const object = z.record(z.string(), z.unknown());
  const item = named('item', z.strictObject({ hash, fields: hashes, definition: object }));
  const items = named('items', z.record(z.string(), item));
  const surface = named(
    'surface',
    z.strictObject({
      tools: items,
      prompts: items,
      resources: items,
      resourceTemplates: items,
      instructions: z.union([z.null(), z.strictObject({ hash, text: z.string() })]),
      serverInfo: z.union([z.null(), z.strictObject({ hash, value: z.unknown() })]),
      incomplete: z.array(z.enum(['tool', 'prompt', 'resource', 'resourceTemplate'])),
    }),
  );
  const jwks = z.strictObject({ uri: z.string(), thumbprints: z.union([z.null(), z.array(z.string())]) });
  const entry = named(
    'entry',
    z.strictObject({
      recordedAt: annotated(
        { format: 'date-time' },
        z.string().refine(isDateTime, 'must be an RFC 3339 date-time'),
      ),
      listable: z.boolean(),
      surface: z.union([z.null(), surface]),
      protectedResource: z.union([z.null(), z.strictObject({ hash, fields: object })]),
      authorizationServers: z.record(
        z.string(),
        z.strictObject({ hash, fields: object, jwks: z.union([z.null(), jwks]) }),
      ),
      protocol: z.strictObject({
        hash,
        revisions: z.array(z.string()),
        transport: z.string().nullable(),
        capabilities: z.unknown(),
        authRequired: z.boolean(),
      }),
    }),
  );
  const contexts = z
    .strictObject({ anonymous: entry.optional(), token: entry.optional() })
    .refine((t) => Object.keys(t).length > 0, 'must name at least one credential context');
  annotated({ minProperties: 1 }, contexts);
  const file = z.strictObject({
    schemaVersion: z.literal(1),
    targets: annotated(
      { description: "Keyed by the target's identity: its endpoint URL (or a stdio: command line)." },
      z.record(z.string(), contexts),
    ),
  });
  return { file, names };
}

/** The published JSON Schema of the lock file (schema/lock.schema.json). */
export function lockJsonSchema(z: typeof Zod): Record<string, unknown> {
  const { file, names } = lockFileSchema(z);
  const generated = z.toJSONSchema(file, { target: 'draft-7', io: 'input', metadata: names }) as Record<
    string,
    unknown
  >;
  return {
    $schema: generated['$schema'],
    $id: LOCK_SCHEMA_ID,
    title: 'mcp-posture lock file',
    description:
      "What mcp-posture recorded of each target's surface when it was reviewed (scan --lock FILE --update-lock). Keys are sorted and the form is stable, so the file diffs well in version control. It holds no credentials. Hashes are SHA-256 over RFC 8785 canonical JSON, written sha256:<64 hex digits>.",
    ...Object.fromEntries(Object.entries(generated).filter(([k]) => k !== '$schema')),
  };
}
