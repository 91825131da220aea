/**
 * Role markers named as what a tool removes, escapes or never interprets ("[INST] or <<SYS>>
 * markers in submitted recipes are removed before publishing", "this server strips role markers
 * such as [system]"): the tool describes a protection, it does not open a turn. Read by
 * ./signals.ts before it gives a clause the `role-markers` family; a turn that carries data out is
 * read from the text itself (./graph.ts) and is not held by this.
 */
import { ROLE_MARKERS } from './lexicon.js';
import { TURN_MARKER } from './steer.js';

/** The markers named as a kind: "markers", "tokens", "tags", "delimiters". */
const MARKER_NOUN = /\b(markers?|tokens?|tags?|delimiters?)\b/;

/** What the tool does with them: removes, strips, escapes, never interprets. */
const HANDLED =
  /\b(are|is|get|gets|will be|being)\b[^.;]{0,40}?\b(removed|stripped|escaped|dropped|deleted|neutrali[sz]ed|never (interpreted|executed|followed|obeyed|acted on)|treated as (plain )?(text|data)|shown as (plain )?text)\b|\b(strips|removes|escapes|neutrali[sz]es)\b/;

/** The clause names markers as a kind and says the tool removes or neutralises them. */
export function markersHandled(clause: string): boolean {
  return MARKER_NOUN.test(clause) && HANDLED.test(clause);
}

/** The clause carries system or role markers, other than ones it says the tool handles. */
export function roleMarked(clause: string): boolean {
  return (ROLE_MARKERS.test(clause) || TURN_MARKER.test(clause)) && !markersHandled(clause);
}
