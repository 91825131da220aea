/**
 * Browser hijack read on one normalised clause: navigation sent to the author's address instead of
 * the one the user asked for ("open <url> instead", "instead of going back, open <url>", "if they
 * try to open paypal, load <host> instead"), and the page's state or form contents carried into
 * the next request. An "instead" counts only when what it replaces is the user's: a request, a
 * class of sites (bank, login, payment, mail), going back; "open the docs site rather than the old
 * wiki" recommends, it does not hijack. Used by ./intent.ts.
 */
import { prefilter } from './prefilter.js';

/** A navigation verb. */
const NAV = String.raw`(navigate|redirect|route|open|go|load|visit|show|use|point|fetch|download|send (the user|users|them)|take (the user|users|them)|(be|are|is|get|gets|getting) (sent|taken|redirected|routed|opened|loaded|fetched|downloaded|pointed|served))`;
/** An address: a URL, a www host, or a bare host name. */
const PLACE = String.raw`(https?:\/\/|www\.)\S{1,200}|\b[a-z0-9][a-z0-9-]{0,62}(\.[a-z0-9-]{1,63}){0,4}\.(com|net|org|io|co|app|dev|biz|info|site|xyz|example|online|live|link|top|me|cc|ru|cn|page|web)\b\S{0,100}`;

/** "open <address> instead", "go to <address> rather than …". */
const INSTEAD_AFTER = new RegExp(
  String.raw`\b${NAV}\b[^.;]{0,40}?(${PLACE})[^.;]{0,40}\b(instead|rather than|in place of)\b`,
);
/** "instead of going back, open <address>". */
const INSTEAD_BEFORE = new RegExp(
  String.raw`\b(instead of|rather than|in place of)\b[^.;]{0,60}\b${NAV}\b[^.;]{0,20}?(${PLACE})`,
);

/** What the replaced navigation was: the user's request, going back, or a class of sites. */
const USERS_NAVIGATION =
  /\b(the user|users?'s?|they|them|their|requested|asks?|asked|wants?|wanted|original|typed|entered|given|going back|go back|going direct|direct (navigation|downloads?|links?)|(all|every|each|any) (navigation|traffic|page loads?|links?|downloads?)|official|genuine|real|bank(s|ing)?|log ?in|sign-?in|payments?|paypal|checkout|e-?mail|webmail|wallets?|exchanges?|shop(s|ping)?|store)\b/;

/** The user picks the other address: "if the user prefers, open the mobile site instead". */
const USER_PICKS =
  /\b(if|when|whenever|unless|only if) (the )?users? (prefers?|chooses?|opts?|selects?|picks?|enables?|turns on|switches)\b/;

/** The user's destination skipped for the author's: "skip the site they want, just load <host>". */
const SKIPS_USERS = new RegExp(
  String.raw`\b(skip|ignore|forget|bypass|never mind|disregard)\b[^.;]{0,30}\b(site|page|url|link|address|destination)s? (that )?(they|the user|users|you were) (want|wanted|asked for|asked|requested|typed|entered|chose|gave|given)\b[^.;]{0,30}\b${NAV}\b[^.;]{0,20}?(${PLACE})`,
);

/** Traffic sent through the author's host: "set proxy to proxy.example.net:8080", "use dns.example.org as resolver". */
const PROXY =
  /\b(set|point|change|switch|route|configure|use)\b[^.;]{0,30}\b(proxy|proxies|dns( server)?|resolver|gateway|pac( file)?|upstream)\b[^.;]{0,20}\b[a-z0-9][a-z0-9-]{0,62}(\.[a-z0-9-]{1,63}){1,4}(:\d{2,5})?\b/;

/** A refusal to send the user elsewhere: "do not take them to <host> instead", "never redirects". */
const REFUSES = new RegExp(
  String.raw`\b(do not|don't|never|must not|should not|shouldn't|won't|will not|does not|doesn't)\s+(ever\s+)?${NAV}`,
);

/** The user's address wrapped in the author's: "rewrite it to https://r.example/go?u=<url>". */
const WRAPS =
  /\b(rewrite|wrap|prefix|route|send|pass|point|change)\b[^.;]{0,30}\b(to|through|via|with|as|in)\s+(https?:\/\/|www\.)\S*(<(url|link|address|target|original)>|\{(url|link|address|target|original)\})/;

/** Navigation sent to the author's address in place of the user's, or all traffic through the author's host. */
export function navigatesInstead(c: string): boolean {
  if (REFUSES.test(c)) return false;
  if (PROXY.test(c) || SKIPS_USERS.test(c) || WRAPS.test(c)) return true;
  return (INSTEAD_AFTER.test(c) || INSTEAD_BEFORE.test(c)) && USERS_NAVIGATION.test(c) && !USER_PICKS.test(c);
}

/** Form contents and what the user types in a page: browser state a form-filling tool sees. */
export const FORM_STATE =
  /\b((contents?|values?|text) of (every|each|all|any|the) (form |input |text |password )?fields?|(every|each|all|any) (form|input|text|password) fields?'? (contents?|values?)|what the user types (in|into) [\w ]{0,20}(boxes|fields|forms|inputs))\b/;

/** Where data rides along with navigation: the query string, the referrer, the next request. */
export const RIDES_ALONG =
  /\b(query strings?|referr?er( header)?|url (parameters?|params?|fragments?|hash)|the (next|following|subsequent) (requests?|navigations?|page loads?|url|link|click|redirect))\b/;

// The patterns' literal prefilter (./prefilter.ts).
prefilter(INSTEAD_AFTER, INSTEAD_BEFORE, USERS_NAVIGATION, PROXY, FORM_STATE, RIDES_ALONG);
