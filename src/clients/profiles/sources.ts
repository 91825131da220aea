/** How the built-in profiles cite their sources, and the day those sources were read (docs/clients.md). */
import type { RuleSource } from '../types.js';

export const CHECKED = '2026-12-02';

/** The client's own code at a tag or commit. */
export const code = (url: string, version: string): RuleSource => ({
  url,
  kind: 'source',
  checked: CHECKED,
  version,
});
/** The vendor's documentation. */
export const doc = (url: string): RuleSource => ({ url, kind: 'doc', checked: CHECKED });
/** A public issue or pull request (with the client version it reports, when it names one). */
export const issue = (url: string, version?: string): RuleSource => ({
  url,
  kind: 'issue',
  checked: CHECKED,
  ...(version ? { version } : {}),
});
/** A third-party page quoting the vendor, where no primary source could be read. */
export const secondary = (url: string): RuleSource => ({ url, kind: 'secondary', checked: CHECKED });
