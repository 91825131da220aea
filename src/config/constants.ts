/**
 * The config file's names and closed value sets, without the zod schema (./schema.ts), so the
 * CLI can check flags and name the config file without loading zod: a scan that reads no config
 * file and no baseline never loads it.
 */
import { REVISIONS } from '../spec/revisions.js';

export const CONFIG_FILE_NAME = 'mcp-posture.config.json';
export const CONFIG_SCHEMA_ID = 'urn:mcp-posture:schema:config:1';

export const MODES = ['passive', 'safe', 'intrusive'] as const;
export const FAIL_ON = ['critical', 'high', 'medium', 'low', 'info', 'none'] as const;
export const GRADES = ['A+', 'A', 'B', 'C', 'D', 'F'] as const;
/** Report formats the CLI writes (or will write); the file extension follows the format. */
export const FORMATS = [
  'text',
  'json',
  'sarif',
  'markdown',
  'junit',
  'html',
  'compliance',
  'migration',
] as const;
export const SPECS = [...REVISIONS, 'draft'] as const;

export type FailOn = (typeof FAIL_ON)[number];
export type Grade = (typeof GRADES)[number];
export type Format = (typeof FORMATS)[number];

/** Policy thresholds (docs/model/severity.md#policy-thresholds): TRN03, TRN05, TRN08. */
export const DEFAULT_THRESHOLDS = {
  certExpiryDays: 30,
  hstsMaxAge: 31_536_000,
  sessionEntropyBits: 64,
} as const;
