/**
 * What a client profile must carry to be trusted: every rule a source URL, the kind of source, the
 * day it was read and, where the source names one, a version (docs/clients.md#adding-a-client).
 * Returns the problems in words; an empty list means the profile is well-formed.
 */
import type { ClientProfile } from './types.js';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function httpsUrl(u: string): boolean {
  try {
    return new URL(u).protocol === 'https:';
  } catch {
    return false;
  }
}

export function profileProblems(profile: ClientProfile): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const rule of profile.rules) {
    const at = `${profile.id}: rule ${rule.id}`;
    if (!rule.id.startsWith(`${profile.id}.`))
      problems.push(`${at}: the id must start with "${profile.id}."`);
    if (seen.has(rule.id)) problems.push(`${at}: duplicate id`);
    seen.add(rule.id);
    if (!httpsUrl(rule.source.url)) problems.push(`${at}: the source must be an https URL`);
    if (!ISO_DAY.test(rule.source.checked))
      problems.push(`${at}: the source needs the day it was read (YYYY-MM-DD)`);
    if (rule.source.kind === 'source' && !rule.source.version) {
      problems.push(`${at}: a source file needs the tag or commit it was read at`);
    }
    if (rule.does.trim() === '' || rule.fix.trim() === '')
      problems.push(`${at}: "does" and "fix" must say something`);
  }
  return problems;
}
