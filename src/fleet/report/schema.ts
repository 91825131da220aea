/**
 * The fleet report's JSON form (`fleet report --format json`, a fleet run's `index.json`),
 * written once in zod beside the model it describes (./model.ts): schema/fleet-report.schema.json
 * is generated from it (`npm run gen:docs`), and the tests parse real output with it. zod is
 * handed in, so no command loads it to render a report.
 */
import type { z as Zod } from 'zod';

export const FLEET_REPORT_SCHEMA_ID = 'urn:mcp-posture:schema:fleet-report:1';

export function fleetReportSchema(z: typeof Zod) {
  const count = z.number().int().min(0);
  const limited = <T extends Zod.ZodType>(item: T) => z.strictObject({ items: z.array(item), total: count });
  const run = z.strictObject({
    id: z.string(),
    startedAt: z.string(),
    source: z.string(),
    mode: z.string(),
    shardCount: count,
    scans: count,
  });
  const grades = z.array(z.strictObject({ grade: z.string(), count }));
  const finding = z.strictObject({
    url: z.string(),
    checkId: z.string(),
    severity: z.string().nullable(),
    location: z.string(),
    message: z.string(),
  });
  const severities = z.strictObject({ critical: count, high: count, medium: count, low: count, info: count });
  const row = z
    .strictObject({
      target: z
        .string()
        .describe("The target's identity: its canonical URL, or stdio: and its command line."),
      name: z.string().nullable().describe('The name its source gave it.'),
      source: z.string(),
      client: z.string().nullable().describe('Discovered servers: the client whose configuration lists it.'),
      configFile: z.string().nullable().describe('Discovered servers: that configuration file.'),
      outcome: z.enum(['graded', 'unreachable', 'not-mcp', 'redirect', 'error']),
      cause: z.string().nullable().describe('Why it was not graded, in words (or the grade qualifier).'),
      grade: z.string().nullable().describe('The rating letter; null when not graded.'),
      failing: severities.describe('Failing results no suppression accepted, by severity.'),
      drift: z
        .strictObject({
          previous: z.string().nullable(),
          newFindings: count,
          fixedFindings: count,
          surfaceChanges: count,
        })
        .nullable()
        .describe('Against its scan in the previous run; null when there is no previous run.'),
      report: z
        .string()
        .regex(/^[a-z0-9][a-z0-9._-]*$/)
        .describe("The stem of the target's report file beside the table (--output-dir)."),
    })
    .describe('One line per target.');
  return z.strictObject({
    schemaVersion: z.string(),
    kind: z.literal('fleet-report'),
    generatedAt: z.string(),
    run,
    previous: run.nullable(),
    outcomes: z.record(z.string(), count),
    grades: grades.describe('Targets by grade, best first, then N/G: the targets not graded.'),
    topFailing: z.array(
      z.strictObject({ checkId: z.string(), title: z.string(), severity: z.string(), targets: count }),
    ),
    newFindings: limited(finding),
    fixedFindings: limited(finding),
    drift: limited(
      z.strictObject({
        url: z.string(),
        added: count,
        removed: count,
        changed: count,
        items: z.array(
          z.strictObject({
            kind: z.string(),
            name: z.string(),
            change: z.enum(['added', 'removed', 'changed']),
          }),
        ),
      }),
    ),
    notGraded: limited(
      z.strictObject({ url: z.string(), outcome: z.string(), detail: z.string().nullable() }),
    ),
    targets: limited(row).describe('One row per target of the run, worst first.'),
    trend: z
      .array(z.strictObject({ id: z.string(), startedAt: z.string(), grades }))
      .describe('The latest runs up to this one, oldest first.'),
  });
}

/** schema/fleet-report.schema.json. */
export function fleetReportJsonSchema(z: typeof Zod): Record<string, unknown> {
  const generated = z.toJSONSchema(fleetReportSchema(z), { target: 'draft-7', io: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    $schema: generated['$schema'],
    $id: FLEET_REPORT_SCHEMA_ID,
    title: 'mcp-posture fleet report',
    description:
      'mcp-posture fleet report --format json, and the index.json a fleet run writes beside its per-target reports: one row per target, the grades, the common failing checks, and what changed since the previous run.',
    ...Object.fromEntries(Object.entries(generated).filter(([k]) => k !== '$schema')),
  };
}
