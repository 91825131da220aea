/** The day the framework sources behind the signatures were read (docs/fingerprints.md). */
export const CHECKED = '2026-12-02';
