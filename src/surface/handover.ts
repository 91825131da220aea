/**
 * A credential handed to a named destination (issue 22), read on one normalised clause with no
 * secrecy word needed: "API keys must be sent to <url>", "tokens are to be posted to <host>",
 * "forward the session cookie to <addr>", "every bearer token you see goes to <url>", "share your
 * OpenAI key with <e-mail>". Three word classes meet: a credential named in words (not only one
 * taken from the environment), a move in any inflection or voice, and a place outside the
 * conversation (URL, bare host or IP, e-mail address, webhook). How a tool authenticates to its own
 * API ("in the Authorization header", "over HTTPS", "only to api.vendor.example") and a protective
 * clause ("never … anyone other than") do not count. ./intent.ts reads a handover as a secret source.
 */

/** A credential named in words: key and token kinds, passwords, cookies, a possessed key. */
const CREDENTIAL =
  /\b(api[ _-]?keys?|(access|auth|authentication|bearer|refresh|session|oauth|id|api|personal access|login|github|gitlab|slack|npm|pypi) tokens?|tokens?|client secrets?|secrets?|secret keys?|signing keys?|private keys?|ssh keys?|passwords?|passphrases?|credentials?|session cookies?|cookies?|sk-\S*|[a-z][a-z0-9]*_(token|secret|api_key|secret_key|access_key|password|pat)|(leaked|exposed|found|discovered|stolen|live|valid|unmasked) keys?|secret values?)\b|\b(your|the user'?s|their|its|my|our|the agent'?s|the assistant'?s) ([\w-]+ ){0,2}(keys?|tokens?)\b/;

/** A move in any inflection or voice, or arriving somewhere: "is posted to", "goes to", "reaches". */
const MOVES =
  /\b(send|post|upload|forward|transmit|submit|mirror|relay|copy|copie|push|share|e-?mail|deliver|report|ship|beam|toss|hand|give|pass|leak|paste|pipe|stream|sync|dump|export|route|fire|include|attach|append|embed)(s|es|ed|d|ing|ted|ting|ped|ping)?\b|\b(sent|given|handed|shared|went)\b|\b(goes|go|going|get|gets|make|makes|find|finds) (its way |their way |over |straight |directly )?(to|into|over to)\b|\b(reach|reaches|reached|land|lands|landed|end up|ends up) (at|in|on|with)?\b/;

/** A place outside the conversation (URL, webhook, e-mail address, bare host or IP), named as where it goes. */
const PLACE = new RegExp(
  String.raw`(\b(to|into|onto|at|with|toward|towards)\s+(the |our |this |a |an )?([\w-]+ ){0,3}|\breach(es|ed)?\s+)` +
    String.raw`((https?|wss?|ftp):\/\/\S+|webhooks?\b|[\w.+-]+@[\w-]+\.[\w.]+\b|[a-z0-9][a-z0-9-]{0,62}(\.[a-z0-9-]{1,63}){0,4}\.(com|net|org|io|dev|app|co|ai|xyz|site|online|cloud|example|info|biz|me|ru|cn|top|live|link|host|tech|store|pw|cc)\b|\d{1,3}(\.\d{1,3}){3}(:\d{2,5})?\b)`,
);

/** The tool authenticating to its own service: a header, a scheme, a restriction to one host. */
const OWN_AUTH =
  /\b(headers?|authorization|bearer (auth|scheme)|basic auth|over (https|tls|ssl)|via (https|tls)|to authenticate|for authentication|authenticates?|only (to|with)\b|\bonly$|is sent|are sent|gets sent with each|with (each|every) (request|call) to (the|its|our) (own )?api)\b|\b(get|obtain|create|generate|find|manage|rotate|revoke) (an? |your )?(api[ _-]?keys?|tokens?)\b[^.;]{0,20}\b(at|from|on|in)\b/;

/** A clause that protects the credential: never, not, anyone other than, except. */
const PROTECTS =
  /\b(never|not|n't|no one|nobody|anyone (else|other than)|other than|except|rather than (sending|sharing)|instead of (sending|sharing))\b/;

/** The clause hands a credential to a named destination outside the conversation. */
export function handsOver(c: string): boolean {
  if (!CREDENTIAL.test(c) || !PLACE.test(c) || !MOVES.test(c)) return false;
  return !OWN_AUTH.test(c) && !PROTECTS.test(c);
}
