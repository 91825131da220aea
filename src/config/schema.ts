/**
 * The one config file format (`mcp-posture.config.json`): per-run defaults,
 * targets with per-target overrides, suppressions and a baseline path. The zod
 * schema is the single source: types, validation and the published JSON Schema
 * (schema/config.schema.json) all come from it.
 */
import { z } from 'zod';

import { isCheckIdForm } from './check-id.js';
import {
  CONFIG_FILE_NAME,
  CONFIG_SCHEMA_ID,
  DEFAULT_THRESHOLDS,
  FAIL_ON,
  FORMATS,
  GRADES,
  MODES,
  SPECS,
} from './constants.js';

export { DEFAULT_THRESHOLDS } from './constants.js';
export type { FailOn, Format, Grade } from './constants.js';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const positiveInt = (what: string) =>
  z
    .int({ error: `expected a positive integer (${what})` })
    .positive({ error: `expected a positive integer (${what})` });
const nonNegativeInt = (what: string) =>
  z
    .int({ error: `expected an integer ≥ 0 (${what})` })
    .nonnegative({ error: `expected an integer ≥ 0 (${what})` });

const ThresholdsSchema = z
  .strictObject({
    certExpiryDays: nonNegativeInt('days')
      .optional()
      .describe(
        `TRN03: a certificate expiring within this many days fails (default ${DEFAULT_THRESHOLDS.certExpiryDays}).`,
      ),
    hstsMaxAge: nonNegativeInt('seconds')
      .optional()
      .describe(`TRN05: minimum HSTS max-age in seconds (default ${DEFAULT_THRESHOLDS.hstsMaxAge}).`),
    sessionEntropyBits: positiveInt('bits')
      .optional()
      .describe(
        `TRN08: minimum estimated session-ID entropy (default ${DEFAULT_THRESHOLDS.sessionEntropyBits}).`,
      ),
  })
  .describe('Policy thresholds of individual checks.');

const HeadersSchema = z
  .record(
    z
      .string()
      .regex(HEADER_NAME, { error: 'invalid header name' })
      .refine((k) => k.toLowerCase() !== 'authorization', {
        // Config files get committed; the token belongs in an environment variable.
        error: 'do not put credentials in the config file; name an environment variable in tokenEnv',
      }),
    z.string({ error: 'expected a string header value' }),
  )
  .describe('Extra request headers, sent only to the target origin.');

/** Every setting a target can override; `defaults` holds the same keys. */
const settingsShape = {
  mode: z.enum(MODES).optional().describe('What the scan may send (default safe).'),
  failOn: z
    .enum(FAIL_ON)
    .optional()
    .describe('Exit 1 when a check fails at or above this severity (default medium).'),
  minGrade: z.enum(GRADES).optional().describe('Exit 1 when the rating is below this letter.'),
  timeoutMs: positiveInt('milliseconds').optional().describe('Per-request timeout (default 10000).'),
  scanTimeoutMs: positiveInt('milliseconds').optional().describe('Overall scan deadline (default 120000).'),
  spec: z.enum(SPECS).optional().describe('Pin the protocol revision instead of detecting it.'),
  headers: HeadersSchema.optional(),
  tokenEnv: z
    .string()
    .regex(ENV_NAME, { error: 'expected an environment variable name' })
    .optional()
    .describe('Read the bearer token from this environment variable.'),
  secondTokenEnv: z
    .string()
    .regex(ENV_NAME, { error: 'expected an environment variable name' })
    .optional()
    .describe(
      'Read a second token, issued by the same authorization server for another resource, from this environment variable (audience check, MCPP-ACT03).',
    ),
  narrowTokenEnv: z
    .string()
    .regex(ENV_NAME, { error: 'expected an environment variable name' })
    .optional()
    .describe(
      'Read a valid token that lacks a scope the endpoint needs from this environment variable (step-up challenge, MCPP-SCP03).',
    ),
  expiredTokenEnv: z
    .string()
    .regex(ENV_NAME, { error: 'expected an environment variable name' })
    .optional()
    .describe(
      'Read an expired token from the same authorization server from this environment variable (sent in intrusive mode, MCPP-ACT04).',
    ),
  allowPrivate: z
    .boolean()
    .optional()
    .describe('Let URLs learned from the server reach other private or loopback addresses.'),
  formats: z.array(z.enum(FORMATS)).min(1).optional().describe('Report formats to write.'),
  outputDir: z.string().min(1).optional().describe('Directory for report files (relative to this file).'),
  thresholds: ThresholdsSchema.optional(),
  designateTool: z
    .strictObject({
      name: z.string().min(1),
      arguments: z.record(z.string(), z.unknown()).optional(),
    })
    .optional()
    .describe('A side-effect-free tool MOD30/MOD31 may call (see docs/model/modes.md#other-prerequisites).'),
  oauthClient: z
    .strictObject({
      clientId: z
        .string()
        .min(1, { error: 'expected a client_id' })
        .describe('The pre-registered `client_id`.'),
      redirectUri: z
        .url({ error: 'expected an absolute URL' })
        .describe('A redirect URI registered for that client (absolute URL).'),
    })
    .optional()
    .describe(
      'A pre-registered OAuth client at the first authorization server, for the intrusive authorization-request checks (MCPP-ACT07, MCPP-ACT08, MCPP-ACT11).',
    ),
  cimdUrl: z
    .url({ protocol: /^https$/, error: 'expected an https URL' })
    .optional()
    .describe(
      'A client metadata document you host, for the intrusive CIMD checks (see docs/model/modes.md#other-prerequisites).',
    ),
};

export const SettingsSchema = z.strictObject(settingsShape);

/**
 * A target is an MCP endpoint (`url`) or a local stdio server (`command`, with `args`, `env` and
 * `cwd`; docs/stdio.md). A stdio target's `url` is made up as `stdio:` and its command line, so
 * every consumer can name it the same way.
 */
export const TargetSchema = z
  .strictObject({
    name: z.string().min(1).optional().describe('Short name for suppressions, baselines and output.'),
    url: z
      .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
      .optional()
      .describe('The MCP endpoint URL (or give `command` for a local stdio server).'),
    command: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A local stdio server: the command that starts it (run only by this scan, in a throwaway HOME).',
      ),
    args: z.array(z.string()).optional().describe("stdio: the command's arguments."),
    env: z
      .record(z.string().regex(ENV_NAME, { error: 'invalid environment variable name' }), z.string())
      .optional()
      .describe(
        'stdio: the only variables the server gets besides PATH and HOME. A value `${env:NAME}` is read from the environment at scan time.',
      ),
    cwd: z.string().min(1).optional().describe('stdio: working directory (default: a throwaway directory).'),
    ...settingsShape,
  })
  .superRefine((t, ctx) => {
    if ((t.url === undefined) === (t.command === undefined))
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'give either url or command' });
    if (t.url !== undefined)
      for (const k of ['args', 'env', 'cwd'] as const)
        if (t[k] !== undefined) ctx.addIssue({ code: 'custom', path: [k], message: `${k} needs command` });
  })
  .transform((t) => ({ ...t, url: t.url ?? `stdio:${[t.command!, ...(t.args ?? [])].join(' ')}` }));

export const SuppressionSchema = z.strictObject({
  check: z
    .string()
    .refine(isCheckIdForm, { error: 'expected a check ID such as MCPP-TRN01 or trn01' })
    .describe('Check ID, full or short form, case-insensitive.'),
  target: z.string().min(1).optional().describe('Only this target (URL or name).'),
  location: z.string().min(1).optional().describe('Only results at this location, e.g. origin:https://x.'),
  key: z.string().min(1).optional().describe('Only results with this key (sub-condition).'),
  reason: z
    .string({ error: 'a suppression needs a reason' })
    .regex(/\S/, { error: 'a suppression needs a non-empty reason' })
    .describe('Why this finding is accepted; printed in reports.'),
  expires: z.iso
    .date({ error: 'expected a date YYYY-MM-DD' })
    .optional()
    .describe('Last day (UTC) the suppression applies; afterwards the finding counts again.'),
});

export const ConfigSchema = z
  .strictObject({
    $schema: z.string().optional(),
    defaults: SettingsSchema.optional().describe('Settings for every target.'),
    targets: z.array(TargetSchema).min(1, { error: 'expected at least one target' }),
    suppressions: z.array(SuppressionSchema).optional().describe('Accepted findings.'),
    baseline: z
      .string()
      .min(1)
      .optional()
      .describe('Expected-failures baseline file (relative to this file).'),
    lock: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Lock file the scans are compared against by the PIN checks (relative to this file; `scan --update-lock` records it).',
      ),
  })
  .superRefine((cfg, ctx) => {
    const seen = new Map<string, number>();
    cfg.targets.forEach((t, i) => {
      if (t.name === undefined) return;
      const first = seen.get(t.name);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['targets', i, 'name'],
          message: `duplicate target name "${t.name}" (also targets[${first}])`,
        });
      else seen.set(t.name, i);
    });
  });

export type Settings = z.infer<typeof SettingsSchema>;
export type TargetConfig = z.infer<typeof TargetSchema>;
export type Suppression = z.infer<typeof SuppressionSchema>;
export type Config = z.infer<typeof ConfigSchema>;

/** The published JSON Schema of the config file (schema/config.schema.json), for editors and docs. */
export function configJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(ConfigSchema, { target: 'draft-7', io: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    $schema: generated['$schema'],
    $id: CONFIG_SCHEMA_ID,
    title: 'mcp-posture configuration',
    description: `The ${CONFIG_FILE_NAME} file. Precedence per setting: CLI flag > environment variable > target > defaults.`,
    ...Object.fromEntries(Object.entries(generated).filter(([k]) => k !== '$schema')),
  };
}
