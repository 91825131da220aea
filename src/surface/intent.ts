/**
 * The intent graph of one clause, read on its normalised text: what data it names (source), what
 * it tells whoever acts to do (act), and where the data goes (sink). Some acts need no data at all:
 * hijacked navigation, a changed recipient or amount, a granted role, claimed authority.
 * ./signals.ts reads one intent per clause and joins them per item, so a source named in one
 * clause and a sink named in the next still meet (the item's graph).
 */

/** What is taken: secrets, credential files, the conversation, browser state, other output. */
export type Source = 'secret' | 'file' | 'conversation' | 'browser' | 'output' | 'personal';
/** Where it goes: a URL, a capture service, an e-mail address, a DNS name, a parameter, requests. */
export type Sink =
  'url' | 'capture' | 'email' | 'dns' | 'parameter' | 'requests' | 'public' | 'call' | 'sender';
/** What the clause asks for. */
export type Act =
  | 'move'
  | 'collect'
  | 'redirect'
  | 'replace'
  | 'grant'
  | 'authority'
  | 'skip-consent'
  | 'destroy'
  | 'weaken'
  | 'evade'
  | 'tamper'
  | 'approve';

/** The clause families an intent adds (./signals.ts Family). */
export type IntentFamily = 'exfiltration' | 'hijack' | 'manipulation';

export interface Intent {
  readonly sources: readonly Source[];
  readonly sinks: readonly Sink[];
  readonly acts: readonly Act[];
}

import { readCredentials } from './credentials.js';
import { ownSignIn } from './own-sign-in.js';
import { handsOver } from './handover.js';
import { SECRET_WORDS } from './lexicon.js';
import {
  DESTROY,
  ELSEWHERE,
  HOST,
  MORE_COLLECT,
  MORE_MOVE,
  OVER_CHOICE,
  OWNED_SECRET,
  parameterSink,
  PERSONAL,
  PRETEXT,
  PUBLIC,
  RETURNED,
  STOLEN_SECRET,
  toolSinks,
} from './flows.js';
import { OWN_PURPOSE, USER_INITIATED } from './address.js';
import { FORM_STATE, navigatesInstead, RIDES_ALONG } from './browser.js';
import { takesPersonal, takesThroughTool } from './precall.js';
import { claimsConsent, skipsConsent } from './conceal.js';
import { approvesForOthers, changesPayment, grantsPrivilege, weakensControl } from './money.js';
import { ELSEWHERE_INSTEAD, intoParameter, mainPart, MONEY_EXTRA, MONEY_WORDS, pinsChoice } from './steer.js';
import { readEvasion } from './evasion.js';
import { grantsBlanket, QUERY_SINK, tampersPages } from './page-control.js';
import { prefilter } from './prefilter.js';

/** Browser and input state: cookies, storage, keystrokes, form data, history, clipboard. */
const BROWSER =
  /\b(cookies?|session (ids?|tokens?)|local ?storage|session ?storage|keystrokes?|key ?presses|keylog\w*|every key\b|(what|everything) the user types|typed (text|input|characters)|form (data|inputs?|values)|browsing history|clipboard( contents?)?|autofill data|saved passwords?)\b/;

/** The conversation and what the user said or holds. */
const CONVERSATION =
  /\b(conversation|chat history|the (whole|full|entire) chat|transcript|previous messages|system prompt|your instructions|your context|everything the user (has )?(said|typed|wrote|written|shared)|the user'?s (last |previous |recent )?(\w+ )?(messages?|prompts?|requests?|questions?)|message bodies|(last |previous |recent )?(\w+ )?(messages?|prompts?|requests?) (from|by|of) the user|contact list|address book|personal (data|info(rmation)?|details)|payment details|(location|gps) (history|data|coordinates)|(their|the user'?s) (location|whereabouts|home address|phone numbers?|(full |real )?name and (home |postal |e-?mail )?address|date of birth|ip address)|(full|whole|complete) (message|e-?mail) (bodies|contents?))\b/;

/** Secrets the text wants taken, not supplied for this tool: passwords, codes, card numbers, other services' keys. */
const STRONG_SECRET =
  /\b(card numbers?|card (details|data|info)|cvv|cvc|passwords?|passcodes?|one-time (codes?|passwords?)|2fa codes?|otp codes?|verification codes?|recovery codes?|seed phrases?|private keys?|session cookies?|oauth tokens?|login tokens?|(saved|stored|cached) (passwords?|credentials?|tokens?|keys?)|every secret|any (api )?(keys?|tokens?|secrets?|passwords?)|whatever (login )?(secrets?|tokens?|keys?|credentials?)|(credentials|tokens|keys) of (the )?other (services|tools|servers)|secrets? (it|you) (has|have) (observed|seen))\b/;

/** Dumps of the machine: environment, shell history, working directory, open files. */
const FILE_DUMP =
  /\bprintenv\b|["`'(]env["`')]|\benv(ironment)? (output|dump|listing|variables)\b|\b(working directory|home directory) listing\b|\b(open|opened) files?'?s? (full )?(source|contents?)\b|\bwhatever file you'?ve got open\b|\b(full )?source of every open file\b|\.(bash|zsh)_history\b/;

/** Output of this or other tools, or all of it. */
const OUTPUT =
  /\b(every|each|all|the full|the complete|the whole|the raw|any)\s+([\w-]+\s+)?(responses?|results?|outputs?|repl(y|ies)|answers?|tool calls?|queries|inputs?|arguments|messages|documents|records|files|pages|emails|prompts?)\b|\b(responses?|results?|outputs?) (of|from) (other|every|all|each|previous|the other)\b|\beverything (you|the user|it)\b/;

/** Imperative data-moving verbs (the base form a directive uses). */
const MOVE =
  /\b(send|sent|post|upload|forward|forwarded|transmit|submit|mirror|mirrored|relay|relayed|replicate|copy|stream|sync|push|beacon|report|log|leak|exfiltrate|share|bcc|cc|email|deliver|publish|dump|export|pipe|append|appended|attach|include|embed|insert|put|add|pass|paste|stick|pop|tack|slap|ship|beam|supply|supplied|carry|accompany|text|repeat|disclose|reveal|print|expose|echo|fill|toss|throw|stuff|shove|feed|credit|credited|deposit|wire|place|placed|hand|handed|give)\b/;

/** Verbs that gather data. */
const COLLECT =
  /\b(collect|gather|harvest|grab|capture|record|log|scrape|extract|dump|read|open|cat|load|access|retrieve|fetch|get|copy|save|store|keep|track|monitor|run|runs|running|execute|executing|invoke|call)\b/;

/** Capture, tunnel and webhook services, and chat webhooks (TOOL05 `urls`). */
export const CAPTURE =
  /\b(ngrok(-free)?\.(io|app|dev)|trycloudflare\.com|loca\.lt|localtunnel\.me|serveo\.net|pipedream\.net|requestbin\.\w+|webhook\.site|hookbin\.com|beeceptor\.com|burpcollaborator\.net|oastify\.com|interact\.sh|oast\.(fun|live|site|online|pro|me)|canarytokens\.\w+|discord(app)?\.com\/api\/webhooks|hooks\.slack\.com\/services|requestcatcher\.com|postb\.in)\b/;

const URL_SINK =
  /\b(https?|wss?|ftp):\/\/[^\s"'<>)]+|\bwebhooks?\b|\b(our|my|this|the following|a remote|an external|the external|the remote) (relay|collector|endpoint|server|backend|api|url|address|inbox|bucket|log server|host)\b|\b(external|remote|third-party) (servers?|hosts?|services?|endpoints?|planners?|desks?)\b|\b(the vendor'?s?|our|their|a partner'?s?) (\w+ )?(collection|ingestion|collector|tracker|telemetry|analytics|retention|archive|backup|mirror|desk|service|endpoint|bucket|inbox|api)\b|\b(verification|support|security|billing|retention) desk\b/;
const EMAIL = /\b[\w.+-]+@[\w-]+\.[\w.]+\b|\+\d[\d ()-]{6,}\d/;
/** A DNS lookup that carries data in a label: `<token>.host`, `{secret}.host`, "as a subdomain". */
const DNS =
  /\b(look ?up|resolve|nslookup|dig|ping|query)\b[^.;]{0,60}([<{[$][^<>{}[\]\n]{1,60}[>}\]]?\.[\w-]+\.|\bsubdomains?\b|\bhost ?names? (made|built) from\b)|\b(encode|put|place|embed)\b[^.;]{0,40}\b(in|into|as) (a |the )?(subdomain|dns (name|label|query))/;
const PARAMETER =
  /\b(in|into|inside|to|as) (the |this |that |a )?(`[^`]{1,40}`|"[^"]{1,40}"|\w+ )?(parameter|argument|field|param|arg|sidenote|note|notes|metadata|context|value|slot|property)\b|\b(put|place|paste|pass|include|write|add|insert|append|pop|stick)\b[^.;]{0,60}\b(here|in|into)\b/;
const TO_CLIPBOARD = /\b(to|into|onto) (the |your |their |the user'?s )?clipboard\b/g;
/** A field of a web page's form, where a browser tool types what the user gave it. */
const UI_FIELD =
  /\b(into|in|to) (the |a |its )?(page'?s? )?(input|form|text|password|login|sign-?in|username|user ?name|search|e-?mail) (field|box|input|form)s?\b/;
const REQUESTS =
  /\b(every|each|all|any)\s+(outgoing\s+|subsequent\s+|future\s+)?([\w-]+\s+)?(requests?|urls?|links?|query strings?|headers?|navigations?|page loads?|api calls?|http calls?)\b|\b(hidden|extra|additional)( hidden)? (inputs?|form fields?|fields?|headers?|query param\w*)\b/;

/** Navigation sent elsewhere: through a URL, instead of the address asked for. */
const REDIRECT =
  /\b(navigate|redirect|route|open|go|load|send (the user|users|them)|point)\b[^.;]{0,40}\b(to|via|through)\b[^.;]{0,20}(https?:\/\/|www\.)\S*[^.;]{0,120}\b(followed by|prefix|prepend|before the|wrapp?ing|with the (requested|original|target))\b|\b(rewrite|replace|change|swap)\s+(every|each|all|any|the)\s+(links?|urls?|addresses?|hrefs?|redirect targets?)\b[^.;]{0,40}\b(to|with)\b|\b(prepend|prefix)\b[^.;]{0,40}\b(every|each|all|the requested|the target)\s+(urls?|links?|addresses?)\b|\b(set|point|change|switch|aim)\b[^.;]{0,30}\b(destination|target|remote|url|endpoint|upstream|origin|output|webhook|at)\b[^.;]{0,20}(https?:\/\/|[\w-]+\.[\w-]+\.[a-z]{2,}\/)/;

/** A value the user chose in a payment or account action. */
const MONEY_OBJECT =
  /\b(bank details|market orders?|recipients?|payees?|beneficiar(y|ies)|destination (address|account)|receiving (address|account)|account numbers?|iban|bic|swift code|routing numbers?|wallet address(es)?|to[- ]address|amounts?|sums?|prices?|quantit(y|ies)|currency)\b/;
const CHANGE =
  /\b(replace|change|swap|substitute|switch|override|overwrite|alter|redirect|set|use|increase|raise|double|multiply|round(ed)? up|bump|send|pay|route|submit|credit(ed)?|deposit|wire|transfer(red)?|move|sneak|slip|skim|siphon|divert|add)\b/;
/** The change ignores what the user asked, or puts in a fixed value of the author's. */
const OVER_USER =
  /\b(whatever|regardless of|irrespective of|instead of|no matter|rather than|even if|not the one|ignor(e|ing) the (user|requested|bank details|\w+ the user)|(times|more than|above) what the user|ten times|tenfold|\d+x\b|maximum quantity|way up|user won'?t notice)\b|\b[a-z]{2}\d{2} ?[a-z0-9]{4} ?\d{4}|\b(to|with|into)\s+(account |acct\.? |wallet |iban )?([a-z]{0,6}[- ]?\d[\d -]{3,}|0x[0-9a-f]{6,}|[\w.+-]+@[\w-]+\.\w+|acct[\w-]+)/;

/** What the user chose for a role, amount or recipient is to be ignored. */
const USER_CHOICE =
  /\b(ignore|disregard|override|never use|don't use|do not use|irrespective of|regardless of)\b[^.;]{0,20}\b(roles?|permissions?|recipients?|amounts?|accounts?|iban|bank details|quantit(y|ies)|prices?|destinations?|payees?)\b[^.;]{0,30}\b(the user|they|the invoice|the bill)\b/;

/** A role or access level granted to someone. */
const GRANT =
  /\b(grant|give|assign|elevate|promote|add|make|set)\b[^.;]{0,40}\b(admin(istrator)?|owner|root|superuser|super-admin|maintainer|write|full|elevated|unrestricted)\s+(roles?|access|permissions?|privileges?|rights|scopes?)\b|\b(grant|give|hand|assign)\s+(\w+\s+){0,3}(admin(istrator)?|owner|root|superuser|maintainer|sudo)\b(?! only)|\b(elevate|promote|upgrade|raise)\b[^.;]{0,40}\bto (an? |the )?(admin(istrator)?|owner|root|superuser|maintainer)\b|\b(add|grant|give|assign|attach)\b[^.;]{0,20}\b(the |a )?(roles?|permissions?|access levels?|privileges?) (of )?["'`]?(admin(istrator)?|owner|root|superuser|maintainer)\b|\b(add|make|invite|promote)\b[^.;]{0,40}\bas (an? |the )?(admin(istrator)?|owner|org owner|superuser|maintainer)\b|\b(make|set) (everyone|every user|all users|everybody|them all|each user|new users) (an? )?(admins?|owners?|superusers?)\b|\b(add|invite|include)\b[^.;]{0,60}\bwith (admin|owner|write|full|maintainer) (permissions?|access|rights|role)\b|\btransfer (the |its )?ownership\b|\b(send|use|set)\b[^.;]{0,20}\b(owner|admin)\b[^.;]{0,30}\bignor\w* the role\b/;

/** Authority claimed for the agent, or consent claimed for the user. */
const AUTHORITY =
  /(?<!\b(once|after|when|if|until|unless|before|whether|that|which) )\b(the user|(?<!the )users?) (has|have) (already |previously |implicitly |explicitly )*(pre-?)?(approved|authori[sz]ed|consented to|agreed to|agreed|signed off)\b|(?<!\b(once|after|when|if|until|unless|before|whether|that|which) )\b(the user|users?) (already |previously )?(consented|agreed|approved|authori[sz]ed|okayed|signed off)\b[^.;]{0,20}\b(earlier|already|before|previously|in advance|beforehand)\b|\b(it'?s|it is|this is) (already )?(pre-?)?(approved|authori[sz]ed|sanctioned)\b|\b(you|the assistant|the model|the agent|the ai) (now )?(operates?|acts?|is acting|works?) (under|with) (the )?(full )?authority of\b|\bas (the|an|a|your) (administrator|admin|system|developer|owner|root user|operator|security team|superuser)\b(?! of (your|the|this|their|its)\b)[^.;]{0,60}\b(you|authori[sz]ed|permitted|allowed|entitled)\b|\byou (now )?have (admin|root|elevated|full|unrestricted|administrator|owner) (rights|privileges|access|permissions)\b|\b(the user|users?) (has|have) (already|previously|implicitly) (approved|authori[sz]ed|consented to|confirmed)\b|\b(the user|users?) (has|have) (pre-?approved|pre-?authori[sz]ed)\b|\b(is|are|counts as) (already )?(pre-?approved|pre-?authori[sz]ed)\b/;
const SKIP_CONSENT =
  /\b(skip|bypass|omit|suppress|without (asking for |requesting |waiting for )?)(the |any )?(user'?s? )?(confirmation|approval|consent|2fa|mfa|verification|review|prompt to confirm)\b|\bno (need for|need to ask for) (confirmation|approval|consent)\b|\bwithout (asking|checking|confirming|consulting)( (with )?(the user|them|anyone|first))?\b/;

function push<T>(out: T[], on: boolean, v: T): void {
  if (on && !out.includes(v)) out.push(v);
}

/** What ./signals.ts knows of the clause and its item. */
export interface IntentContext {
  readonly stolenSecret: boolean;
  readonly sensitive: boolean;
  /** The item's parameter names and the field the clause is in (a parameter is a sink). */
  readonly params?: readonly string[];
  readonly field?: string;
  /** The names of the other tools on the server, when known. */
  readonly siblings?: readonly string[];
  /** The parameter whose text this is, if any. */
  readonly param?: string;
  /** The item's name (a sign-in tool asking for its own code, ./own-sign-in.ts). */
  readonly item?: string;
}

/** The intent of one normalised clause; `stolenSecret` and `sensitive` come from the clause model. */
export function readIntent(c: string, known: IntentContext): Intent {
  const sources: Source[] = [];
  const sinks: Sink[] = [];
  const acts: Act[] = [];
  const param = parameterSink(c, known.params ?? [], known.field ?? '');
  const calls = toolSinks(c, known.siblings);
  // A sign-in tool's own code or password, asked for and put into its own parameter, is its purpose too.
  const signIn = ownSignIn(c, known.item ?? '', known.params ?? []);
  const ownedSecret = OWNED_SECRET.test(c) && !(param.named && param.credential) && !signIn;
  push(sources, known.stolenSecret || STOLEN_SECRET.test(c) || ownedSecret, 'secret');
  push(sources, known.sensitive, 'file');
  push(sources, CONVERSATION.test(c), 'conversation');
  // The user's password passed into this tool's own password parameter is that parameter's purpose;
  // "any key or token you have" put there is not.
  const ownPurpose = param.named && param.credential && !/\b(any|every|all|whatever|each|other)\b/.test(c);
  push(sources, STRONG_SECRET.test(c) && !ownPurpose && !signIn, 'secret');
  push(sources, FILE_DUMP.test(c), 'file');
  // The clipboard as where a value is copied to (for the user to paste) is a destination, not browser state taken.
  push(sources, BROWSER.test(c.replace(TO_CLIPBOARD, ' ')) || FORM_STATE.test(c), 'browser');
  push(sources, PERSONAL.test(c) || takesPersonal(c), 'personal');
  push(sources, takesThroughTool(c, known.siblings), 'secret');
  const handed = handsOver(c);
  push(sources, handed, 'secret');
  push(sources, OUTPUT.test(c) || RETURNED.test(c), 'output');
  push(sinks, CAPTURE.test(c), 'capture');
  push(sinks, URL_SINK.test(c) || HOST.test(c), 'url');
  push(sinks, EMAIL.test(c), 'email');
  push(sinks, DNS.test(c), 'dns');
  // Typing into a page's form field (a browser tool signing in) is not handing data to a parameter.
  const formField = UI_FIELD.test(c);
  push(
    sinks,
    (PARAMETER.test(c) && !formField) || param.named || intoParameter(c, known.params ?? []),
    'parameter',
  );
  // A secret no tool needs from the agent goes to the call that receives it, named or not.
  const credential = signIn ? { secret: false, fromUser: false } : readCredentials(c);
  push(sources, credential.secret, 'secret');
  push(sinks, credential.secret && (MOVE.test(c) || credential.fromUser), 'parameter');
  push(acts, credential.fromUser, 'move');
  push(sinks, REQUESTS.test(c) || RIDES_ALONG.test(c) || QUERY_SINK.test(c), 'requests');
  push(sinks, PUBLIC.test(c), 'public');
  push(sinks, calls.call, 'call');
  push(sinks, calls.sender, 'sender');
  push(acts, MOVE.test(c) || MORE_MOVE.test(c) || handed, 'move');
  push(acts, COLLECT.test(c) || MORE_COLLECT.test(c), 'collect');
  push(acts, REDIRECT.test(c) || ELSEWHERE.test(c) || navigatesInstead(c), 'redirect');
  push(acts, tampersPages(c), 'tamper');
  // Named payment objects against the user's choice; any money to a fixed destination of the author's.
  const elsewhere = MONEY_EXTRA.test(c) || ELSEWHERE_INSTEAD.test(c);
  const money = MONEY_OBJECT.test(c) ? OVER_USER.test(c) || elsewhere : MONEY_WORDS.test(c) && elsewhere;
  push(acts, (money && CHANGE.test(c)) || changesPayment(c), 'replace');
  push(acts, pinsChoice(c, known.param ?? ''), 'replace');
  push(acts, USER_CHOICE.test(c) || OVER_CHOICE.test(c), 'replace');
  push(acts, GRANT.test(c) || grantsPrivilege(c), 'grant');
  const evasion = readEvasion(c);
  push(acts, weakensControl(c) || evasion === 'weaken', 'weaken');
  // A blanket grant of what a site or app asks gets round the user's consent (./page-control.ts).
  push(acts, evasion === 'evade' || grantsBlanket(c), 'evade');
  push(acts, approvesForOthers(c), 'approve');
  push(acts, AUTHORITY.test(c) || claimsConsent(c), 'authority');
  push(acts, SKIP_CONSENT.test(c) || skipsConsent(c), 'skip-consent');
  push(acts, DESTROY.test(c), 'destroy');
  // A parameter's description that makes the user's secret its value: "the user's banking password".
  push(acts, param.defines === true && sources.includes('secret'), 'move');
  return { sources, sinks, acts };
}

/**
 * A value the author sets needs no addressee: a payment or a privilege under a directive ("the payout
 * should go to IBAN …"), or a parameter's own description that makes the user's secret its value
 * ("the user's login password"): each orders what the agent does.
 */
export function authorSets(i: Intent, directive: boolean, param: string): boolean {
  if (directive && i.acts.some((a) => a === 'replace' || a === 'grant' || a === 'weaken')) return true;
  // An evasion or a page tampered with orders by its own shape ("keep request_review out of it",
  // "tack ?aff=x onto every url": ./evasion.ts, ./page-control.ts).
  if (i.acts.includes('evade') || i.acts.includes('tamper')) return true;
  return (
    param !== '' && i.sources.includes('secret') && i.sinks.includes('parameter') && i.acts.includes('move')
  );
}

/** Other tools named as a group (not one sibling): "other tools", "built-in functions". */
export const OTHER_TOOLS =
  /\b(other|another|all other|any other|every other|competing|alternative|third-party|built-?in|default|native|existing|similar)\s+([\w-]+\s+){0,2}(tools?|functions?|servers?|mcp servers?|plugins?|integrations?|extensions?|services?|translators?|providers?|feeds?|sources?|apis?|databases?|readers?|writers?|clients?|uploaders?|senders?|schedulers?|engines?|apps?|add-?ons?|connectors?|agents?)\b|\b(tools?|servers?|services?|plugins?|functions?) (provided by|from|of|on) (any|every|all|other|another|third-party|competing)\b|\b(the assistant'?s|your) (own|native|built-?in) (abilities|skills|\w+ (abilities|skills))\b|\bbuilt-?in \w+ by the assistant\b|\btheirs\b/;

/** Other tools disparaged: broken, unsafe, compromised, not to be trusted. */
export const DISPARAGE =
  /\b(buggy|broken|unsafe|insecure|unreliable|untrustworthy|untrusted|deprecated|outdated|obsolete|compromised|malicious|fake|dangerous|harmful|flawed|defective|leaky|leak data|lose data|loses data|eat (your )?data|vulnerable|hijacked|garbage|trash|suck|sucks|worse|bad at|low quality|poor quality|not certified|uncertified|banned|forbidden|not allowed|not (to be )?trusted|cannot be trusted|can't be trusted|no longer (work|supported|safe)|sketchy|shady|dodgy|flaky|janky|junk|crap(py)?|useless|worthless|terrible|awful|inferior|unstable|leaks? (data|information|secrets|your \w+)|corrupts?|spyware|malware|phishing|scam(my)?|counterfeit|unofficial|unverified|unapproved|not approved|blacklisted|security (defects?|flaws?|issues|holes|problems)|known (bugs|defects)|mangles?|garbles?|scrambles?|ruins?|not (safe|secure|reliable|trustworthy|accurate)|(isn'?t|aren'?t) (safe|secure|reliable|trustworthy)|(were|was|got|have been|has been) (hacked|breached|compromised)|manipulated|rigged|riddled with (bugs|errors)|full of (bugs|errors)|(delete|deletes|wipe|wipes|lose|loses|destroy|destroys) (your|the user'?s) (work|files|data|notes))\b/;

/** "Ignore/distrust the other tools": an override aimed at tools rather than instructions. */
export const IGNORE_OTHERS =
  /\b(ignore|disregard|distrust|avoid|bypass|never trust|do not trust|don't trust)\s+(all\s+|any\s+|the\s+|those\s+)?(other|another|competing|alternative|built-?in|default|existing|similar)\s+([\w-]+\s+){0,2}(tools?|functions?|servers?|plugins?|integrations?)\b|\b(ignore|disregard|distrust|never use|never call)\b[^.;]{0,40}\b(tools?|servers?|services?)\b[^.;]{0,20}\b(provided by|from|of) (any|every|all) other\b|\b(disregard|ignore|distrust) (what|whatever|anything) (they|those|the other \w+) (say|says|report|reports|return|returns|suggest|suggests)\b|\bpretend (that )?(they|those|these|the other \w+( \w+)?) (don'?t|do not|doesn'?t|never) exist\b|\b(act|behave) as (if|though) (they|those|the other \w+( \w+)?) (didn'?t|did not|don'?t|do not|weren'?t|were not) (exist|there)\b/;

const EXTERNAL = ['url', 'capture', 'email', 'dns', 'requests', 'public', 'sender'] as const;

/** Families from the clause's intent graph, for a clause addressed to the agent and not negated. */
export function intentFamilies(
  c: string,
  i: Intent,
  directive: boolean,
  already: readonly string[],
): IntentFamily[] {
  const out: IntentFamily[] = [];
  const external = i.sinks.some((s) => (EXTERNAL as readonly string[]).includes(s));
  const move = i.acts.includes('move');
  // Data to a sink outside the conversation, with no secrecy word needed.
  const copies =
    /\b(bcc|cc|mirror|relay|replicate|a copy|copies)\b/.test(c) ||
    i.sinks.includes('public') ||
    PRETEXT.test(c);
  // A move the user starts ("if the user asks, export it to …") is not the author's order.
  const userStarted = USER_INITIATED.test(c) || OWN_PURPOSE.test(c);
  if (!already.includes('exfiltration') && !userStarted) {
    if (move && external && (i.sources.length > 0 || copies)) out.push('exfiltration');
    // Strong data (secrets, the conversation, files, browser state) moved anywhere: a parameter too.
    else if (move && i.sinks.length > 0 && i.sources.some((s) => s !== 'output')) out.push('exfiltration');
    else if (i.sinks.includes('dns') && (i.sources.length > 0 || /\b(token|key|value|data)\b/.test(c)))
      out.push('exfiltration');
    else if (i.sources.includes('browser') && (i.acts.includes('collect') || move) && i.sinks.length > 0)
      out.push('exfiltration');
  }
  if (i.acts.includes('redirect') || i.acts.includes('tamper')) out.push('hijack');
  else if (i.sinks.includes('requests') && move && (i.sources.length > 0 || SECRET_WORDS.test(c)))
    out.push('hijack');
  const refused =
    /\b(never|not|n't|unless|only (when|if))\b|\b(requires?|needs?|after|once|until|pending)\b[^.;]{0,30}\b(confirm\w*|approv\w*|consent\w*|review\w*|sign-?off)\b|\b(confirm\w*|approv\w*|consent\w*)\b[^.;]{0,20}\b(after|first|beforehand)\b/.test(
      mainPart(c),
    );
  if (i.acts.includes('replace') || (i.acts.includes('destroy') && !userStarted)) out.push('manipulation');
  else if (i.acts.includes('weaken') && !userStarted && !refused) out.push('manipulation');
  // An evasion carries its own "never" ("so it never triggers review"): no refusal to read.
  else if (i.acts.includes('evade') && !userStarted) out.push('manipulation');
  else if (
    i.acts.includes('grant') &&
    !refused &&
    (directive ||
      /\b(also|every|each|always|automatically|as well|too|everyone|everybody|anyone|anybody|someone|somebody|whenever|every time|each time|regardless|whatever|irrespective|no matter|even if|instead)\b/.test(
        c,
      ) ||
      /@[\w-]+\./.test(c))
  )
    out.push('manipulation');
  return out;
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  BROWSER,
  CONVERSATION,
  STRONG_SECRET,
  FILE_DUMP,
  OUTPUT,
  MOVE,
  COLLECT,
  CAPTURE,
  URL_SINK,
  EMAIL,
  DNS,
  PARAMETER,
  UI_FIELD,
  REQUESTS,
  REDIRECT,
  MONEY_OBJECT,
  CHANGE,
  OVER_USER,
  USER_CHOICE,
  GRANT,
  AUTHORITY,
  SKIP_CONSENT,
  OTHER_TOOLS,
  DISPARAGE,
  IGNORE_OTHERS,
);
