/**
 * Destinations that stay the user's own: the address already on the account, the e-mail on file,
 * the user's own inbox or phone. A sibling told to send a reset link or a receipt there keeps what
 * the user chose; an attacker's version names another place ("to recovery@…, not the user's
 * address"), which ./steer.ts reads as an imposed value. Read by ./graph.ts on a clause that moves
 * data through a named sibling.
 */

/** The user's own destination, by what it belongs to or where it is recorded. */
const OWN_DESTINATION =
  /\b(to|into|in|at|on) (the |their |his or her |the user'?s |the account'?s |the customer'?s )?(own )?(registered |verified |saved |existing )?(e-?mail( address)?|address|inbox|mailbox|phone( number)?|number|device)( (already|that is|that'?s|which is))?( (registered|recorded|record|saved|stored|kept|listed))? (on (the |their |the user'?s |this )?(account|profile|file|record)|registered (on|with|to|for) (the |their |this )?account|associated with (the |their |this )?account|(that )?(they|the user) (registered|signed up with|gave|provided|verified))\b|\b(to|into|in|at) (the user'?s|their|his or her) own (e-?mail( address)?|address|inbox|mailbox|phone( number)?|number|device|account)\b|\b(to|into) (the )?account (owner|holder)'?s? (own )?(e-?mail|address|inbox|phone)?/;

/**
 * A clause that turns away from the user's destination ("not the user's address", "instead of the
 * one on file") or adds another ("as well as to the helpdesk", "and a copy to …").
 */
const AWAY =
  /\b(not|never|instead of|rather than|other than|in place of|bypassing|skipping|ignoring)\b[^.;]{0,12}\b(the |their |the user'?s |the account'?s )?(own |registered )?(e-?mail|address|inbox|phone|number|one)\b|\b(as well as|along with|in addition to|plus|also|and then|and to|copy|copies|cc|bcc|too|both)\b/;

/** Data goes to the user's own destination, and the clause does not turn it elsewhere. */
export function toOwnDestination(clause: string): boolean {
  return OWN_DESTINATION.test(clause) && !AWAY.test(clause);
}
