/**
 * A guard, not a skip: an order NOT to act without the user's say or to get round a review
 * ("never pay without asking the user first", "never split a payment to avoid review") keeps the
 * user's consent; ./graph.ts reads "pay without asking" as skipped consent, and this clause shape
 * as its opposite.
 */
const NEGATED_EVASION =
  /\b(never|do not|don'?t|must not|mustn'?t|should not|shouldn'?t|may not|cannot|can'?t)\b[^.;,:]{0,40}\b(without|to (avoid|bypass|evade|skip|dodge|get around|circumvent))\b/;

/** The clause forbids acting without consent or around a review. */
export function guardsConsent(clause: string): boolean {
  return NEGATED_EVASION.test(clause);
}
