import { GERMAN } from './de.js';
import { SPANISH } from './es.js';
import { FRENCH } from './fr.js';
import { ITALIAN } from './it.js';
import { JAPANESE } from './ja.js';
import { PORTUGUESE } from './pt.js';
import type { GlossTable } from './types.js';
import { CHINESE } from './zh.js';

/** Every glossary the judge reads through (./gloss.ts). */
export const GLOSS_TABLES: readonly GlossTable[] = [
  GERMAN,
  FRENCH,
  SPANISH,
  PORTUGUESE,
  ITALIAN,
  JAPANESE,
  CHINESE,
];
