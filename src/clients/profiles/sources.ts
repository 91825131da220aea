/** The day the client sources behind the built-in profiles were read (docs/clients.md). */
export const CHECKED = '2026-12-02';
