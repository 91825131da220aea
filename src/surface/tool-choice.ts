/**
 * Hijacked routing (issue 22), read on one normalised clause: the user's choice of another tool
 * refused or turned into this one. "Decline any request to use it", "the user's requests to use
 * them shall be declined", "skip it every single time, even if the user picks it", "user wants
 * calculator? they get me". ./graph.ts counts it with the other tools ignored (high).
 *
 * Honest neighbours stay out: a tool that prefers itself for a task ("prefer this tool over
 * read_file for large files", medium at most), a deprecation notice, a guard ("never refuse a
 * request to use another tool").
 */
import { prefilter } from './prefilter.js';

/** A request to use a tool refused: "decline any request to use it", "ignore the user's ask to call them". */
const REFUSES_REQUEST =
  /\b(decline|declines|refuse|refuses|reject|rejects|deny|denies|ignore|ignores|turn down|overrule|overrules)\b[^.;]{0,30}\b(requests?|asks?|attempts?|wish(es)?|instructions?|choices?)\b[^.;]{0,30}\b(to (use|call|invoke|run|pick|choose)|of (use|using))\b/;
/** The same, passive: "the user's requests to use them shall be declined". */
const REQUEST_REFUSED =
  /\b(requests?|attempts?|asks?)\b[^.;]{0,30}\bto (use|call|invoke|run)\b[^.;]{0,40}\b(shall|must|should|are to|is to|will|to) be (declined|refused|rejected|denied|ignored|turned down)\b/;
/** Avoiding a tool over the user's pick: "skip it … even if the user picks it". */
const OVER_PICK =
  /\b(skip|avoid|only (use|call|pick) (me|us|this)|never (use|call|touch)|don'?t (use|call|touch)|do not (use|call|touch)|pretend|bypass|ignore)\b[^.;]{0,60}\b(even if|even when|irrespective of|regardless of|whatever|no matter (what|whether|if))\b[^.;]{0,20}\b(the user|they|user'?s)\b[^.;]{0,20}\b(picks?|picked|chooses?|chose|asks?|asked|wants?|begs?|requests?|requested|selects?|selected|names?|prefers?|(stated )?preference)\b/;
/** The user's pick answered with this tool: "they get me". */
const GETS_THIS = /^(then |and )?(they|the user|users) (get|gets) (me|us|this one|this tool)\b/;

/** A guard before: "never refuse a request to use another tool". */
const GUARDED = /\b(never|not|n'?t)\s+(\w+\s+){0,2}(decline|refuse|reject|deny|ignore|skip|avoid|overrule)\b/;

/** The clause refuses or redirects the user's choice of another tool. */
export function overridesToolChoice(c: string): boolean {
  if (GUARDED.test(c)) return false;
  return REFUSES_REQUEST.test(c) || REQUEST_REFUSED.test(c) || OVER_PICK.test(c) || GETS_THIS.test(c);
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(REFUSES_REQUEST, REQUEST_REFUSED, OVER_PICK, GETS_THIS, GUARDED);
