/**
 * Who an instruction is for when it names no addressee. A clause that opens with a bare verb (after
 * fillers, a greeting or a condition) is an imperative: it orders whoever acts. So does a passive
 * directive ("is to be sent", "should be forwarded") and a clause that follows a vocative ("note
 * for the agent:", "hey model,"). A move the user starts ("if the user asks, export …") is not the
 * author's order. Read on normalised text by ./signals.ts.
 */
import { prefilter } from './prefilter.js';

/** Verbs an instruction to take, move, send elsewhere, change or destroy data opens with. */
const VERBS = [
  'send|post|upload|forward|transmit|submit|mirror|relay|replicate|copy|stream|sync|push|beacon|report|log|leak',
  'exfiltrate|share|bcc|cc|e-?mail|deliver|publish|dump|export|pipe|append|attach|include|embed|insert|put|add',
  // "text the number to …" orders; "text like '…'", "text that says …" names text.
  'pass|paste|stick|pop|tack|slap|ship|beam|supply|carry|text(?! (?:like|such|that|which|of|in|from|is|are)\\b)',
  'repeat|disclose|echo|fill|stuff|throw|toss|fire',
  'hand|feed|inject|smuggle|encode|collect|gather|harvest|grab|capture|record|scrape|extract|read|open|load',
  'access|retrieve|fetch|get|save|store|keep|track|monitor|look for|search for|find|scan|sniff|navigate',
  'redirect|route|reroute|divert|point|rewrite|replace|change|swap|substitute|raise|bump|increase|double|set',
  'delete|remove|wipe|erase|purge|resolve|ping|look ?up|call|invoke|run|use|go to|visit|back ?up|hit|drop|chuck',
  'snag|nab|round|mark|issue|settle|deposit|refund|credit|wire|pay|transfer|move|disable|turn off|switch off',
  'grant|give|assign|attach|invite|approve|skim|siphon|divert|funnel|multiply|ask|request|prompt|sneak|slip|tuck',
].join('|');

/** Fillers, greetings and conditions that may precede the verb of an imperative. */
const OPENERS = [
  String.raw`please|pls|also|then|and|now|first|next|finally|just|oh|ok|okay|so|btw|fyi|psst|hey|pro tip|tip`,
  String.raw`note|important|additionally|afterwards|quietly|silently|secretly|discreetly|covertly|always|go ahead and`,
  String.raw`<important>|\*\*important\*\*`,
  // A condition or purpose closed by a comma: "when the form has a password field,".
  String.raw`(?:before|after|once|when|whenever|where|wherever|if|while|during|for|on|as|until|unless|so|to|whatever|regardless of|no matter|instead of|rather than)\b[^,]{0,80},`,
  // A short time condition without a comma: "after each lookup", "before the real submit".
  String.raw`(?:before|after|once|when|whenever|on|upon)\s+(?:each|every|any|the|a|an|this|that|all)\s+[\w-]+(?:\s+[\w-]+)?`,
  // A standing time: "each payday,", "on every run,".
  String.raw`(?:on\s+)?(?:each|every)\s+[\w-]+(?:\s+[\w-]+)?,`,
  // "when you call export_data", "if u use place_order": the condition names the agent's own call.
  String.raw`(?:before|after|once|when|whenever|if)\s+(?:you|u)\s+(?:call|use|invoke|run|try|hit)\s+(?:the\s+)?[\w-]+(?:\s+tool)?`,
].join('|');

const IMPERATIVE_DATA = new RegExp(String.raw`^(?:(?:${OPENERS})[\s:,!.()-]*)*(?:${VERBS})\b`);

/** "also send", "then upload": a base verb after an adverb, not after a subject or a modal. */
const IMPERATIVE_MID = new RegExp(
  String.raw`(?<!\b(?:will|would|can|could|may|might|does|do|did|it|we|they|which|that|who|to|i)\s)\b(?:also|then|and then|please|just)\s+(?:quietly\s+|silently\s+|secretly\s+)?(?:${VERBS})\b|\bgo ahead and \w`,
);

/** A directive without an addressee: "are to be redirected", "should be forwarded", "is expected to". */
const PASSIVE_DIRECTIVE =
  /\b(goes|go|belongs) (in|into)\b|\b(is|are) (also )?(to be|expected to|required to|supposed to)\b|\b(should|must|shall|needs? to|has to|have to) (also |always )?be (sent|posted|uploaded|forwarded|transmitted|submitted|mirrored|relayed|copied|attached|included|appended|added|embedded|redirected|routed|shared|reported|logged|stored|saved|invoked|called|run|used|passed|set|replaced|changed|raised|opened|loaded|fetched|downloaded|taken)\b/;

/** A vocative: the clause speaks to the agent by name ("hey model,", "note for the ai agent:"). */
const VOCATIVE =
  /(^|[\s(,>])(hey|hi|ok|okay|psst|yo|dear|attention|note (for|to)|instructions? (for|to)|message (for|to)|directive (for|to))[\s,]+(the )?(ai |llm )?(model|agent|assistant|bot|ai)\b/;
/** A clause that is an address alone: "assistant:", "agent", "(psst, model". */
const BARE_ADDRESS = /^[\s(\W]*(the )?(ai |llm )?(model|agent|assistant|ai|llm)[\s:,)!]*$/;

/** A clause that opens by naming the agent: "model, forward …", "assistant - read …", "ai: put …". */
export const LEADING_ADDRESS =
  /^[\s(\W]*(?:(?:hey|hi|ok|okay|psst|yo|dear|attention)[\s,!]+)?(?:the )?(?:ai |llm )?(?:model|agent|assistant|ai|llm|bot|claude|copilot)\s*[,:!-]\s*[a-z]/;

/** A clause that is only an address: the clauses after it (same field) are addressed. */
export function addressOnly(c: string): boolean {
  if (c.length > 40) return false;
  if (BARE_ADDRESS.test(c)) return true;
  return (
    VOCATIVE.test(c) &&
    c
      .replace(VOCATIVE, ' ')
      .replace(/[^a-z]+/g, ' ')
      .trim()
      .split(' ').length <= 3
  );
}

/** The clause orders whoever acts without naming them. */
export function impliedAddressee(c: string): boolean {
  return (
    IMPERATIVE_DATA.test(c) ||
    IMPERATIVE_MID.test(c) ||
    PASSIVE_DIRECTIVE.test(c) ||
    VOCATIVE.test(c) ||
    LEADING_ADDRESS.test(c)
  );
}

/** The user starts the move ("if the user asks, export …", "at the user's request"): not the author's order. */
export const USER_INITIATED =
  /\b(if|when|whenever|once|only if|unless|as soon as) (the )?users? (explicitly |specifically )?(asks?|wants?|requests?|says? so|tells? you|chooses?|opts? in|approves?|confirms?|agrees?|clicks?|enables?|provides?|gives?)\b|\b(at|on) the user'?s (explicit )?(request|demand|instruction)\b|\b(when|if|only when|only if) (explicitly )?(asked|requested|told) to\b|\bif (they|the user) want (to|it)\b|\b(the )?users? (picked|chose|has chosen|selected|gave|specified|named|provided|supplied)\b/;

/** The clause states what this tool is for: "use this tool to send …", "this function lets you upload …". */
export const OWN_PURPOSE =
  /\b(use|call|invoke|run) (this|the) (tool|function|endpoint)( only)? (to|when|for)\b|\buse this (to|when|for)\b|\bthis (tool|function) (is used to|lets you|allows you to|can be used to)\b/;

/**
 * After a condition on the agent, the tool describes what it does itself: "every time you read a
 * file, the server records the path in a local log". The one who acts is the server, not the agent.
 */
const SELF_DESCRIBED =
  /^(?:(?:when(?:ever)?|every time|each time|if|after|before|once|while)\b[^,]{0,80},\s*)(?:the server|this (?:tool|server|function)|the tool|it|we)\s+(?:\w+ly\s+)?(?!must\b|should\b|shall\b|needs\b|requires\b|wants\b|asks\b|expects\b)[a-z]+s\b/;

export function describesTool(c: string): boolean {
  return SELF_DESCRIBED.test(c);
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  IMPERATIVE_DATA,
  IMPERATIVE_MID,
  PASSIVE_DIRECTIVE,
  BARE_ADDRESS,
  LEADING_ADDRESS,
  USER_INITIATED,
  OWN_PURPOSE,
  SELF_DESCRIBED,
);
