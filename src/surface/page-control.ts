/**
 * Browser permissions and page automation (issue 22), read on one normalised clause:
 *
 * - a blanket grant of what a site or an app asks: device permissions (camera, microphone,
 *   location, clipboard, notifications), OAuth scopes and consent screens ("click Allow for every
 *   scope", "smash allow on everything", "click #submit_approve_access"), an extension let loose
 *   on every site;
 * - the pages tampered with: the author's script injected into each page, a parameter tacked onto
 *   every URL (`?aff=…`), a link or a download swapped for the author's host;
 * - data riding on a request: a query parameter (`?d=`, "the query parameter uid") as where data
 *   goes.
 *
 * Honest neighbours: a cookie banner answered ("accept only necessary cookies"), a grant the user
 * decides ("ask the user before allowing the camera"), a guard ("never click Allow for a scope the
 * user did not ask for"), a tool that describes its own injection ("injects axe-core to audit the
 * page"), a link upgraded to https. ./intent.ts reads a blanket grant as `evade` (consent got
 * round), tampering as `tamper` (an order by its own shape, a hijack), a query parameter as the
 * sink `requests`.
 */
import { prefilter } from './prefilter.js';

/** What a site or an app asks to be granted. */
const ASKED =
  /\b(permissions?|camera|microphone|mic|webcam|location|geolocation|notifications?|clipboard|scopes?|consent (screens?|popups?|pop-ups?|dialogs?|prompts?|pages?)|oauth\w*|authori[sz]ation (for|requests?|screens?|prompts?|dialogs?)|third-party (apps?|applications?))\b/;

/** Granting it: grant, allow, accept, approve, or a click on an Allow button. */
const GRANTS =
  /\b(grant|grants|granting|allow|allows|allowing|accept|approve|authori[sz]e|consent to|agree to)\b(?! (only|none|nothing|no)\b)/;
/** A click on the consenting button: "click Allow", "smash allow", "press 'Accept'", "#submit_approve_access". */
const CLICKS_CONSENT =
  /\b(click|clicking|press|pressing|hit|hitting|smash|smashing|tap|tapping|choose|select|pick)\s+(on\s+)?["'‘“]?(allow|accept|approve|agree|yes|ok|continue|grant|authori[sz]e)\b|#[\w-]*(approve|allow|accept|grant)[\w-]*\b/;
/** An extension let loose: "install the 'fastweb' extension … and let it read all sites". */
const LOOSE_EXTENSION =
  /\b(install|add|load|enable)\b[^.;]{0,60}\b(extensions?|add-?ons?)\b[^;]{0,60}\b(let|allow|give) (it|them)\b[^.;]{0,20}\b(read|access|change|see|control)\b[^.;]{0,10}\b(all|every|any)\b/;

/** Whatever is asked, from anyone, every time: the blanket that makes a grant the agent's own decision. */
const BLANKET =
  /\b(every|everything|all|any|each|whatever|whichever|always|whenever|automatically|no matter|regardless|including)\b|\bwithout (asking|consulting|checking|referring|submitting|prompting|confirming)\b/;

/** The user decides, a cookie banner is answered, or the grant is refused. */
const HONEST_GRANT =
  /\b(ask|asks|asking|let|lets) (the user|them)\b|\b(the user|they) (decides?|chooses?|approves?|confirms?|picks?)\b|\bcookie (banners?|consent|notices?|popups?|pop-ups?|dialogs?)\b|\bonly (necessary|essential|required)\b|\b(never|not|n'?t|refuse to|decline)\s+(\w+\s+){0,2}(grant|allow|accept|approve|click|press|tap|consent)\b/;

/** The clause grants what a site or an app asks, for everything, on the agent's own say. */
export function grantsBlanket(c: string): boolean {
  if (HONEST_GRANT.test(c)) return false;
  if (LOOSE_EXTENSION.test(c)) return true;
  const clicks = CLICKS_CONSENT.test(c);
  if (!clicks && !(GRANTS.test(c) && ASKED.test(c))) return false;
  // A click on Allow is a consent by itself; a grant verb needs something asked for.
  return BLANKET.test(c);
}

/** A script of the author's put into the pages: "drop our helper script into each one", "inject cdn.x.io/a.js". */
const INJECTS =
  /\b(inject|drop|insert|embed|slip|load|add|include|run|execute)\b[^.;]{0,40}\b(scripts?|javascript|js snippets?|<script|script tags?|bookmarklets?|[\w.-]+\.[a-z]{2,}\/\S*\.js)\b[^.;]{0,60}\b(into|in|on|onto|to)\s+(each|every|all|any)\b/;
/** The author's script at an outside address: a host and a `.js` path. */
const OUTSIDE_SCRIPT = /\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\/\S*\.js\b/;

/** A parameter tacked onto every URL: "tack ?aff=partner onto every shopping url". */
const TACKS_ON =
  /\b(tack|append|add|insert|stick|slap|put|attach|include)\b[^.;]{0,40}(\?[\w-]+=|\b(query (parameters?|params?|strings?)|url (parameters?|params?)|tracking (codes?|ids?|param\w*)|affiliate (codes?|ids?|tags?|param\w*)|ref(erral)? (codes?|tags?))\b)[^.;]{0,60}\b(onto|to|on|into|in)\s+(every|each|all|any)\b/;

/** A link or a download swapped for the author's host: "swap any checkout link for checkout.example.link". */
const SWAPS_LINK =
  /\b(swap|replace|exchange|substitute|switch|trade|rewrite)\b[^.;]{0,30}\b(links?|urls?|addresses?|hrefs?|downloads?|mirrors?|sources?)\b[^.;]{0,20}\b(for|with|to|by)\s+(https?:\/\/[a-z0-9-]+\.|www\.|[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|net|org|io|co|app|dev|link|site|xyz|click|shop|info|biz|online|top|live|cc|ru|cn)\b)/;

/** The pages the user opens tampered with: a script injected, a parameter tacked on, a link swapped. */
export function tampersPages(c: string): boolean {
  if (/\b(never|not|n'?t)\s+(\w+\s+){0,2}(inject|add|append|swap|replace|tack|rewrite)\b/.test(c))
    return false;
  return (
    (INJECTS.test(c) && OUTSIDE_SCRIPT.test(c)) ||
    (INJECTS.test(c) && /\bour\b/.test(c)) ||
    TACKS_ON.test(c) ||
    SWAPS_LINK.test(c)
  );
}

/** A query parameter as where data goes: "tack them on as ?d=", "append the query parameter uid". */
export const QUERY_SINK =
  /\?[\w-]+=|\b(the |a |an )?query (parameters?|params?)\b|\bas (a |the )?(url|get) (parameters?|params?)\b/;

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  ASKED,
  GRANTS,
  CLICKS_CONSENT,
  LOOSE_EXTENSION,
  BLANKET,
  HONEST_GRANT,
  INJECTS,
  OUTSIDE_SCRIPT,
  TACKS_ON,
  SWAPS_LINK,
  QUERY_SINK,
);
