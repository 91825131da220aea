/** Writing evidence bundles (reading and validating them is ./bundle.ts). */
import { escapeJsonText } from '../escape/json.js';
import type { Evidence } from './types.js';

export function serializeEvidence(ev: Evidence): string {
  return escapeJsonText(JSON.stringify(ev, null, 2)) + '\n';
}

/** A file that is not an evidence bundle (raised by ./bundle.ts). */
export class BundleError extends Error {}
