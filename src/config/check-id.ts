/**
 * Inputs (suppressions, baselines) name checks in the full form (`MCPP-TRN01`)
 * or the short form (`trn01`), case-insensitively (docs/model/README.md#check-ids); reports
 * always use the full form.
 */
const CHECK_ID = /^(?:MCPP-)?([A-Z]+[0-9]{2})$/;

/** The full upper-case ID, or null when `id` is not of the catalogue's form. */
export function normalizeCheckId(id: string): string | null {
  const m = CHECK_ID.exec(id.trim().toUpperCase());
  return m ? `MCPP-${m[1]!}` : null;
}

export function isCheckIdForm(id: string): boolean {
  return normalizeCheckId(id) !== null;
}
