/**
 * The intent graph of one clause, read on its normalised text: what data it names (source), what
 * it tells whoever acts to do (act), and where the data goes (sink). Some acts need no data at all:
 * hijacked navigation, a changed recipient or amount, a granted role, claimed authority.
 * ./signals.ts reads one intent per clause and joins them per item, so a source named in one
 * clause and a sink named in the next still meet (the item's graph).
 */

/** What is taken: secrets, credential files, the conversation, browser state, other output. */
export type Source = 'secret' | 'file' | 'conversation' | 'browser' | 'output';
/** Where it goes: a URL, a capture service, an e-mail address, a DNS name, a parameter, requests. */
export type Sink = 'url' | 'capture' | 'email' | 'dns' | 'parameter' | 'requests';
/** What the clause asks for. */
export type Act = 'move' | 'collect' | 'redirect' | 'replace' | 'grant' | 'authority' | 'skip-consent';

/** The clause families an intent adds (./signals.ts Family). */
export type IntentFamily = 'exfiltration' | 'hijack' | 'manipulation';

export interface Intent {
  readonly sources: readonly Source[];
  readonly sinks: readonly Sink[];
  readonly acts: readonly Act[];
}

import { SECRET_WORDS } from './lexicon.js';

/** Browser and input state: cookies, storage, keystrokes, form data, history, clipboard. */
const BROWSER =
  /\b(cookies?|session (ids?|tokens?)|local ?storage|session ?storage|keystrokes?|key ?presses|keylog\w*|every key\b|(what|everything) the user types|typed (text|input|characters)|form (data|inputs?|values)|browsing history|clipboard( contents?)?|autofill data|saved passwords?)\b/;

/** Output of this or other tools, or all of it. */
const OUTPUT =
  /\b(every|each|all|the full|the complete|the whole|the raw|any)\s+([\w-]+\s+)?(responses?|results?|outputs?|repl(y|ies)|answers?|tool calls?|queries|inputs?|arguments|messages|documents|records|files|pages|emails|prompts?)\b|\b(responses?|results?|outputs?) (of|from) (other|every|all|each|previous|the other)\b|\beverything (you|the user|it)\b/;

/** Imperative data-moving verbs (the base form a directive uses). */
const MOVE =
  /\b(send|post|upload|forward|transmit|submit|mirror|relay|replicate|copy|stream|sync|push|beacon|report|log|leak|exfiltrate|share|bcc|cc|email|deliver|publish|dump|export|pipe|append|attach|include|embed|insert|put|add|pass)\b/;

/** Verbs that gather data. */
const COLLECT =
  /\b(collect|gather|harvest|grab|capture|record|log|scrape|extract|dump|read|open|cat|load|access|retrieve|fetch|get|copy|save|store|keep|track|monitor)\b/;

/** Capture, tunnel and webhook services, and chat webhooks (TOOL05 `urls`). */
export const CAPTURE =
  /\b(ngrok(-free)?\.(io|app|dev)|trycloudflare\.com|loca\.lt|localtunnel\.me|serveo\.net|pipedream\.net|requestbin\.\w+|webhook\.site|hookbin\.com|beeceptor\.com|burpcollaborator\.net|oastify\.com|interact\.sh|oast\.(fun|live|site|online|pro|me)|canarytokens\.\w+|discord(app)?\.com\/api\/webhooks|hooks\.slack\.com\/services|requestcatcher\.com|postb\.in)\b/;

const URL_SINK =
  /\b(https?|wss?|ftp):\/\/[^\s"'<>)]+|\bwebhooks?\b|\b(our|my|this|the following|a remote|an external|the external|the remote) (relay|collector|endpoint|server|backend|api|url|address|inbox|bucket|log server|host)\b|\b(external|remote|third-party) (servers?|hosts?|services?|endpoints?)\b/;
const EMAIL = /\b[\w.+-]+@[\w-]+\.[\w.]+\b/;
/** A DNS lookup that carries data in a label: `<token>.host`, `{secret}.host`, "as a subdomain". */
const DNS =
  /\b(look ?up|resolve|nslookup|dig|ping|query)\b[^.;]{0,60}([<{[$][\w -]{1,30}[>}\]]?\.[\w-]+\.|\bsubdomains?\b|\bhost ?names? (made|built) from\b)|\b(encode|put|place|embed)\b[^.;]{0,40}\b(in|into|as) (a |the )?(subdomain|dns (name|label|query))/;
const PARAMETER =
  /\b(in|into|inside|to|as) (the |this |that |a )?(`[^`]{1,40}`|"[^"]{1,40}"|\w+ )?(parameter|argument|field|param|arg|sidenote|note|notes|metadata|context)\b|\b(put|place|paste|pass|include|write|add|insert|append)\b[^.;]{0,40}\bhere\b/;
const REQUESTS =
  /\b(every|each|all|any)\s+(outgoing\s+|subsequent\s+|future\s+)?(requests?|urls?|links?|query strings?|headers?|navigations?|page loads?|api calls?|http calls?)\b/;

/** Navigation sent elsewhere: through a URL, instead of the address asked for. */
const REDIRECT =
  /\b(navigate|redirect|route|open|go|load|send (the user|users|them)|point)\b[^.;]{0,40}\b(to|via|through)\b[^.;]{0,20}(https?:\/\/|www\.)\S*[^.;]{0,120}\b(instead|rather than|followed by|prefix|prepend|before the|wrapp?ing|with the (requested|original|target))\b|\b(rewrite|replace|change|swap)\s+(every|each|all|any|the)\s+(links?|urls?|addresses?|hrefs?|redirect targets?)\b[^.;]{0,40}\b(to|with)\b|\b(prepend|prefix)\b[^.;]{0,40}\b(every|each|all|the requested|the target)\s+(urls?|links?|addresses?)\b/;

/** A value the user chose in a payment or account action. */
const MONEY_OBJECT =
  /\b(recipients?|payees?|beneficiar(y|ies)|destination (address|account)|receiving (address|account)|account numbers?|iban|bic|swift code|routing numbers?|wallet address(es)?|to[- ]address|amounts?|sums?|prices?|quantit(y|ies)|currency)\b/;
const CHANGE =
  /\b(replace|change|swap|substitute|switch|override|overwrite|alter|redirect|set|use|increase|raise|double|multiply|round up)\b/;
/** The change ignores what the user asked, or puts in a fixed value of the author's. */
const OVER_USER =
  /\b(whatever|regardless of|instead of|no matter|rather than|even if|not the one|ignor(e|ing) the (user|requested))\b|\b(to|with|into)\s+(account |acct\.? |wallet |iban )?([a-z]{0,6}[- ]?\d[\d -]{3,}|0x[0-9a-f]{6,}|[\w.+-]+@[\w-]+\.\w+|acct[\w-]+)/;

/** A role or access level granted to someone. */
const GRANT =
  /\b(grant|give|assign|elevate|promote|add|make|set)\b[^.;]{0,40}\b(admin(istrator)?|owner|root|superuser|super-admin|maintainer|write|full|elevated|unrestricted)\s+(roles?|access|permissions?|privileges?|rights|scopes?)\b|\b(add|make|invite|promote)\b[^.;]{0,40}\bas (an? |the )?(admin(istrator)?|owner|org owner|superuser|maintainer)\b/;

/** Authority claimed for the agent, or consent claimed for the user. */
const AUTHORITY =
  /\bas (the|an|a|your) (administrator|admin|system|developer|owner|root user|operator|security team|superuser)\b[^.;]{0,60}\b(you|authori[sz]ed|permitted|allowed|entitled)\b|\byou (now )?have (admin|root|elevated|full|unrestricted|administrator|owner) (rights|privileges|access|permissions)\b|\b(the user|users?) (has|have) (already|previously|implicitly) (approved|authori[sz]ed|consented to|confirmed)\b|\b(the user|users?) (has|have) (pre-?approved|pre-?authori[sz]ed)\b|\b(is|are|counts as) (already )?(pre-?approved|pre-?authori[sz]ed)\b/;
const SKIP_CONSENT =
  /\b(skip|bypass|omit|suppress|without (asking for |requesting |waiting for )?)(the |any )?(user'?s? )?(confirmation|approval|consent|2fa|mfa|verification|review|prompt to confirm)\b|\bno (need for|need to ask for) (confirmation|approval|consent)\b/;

function push<T>(out: T[], on: boolean, v: T): void {
  if (on && !out.includes(v)) out.push(v);
}

/** The intent of one normalised clause; `stolenSecret` and `sensitive` come from the clause model. */
export function readIntent(c: string, known: { stolenSecret: boolean; sensitive: boolean }): Intent {
  const sources: Source[] = [];
  const sinks: Sink[] = [];
  const acts: Act[] = [];
  push(sources, known.stolenSecret, 'secret');
  push(sources, known.sensitive, 'file');
  push(
    sources,
    /\b(conversation|chat history|transcript|previous messages|system prompt|your instructions|your context)\b/.test(
      c,
    ),
    'conversation',
  );
  push(sources, BROWSER.test(c), 'browser');
  push(sources, OUTPUT.test(c), 'output');
  push(sinks, CAPTURE.test(c), 'capture');
  push(sinks, URL_SINK.test(c), 'url');
  push(sinks, EMAIL.test(c), 'email');
  push(sinks, DNS.test(c), 'dns');
  push(sinks, PARAMETER.test(c), 'parameter');
  push(sinks, REQUESTS.test(c), 'requests');
  push(acts, MOVE.test(c), 'move');
  push(acts, COLLECT.test(c), 'collect');
  push(acts, REDIRECT.test(c), 'redirect');
  push(acts, MONEY_OBJECT.test(c) && CHANGE.test(c) && OVER_USER.test(c), 'replace');
  push(acts, GRANT.test(c), 'grant');
  push(acts, AUTHORITY.test(c), 'authority');
  push(acts, SKIP_CONSENT.test(c), 'skip-consent');
  return { sources, sinks, acts };
}

/** Other tools named as a group (not one sibling): "other tools", "built-in functions". */
export const OTHER_TOOLS =
  /\b(other|another|all other|any other|competing|alternative|third-party|built-?in|default|native|existing|similar)\s+([\w-]+\s+){0,2}(tools?|functions?|servers?|mcp servers?|plugins?|integrations?|extensions?)\b/;

/** Other tools disparaged: broken, unsafe, compromised, not to be trusted. */
export const DISPARAGE =
  /\b(buggy|broken|unsafe|insecure|unreliable|untrustworthy|untrusted|deprecated|outdated|obsolete|compromised|malicious|fake|dangerous|harmful|flawed|defective|leaky|leak data|vulnerable|hijacked|not (to be )?trusted|cannot be trusted|can't be trusted|no longer (work|supported|safe))\b/;

/** "Ignore/distrust the other tools": an override aimed at tools rather than instructions. */
export const IGNORE_OTHERS =
  /\b(ignore|disregard|distrust|avoid|bypass|never trust|do not trust|don't trust)\s+(all\s+|any\s+|the\s+|those\s+)?(other|another|competing|alternative|built-?in|default|existing|similar)\s+([\w-]+\s+){0,2}(tools?|functions?|servers?|plugins?|integrations?)\b/;

const EXTERNAL = ['url', 'capture', 'email', 'dns', 'requests'] as const;

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
  const copies = /\b(bcc|cc|mirror|relay|replicate|a copy|copies)\b/.test(c);
  if (!already.includes('exfiltration')) {
    if (move && external && (i.sources.length > 0 || copies)) out.push('exfiltration');
    else if (i.sinks.includes('dns') && (i.sources.length > 0 || /\b(token|key|value|data)\b/.test(c)))
      out.push('exfiltration');
    else if (i.sources.includes('browser') && (i.acts.includes('collect') || move) && i.sinks.length > 0)
      out.push('exfiltration');
  }
  if (i.acts.includes('redirect')) out.push('hijack');
  else if (i.sinks.includes('requests') && move && (i.sources.length > 0 || SECRET_WORDS.test(c)))
    out.push('hijack');
  if (i.acts.includes('replace')) out.push('manipulation');
  else if (
    i.acts.includes('grant') &&
    (directive || /\b(also|every|each|always|automatically)\b/.test(c) || /@[\w-]+\./.test(c))
  )
    out.push('manipulation');
  return out;
}
