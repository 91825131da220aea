/**
 * Data flows beyond the core word lists of ./intent.ts: more of what is taken (personal data, the
 * user's own secrets, whatever a tool returned), more of where it goes (a bare host or IP, a public
 * bucket, another tool's call, a sending tool, one of this item's own parameters) and acts that need
 * no data (navigation sent elsewhere, a destructive call on everything, a choice of the user
 * replaced). Each reads one normalised clause; ./intent.ts adds them to the clause's intent.
 */
import { escapeRegExp } from '../escape/regexp.js';

/** The user's (or a customer's) personal data: contact details, identity, location. */
export const PERSONAL =
  /\b(the user'?s|their|the customer'?s|customers'?|users'|his|her)\s+(full |real |home |primary |current |exact )?(e-?mail( address(es)?)?|phone( numbers?)?|mobile( numbers?)?|(postal |street |home )?address(es)?|location|gps (coordinates|position)|ip address|(real |full |legal )?names?|date of birth|birthday|ssn|social security numbers?|account (ids?|numbers?)|user ?ids?|contacts?|calendar|identity)\b/;

/** A secret the text wants gathered from wherever it lies, not supplied for this tool. */
export const STOLEN_SECRET =
  /\b(credentials?|passwords?|passphrases?|tokens?|keys?|secrets?|connection strings?)\b[^.;]{0,40}\b(stored on|saved on|kept on|on (the |this )?(machine|disk|computer|system|host|box|laptop)|you can find|lying around|you'?ve (got|seen|found)|you have (got|seen|found|access to)|you (see|find|come across|encounter)|anywhere)\b/;

/** The user's own secret, by possession: stolen when it goes anywhere but a credential parameter. */
export const OWNED_SECRET =
  /\b(the user'?s|their|the customer'?s|his|her)\s+([\w-]+\s+){0,2}(api[ _-]?keys?|tokens?|passwords?|passphrases?|credentials?|secrets?|private keys?|card numbers?|pins?|cookies?)\b/;

/** What a tool returned or read, named as a whole: rows, results, documents, whatever came back. */
export const RETURNED =
  /\b(every|each|all|the full|the complete|the whole|the raw|any|the entire)\s+([\w-]+\s+){0,2}(responses?|results?|outputs?|repl(y|ies)|answers?|quer(y|ies)|messages?|documents?|records?|rows?|row sets?|result sets?|files?|pages?|e-?mails?|prompts?|pdfs?|contents?|data ?sets?|tables?|entries|reports?|key input|keystrokes?|inputs?)\b|\bwhatever (comes back|it returns|is returned|the (tool|api|server) returns|you (get|receive|read|fetch|retrieve))\b|\b(extracted|returned|fetched|retrieved|received|scraped|downloaded|parsed|converted) (text|contents?|data|documents?|rows|results?|records|pages?|output)\b|\b(rows|results?|data|records|output|contents?) (you|it) (received|got|returned|fetched|read|retrieved)\b/;

/** A host or an IP address without a scheme: `collector.example.net/in`, `203.0.113.7:8080`. */
export const HOST =
  /\b[a-z0-9][a-z0-9-]{0,62}(\.[a-z0-9-]{1,63}){0,4}\.(com|net|org|io|dev|app|co|ai|xyz|site|online|cloud|example|info|biz|me|ru|cn|top|live|link|host|tech|store|pw|cc|tk|ml|ga|gq|cf|ly|gg|eu|uk|de|fr|nl)\b(:\d{2,5})?(\/[\w./?=&%-]*)?|\b\d{1,3}(\.\d{1,3}){3}(:\d{2,5})?\b/;

/** A place anyone can read: a public bucket, mirror, paste or channel. */
export const PUBLIC =
  /\b(public|shared|world-readable|anonymous|open)[ -](buckets?|mirrors?|folders?|gists?|paste(bin)?s?|repos(itor(y|ies))?|channels?|drives?|shares?|links?|pages?|forums?)\b|\bpastebin\b/;

/** A call of another tool as the place data goes: "to the next browser_click call", "a call of upload_blob". */
const CALL_SINK =
  /\b(to|into|in|with|through|via|on) (the |a |every |each |your |any )?(next |following |subsequent |later )?[\w-]+ (call|invocation)s?\b|\bcalls? (of|to) [a-z][\w-]*\b/;

/** A tool named by an identifier whose words send data elsewhere (`reply_customer`, `upload-blob`). */
const SENDER_PART =
  /^(send|post|upload|email|mail|reply|share|publish|notify|message|tweet|comment|export|sync|push|forward|webhook|slack|sms|submit|transfer)s?$/;
const IDENTIFIER = /\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b/g;

/** Sink of a call: `sender` when it names a tool that sends elsewhere, `call` for any other tool call. */
export function toolSinks(c: string): { call: boolean; sender: boolean } {
  let sender = false;
  if (c.includes('_') || c.includes('-')) {
    let n = 0;
    for (const m of c.matchAll(IDENTIFIER)) {
      if (m[0].split(/[_-]/).some((p) => SENDER_PART.test(p))) sender = true;
      if (sender || ++n > 20) break;
    }
  }
  return { call: CALL_SINK.test(c), sender };
}

/** A parameter name that carries a credential by purpose (an API key field). */
const CREDENTIAL_PARAM = /key|token|auth|secret|pass(word|wd)?|cred|dsn|conn|bearer|cookie|session/;
const HERE =
  /\b(here|this (field|value|parameter|argument|param|box|slot|property)|(fill|populate|set) (this|it)( in)?|in it)\b/;

/**
 * One of the item's own parameters as the place data goes: named ("into api_key", "fill the trace
 * field") or, inside a parameter's description, "here" / "this field". `credential` when that
 * parameter's purpose is a credential.
 */
export function parameterSink(
  c: string,
  params: readonly string[],
  field: string,
): { named: boolean; credential: boolean } {
  const own = /(?:^|\.)properties\.([^.]+)\./.exec(field)?.[1];
  if (own !== undefined && HERE.test(c)) return { named: true, credential: CREDENTIAL_PARAM.test(own) };
  for (const p of params) {
    if (p.length < 2 || !c.includes(p)) continue;
    const q = escapeRegExp(p);
    const re = new RegExp(
      String.raw`\b(in|into|inside|to|as|onto|under|fill|set|populate|through)\s+(the\s+|its\s+|each\s+)?[\x60"']?${q}[\x60"']?(?![\w-])`,
    );
    if (re.test(c)) return { named: true, credential: CREDENTIAL_PARAM.test(p) };
  }
  return { named: false, credential: false };
}

/** The parameter names of an item, read from its segments' field paths (at most 40). */
export function parameterNames(fields: readonly string[]): string[] {
  const out = new Set<string>();
  for (const f of fields) {
    const m = /(?:^|\.)properties\.([^.]+)\./.exec(f);
    if (m) out.add(m[1]!.toLowerCase());
    if (out.size >= 40) break;
  }
  return [...out];
}

/** Navigation sent elsewhere: "open <url> instead", "are to be redirected to <url>", "replace the host with …". */
export const ELSEWHERE =
  /\b(open|load|navigate to|go to|visit|use|show)\s+(https?:\/\/|www\.)\S{1,200}[^.;]{0,40}\b(instead|rather than|in place of)\b|\b(redirect|reroute|divert)(s|ed|ing)?\b[^.;]{0,80}\bto\b[^.;]{0,40}(https?:\/\/|www\.|\b[a-z0-9-]+\.[a-z0-9-]+\.[a-z]{2,})|\b(replace|swap|change|rewrite|switch)\s+(the |every |each |all |any )?(host ?names?|hosts?|domains?|origins?|base urls?|urls?|links?|addresses)\b[^.;]{0,30}\b(with|to|for)\b/;

/** A destructive act aimed at everything rather than the item the user chose. */
export const DESTROY =
  /\b(delete|remove|wipe|erase|purge|destroy|rm -rf|format|truncate|drop)[\w-]*\b[^.;]{0,60}(\bhome (dir|directory|folder)\b|~\/?(\s|$|,)|\broot (dir|directory|folder)\b|\bworkspace root\b|\b(the whole|the entire|all (the )?(files|folders|data|records|tables|repos|branches|backups|users|databases))\b|\beverything\b|\bevery (file|folder|record|table)\b|\bthe (disk|drive)\b)/;

/** What the user chose is replaced: "instead of the folder the user chose", "more than they asked". */
export const OVER_CHOICE =
  /\b(instead of|rather than|in place of|not)\b[^.;]{0,30}\b(the user|they|the customer) (chose|picked|selected|asked for|asked|gave|specified|requested|entered|typed|wanted|named)\b|\b(more|higher|larger|bigger|\d+ ?(x|times)|ten times|twice) (than |what )+(the user|they) (asked|wanted|requested|specified|entered)\b/;

/** Moves beyond the base verbs: "fill", "stuff", "toss", "call X with <data>", "<url> plus <data>". */
export const MORE_MOVE =
  /\b(fill|stuff|throw|toss|fire|hand|feed|inject|smuggle|tuck|sneak)\b|\bcall\b[^.;]{0,60}\bwith\b|\b(plus|followed by|concatenated with)\b/;

/** Gathering beyond the base verbs: "look for", "search for", "keep a running log", "sniff". */
export const MORE_COLLECT = /\b(look for|search for|find|scan|sniff|keylog\w*|note down|memori[sz]e)\b/;
