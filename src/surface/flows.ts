/**
 * Data flows beyond the core word lists of ./intent.ts: more of what is taken (personal data, the
 * user's own secrets, whatever a tool returned), more of where it goes (a bare host or IP, a public
 * bucket, another tool's call, a sending tool, one of this item's own parameters) and acts that need
 * no data (navigation sent elsewhere, a destructive call on everything, a choice of the user
 * replaced). Each reads one normalised clause; ./intent.ts adds them to the clause's intent.
 */
import { escapeRegExp } from '../escape/regexp.js';
import { prefilter } from './prefilter.js';

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
  /\b(every|each|all|the full|the complete|the whole|the raw|any|the entire)\s+([\w-]+\s+){0,2}(responses?|results?|outputs?|repl(y|ies)|answers?|quer(y|ies)|messages?|documents?|records?|rows?|row sets?|result sets?|files?|pages?|e-?mails?|prompts?|pdfs?|contents?|data ?sets?|tables?|entries|reports?|key input|keystrokes?|inputs?|texts?|bod(y|ies)|payloads?|data|details|transcripts?|histor(y|ies)|notes?|logs?|threads?|chats?|conversations?|contacts?)\b|\bwhatever (comes back|it returns|is returned|the (tool|api|server) returns|you (get|receive|read|fetch|retrieve))\b|\b(extracted|returned|fetched|retrieved|received|scraped|downloaded|parsed|converted) (text|contents?|data|documents?|rows|results?|records|pages?|output)\b|\b(rows|results?|data|records|output|contents?) (you|it) (received|got|returned|fetched|read|retrieved)\b|\b(every|each|all( the)?)\s+[\w-]+(\s+[\w-]+)?\s+(listed|returned|fetched|found|retrieved|read|processed|opened|seen|received|viewed|scanned|loaded|queried|summari[sz]ed|translated)\b/;

/** A host or an IP address without a scheme: `collector.example.net/in`, `203.0.113.7:8080`. */
export const HOST =
  /\b[a-z0-9][a-z0-9-]{0,62}(\.[a-z0-9-]{1,63}){0,4}\.(com|net|org|io|dev|app|co|ai|xyz|site|online|cloud|example|info|biz|me|ru|cn|top|live|link|host|tech|store|pw|cc|tk|ml|ga|gq|cf|ly|gg|eu|uk|de|fr|nl)\b(:\d{2,5})?(\/[\w./?=&%-]*)?|\b\d{1,3}(\.\d{1,3}){3}(:\d{2,5})?\b/;

/** A place anyone can read: a public bucket, mirror, paste or channel. */
export const PUBLIC =
  /\b(public|world-readable|anonymous)[ -](buckets?|mirrors?|folders?|gists?|paste(bin)?s?|repos(itor(y|ies))?|channels?|drives?|shares?|links?|pages?|forums?)\b|\bpastebin\b/;

/** A call of another tool as the place data goes: "to the next browser_click call", "a call of upload_blob". */
const CALL_SINK =
  /\b(to|into|in|with|through|via|on) (the |a |every |each |your |any )?(next |following |subsequent |later )?[\w-]+ (call|invocation)s?\b|\bcalls? (of|to) [a-z][\w-]*\b/;

/** A tool named by an identifier whose words send data elsewhere (`reply_customer`, `upload-blob`). */
const SENDER_PART =
  /^(send|post|upload|email|mail|reply|share|publish|notify|message|tweet|comment|export|sync|push|forward|webhook|slack|sms|submit|transfer)s?$/;
const READER_PART =
  /^(search|list|get|read|find|fetch|lookup|query|count|show|view|check|inspect|describe|browse|scan)$/;
const IDENTIFIER = /\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b/g;

/**
 * Sink of a call: `sender` when it names a sibling tool whose words send elsewhere (any snake_case
 * name when the siblings are unknown), `call` for any other tool call.
 */
export function toolSinks(c: string, siblings?: readonly string[]): { call: boolean; sender: boolean } {
  let sender = false;
  if (c.includes('_') || c.includes('-')) {
    let n = 0;
    for (const m of c.matchAll(IDENTIFIER)) {
      const id = m[0];
      const parts = id.split(/[_-]/);
      // `search_email`, `list_messages`: a tool that reads mail does not send it.
      const sends = parts.some((p) => SENDER_PART.test(p)) && !parts.some((p) => READER_PART.test(p));
      if (sends && (siblings === undefined ? id.includes('_') : siblings.some((s) => s.toLowerCase() === id)))
        sender = true;
      if (sender || ++n > 20) break;
    }
  }
  return { call: CALL_SINK.test(c), sender };
}

/** A parameter name that carries a credential by purpose (an API key field). */
const CREDENTIAL_PARAM = /key|token|auth|secret|pass(word|wd)?|cred|dsn|conn|bearer|cookie|session/;
const HERE =
  /\b(here|this (field|value|parameter|argument|param|box|slot|property)|(fill|populate|set) (this|it)( in)?|in it)\b/;

/** A parameter's description that opens with the user's own thing as the value: "the user's login password". */
const DEFINES =
  /^((required|optional|mandatory)\s*[:,.-]\s*)?(the )?(user'?s|users'|customer'?s|account holder'?s|their) /;
/**
 * One of the item's own parameters as the place data goes: named ("into api_key", "fill the trace
 * field") or, inside a parameter's description, "here" / "this field". `credential` when that
 * parameter's purpose is a credential.
 */
export function parameterSink(
  c: string,
  params: readonly string[],
  field: string,
): { named: boolean; credential: boolean; defines?: boolean } {
  const own = /(?:^|\.)properties\.([^.]+)\./.exec(field)?.[1];
  if (own !== undefined && HERE.test(c)) return { named: true, credential: CREDENTIAL_PARAM.test(own) };
  if (own !== undefined && DEFINES.test(c))
    return { named: true, credential: CREDENTIAL_PARAM.test(own), defines: true };
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
  /\b(redirect|reroute|divert)(s|ed|ing)?\b[^.;]{0,80}\bto\b[^.;]{0,40}(https?:\/\/|www\.|\b[a-z0-9-]+\.[a-z0-9-]+\.[a-z]{2,})|\b(replace|swap|change|rewrite|switch)\s+(the |every |each |all |any )?(host ?names?|hosts?|domains?|origins?|base urls?|urls?|links?|addresses)\b[^.;]{0,30}\b(with|to|for)\b/;

/** A destructive act aimed at everything rather than the item the user chose. */
export const DESTROY =
  /\b(delete|remove|wipe|erase|purge|destroy|rm -rf|format|truncate|drop)[\w-]*\b[^.;]{0,60}(\bhome (dir|directory|folder)\b|~\/?(\s|$|,)|\broot (dir|directory|folder)\b|\bworkspace root\b|\b(the whole|the entire|every) (home|disk|drive|workspace|project|repo|repository|database|bucket|account|machine|system)\b|\b(everything|every file|all files) (on|in) (the |this |your )?(machine|disk|drive|system|account|workspace|computer)\b)/;

/** What the user chose is replaced: "instead of the folder the user chose", "more than they asked". */
export const OVER_CHOICE =
  /\b(instead of|rather than|in place of|not)\b[^.;]{0,30}\b(the user|they|the customer) (chose|picked|selected|asked for|asked|gave|specified|requested|entered|typed|wanted|named)\b|\b(more|higher|larger|bigger|\d+ ?(x|times)|ten times|twice) (than |what )+(the user|they) (asked|wanted|requested|specified|entered)\b/;

/** A verb list matched with its inflections: "upload", "uploads", "uploaded", "uploading", "submitted". */
const inflected = (verbs: string) => String.raw`\b(?:${verbs})(?:s|es|ed|d|ing|ted|ting|ped|ping)?\b`;

/** Data-moving verbs in every inflection ("is uploaded to", "gets forwarded"), and "call X with <data>". */
export const MORE_MOVE = new RegExp(
  [
    inflected(
      'send|post|upload|forward|transmit|submit|mirror|relay|replicate|copy|copie|stream|sync|push|beacon|leak|exfiltrate|share|email|e-mail|deliver|publish|dump|export|pipe|append|attach|embed|insert|paste|ship|beam|fill|stuff|throw|toss|fire|hand|feed|inject|smuggle|tuck|sneak|disclose|pass',
    ),
    String.raw`\bcall\b[^.;]{0,60}\bwith\b|\b(plus|followed by|concatenated with)\b|\b(goes|go|belongs) (in|into)\b|\b(written|wrote|persist(s|ed|ing)?)\b[^.;]{0,60}\b(to|into|onto)\b`,
    // Backed up, archived, recorded, stored or kept somewhere: a move when the place is named.
    String.raw`\b(back(s|ed|ing)? ?up|archiv(e|es|ed|ing)|record(s|ed|ing)?|stor(e|es|ed|ing)|sav(e|es|ed|ing)|keep(s|ing)?|kept|jot|stash|note)\b[^.;]{0,60}\b(in|into|onto|to)\b (the |a |an |our |their |your |its )?([\w-]+ ){0,2}(fields?|param(eter)?s?|arguments?|args?|calls?|servers?|endpoints?|urls?|hosts?|buckets?|webhooks?|inbox|address|mirror|channel|gist|https?:)`,
  ].join('|'),
);

/** Gathering verbs in every inflection, and "look for", "keep a running log", "sniff". */
export const MORE_COLLECT = new RegExp(
  [
    inflected(
      'collect|gather|harvest|grab|capture|record|scrape|extract|store|save|log|track|monitor|sniff|scan|retain|archive',
    ),
    String.raw`\b(look for|search for|find|keylog\w*|note down|memori[sz]e)\b`,
  ].join('|'),
);

/** A pretext for sending data out that needs no object named: diagnostics, telemetry, backups. */
export const PRETEXT =
  /\b(for|to (help|support|enable|allow|aid|improve)|as (a|an|part of))\b[^.;]{0,20}\b((remote )?debugging|diagnos(tics|is)|telemetry|analytics|monitoring|observability|backups?|archiv(ing|al)|retention|auditing|audit trails?|quality (assurance|monitoring|control)|training|research|usage (tracking|accounting|statistics|stats)|troubleshooting|safe ?keeping|sync(ing|hroni[sz]ation)?|mirroring|record[- ]keeping)\b/;

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  PERSONAL,
  STOLEN_SECRET,
  OWNED_SECRET,
  RETURNED,
  HOST,
  PUBLIC,
  CALL_SINK,
  SENDER_PART,
  READER_PART,
  CREDENTIAL_PARAM,
  HERE,
  ELSEWHERE,
  DESTROY,
  OVER_CHOICE,
  MORE_MOVE,
  MORE_COLLECT,
  PRETEXT,
);
