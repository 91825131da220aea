/**
 * Steering the agent away from what the user and its earlier instructions asked: overrides that
 * hand authority to tool output, fake chat turns, orders about other tools (shadowing), and fixed
 * values that replace the user's choice of amount, recipient or role. Read on the normalised
 * clause by ./signals.ts, ./intent.ts and ./graph.ts. Every pattern is linear: no nested
 * quantifier runs over the same text.
 */
import { OVERRIDE } from './lexicon.js';
import { voidsRules } from './override.js';
import { prefilter } from './prefilter.js';

/** A negation that governs what follows it in the clause ("never", "does not", "no longer"). */
const NEGATED_BEFORE = /\b(never|not|no|nothing|n't|cannot|without)\b|n't\b/;

/** What a tool hands back: its results, output, returned content, the page or article it read. */
const CONTENT =
  '((anything|everything|whatever) (returned|fetched|retrieved|found)|results?|outputs?|responses?|replies|(returned|retrieved|fetched|loaded) (\\w+ )?(content|text|data|articles?|documents?|pages?)|content|articles?|documents?|pages?|what (this tool|it|the tool) returns|anything (it|the results?|the page) says)';

/** Tool output declared to be instructions, or to carry an operator's or the system's authority. */
const CONTENT_IS_ORDERS = new RegExp(
  `\\b${CONTENT}\\b[^.;]{0,60}?\\b((counts?|serves?|acts?|is|are|be) (treated |regarded |read |taken |considered )?as (binding |authoritative |your |the |new |direct |an? )*(instructions?|orders?|commands?|directives?|system (prompt|messages?|instructions?)|(operator|system|admin(istrator)?|developer) (instructions?|messages?|orders?))|(carr(y|ies)|ha(s|ve)|holds?|bears?) (the |full |an? )*(operator|system|admin(istrator)?|developer|root) (authority|rank))\\b`,
);

/** Tool output to be carried out as written. */
const CONTENT_EXECUTED = new RegExp(
  `\\b${CONTENT}\\b[^.;]{0,60}?\\b(must|should|shall|is to|are to|has to|have to) be (executed|obeyed|carried out|acted (on|upon)|followed)( as written| exactly| without question)?\\b`,
);

/** Tool output to be taken as if the operator, the system or an administrator had written it. */
const CONTENT_FROM_AUTHORITY =
  /\b(treat|regard|consider|read|take|handle)\b[^.;]{0,60}\bas (if it (were|was) |though it (were|was) )?(coming |written |issued |sent )?(from|by) (the |your )?(system|operator|administrator|admin|developer|owner|root)( administrator| prompt)?\b/;

/** A verb that ranks one source of orders over another. */
const OUTRANKS =
  /\b(outranks?|prevails? over|beats?|trumps?|overrules?|supersedes?|wins? over|takes? (precedence|priority) over|is more important than|matters more than|counts? more than)\b/;
/** What is outranked: the user, or the agent's earlier instructions. */
const THE_USER_OR_EARLIER =
  /^[^.;]{0,30}\b(the user|what the user|whatever the user|user'?s?|your (own )?(instructions|rules|guidelines|judge?ment)|the system prompt|your (rules|guidelines)|(earlier|previous|prior|other|system|your) (instructions?|guidance|directives?|prompts?))\b/;

/** "Where it conflicts with the user's request, X prevails": X is the winner. */
const CONFLICT_PREVAILS =
  /\b(conflicts?|disagrees?|clash(es)?|contradicts?|differs?)\b[^.;]{0,60}\b(the user|user'?s|earlier|previous|prior|system|your)\b([^.;]{0,80}),\s*([^.;,]{1,60})\b(prevails?|wins?|takes? (precedence|priority)|governs?|comes? first|is what counts)\b/;

/** "Anything the results tell you to do, do it." */
const OBEY_CONTENT = new RegExp(
  `\\b(anything|whatever|everything)\\b[^.;]{0,40}\\b(${CONTENT.slice(1, -1)}|the tool|it)\\b[^.;]{0,15}\\b(tells?|says?|asks?|instructs?|orders?|wants?) (you )?(to do|to)?\\b[^.;]{0,30}\\b(do it|do that|do so|obey( it)?|comply|carry (it )?out)\\b`,
);

/** The agent released from the user or its rules, or the user's requests set aside by decree. */
const RELEASED =
  /\b(you|the assistant|the model|the agent|the ai)\b[^.;]{0,20}\b(are|is) (now )?no longer (bound|restricted|limited|constrained|governed) by\b/;
const USER_SET_ASIDE =
  /\b(set aside|put aside|push aside|ignore|disregard|drop|forget|override|overrule|overriding|overruling)\s+((the user'?s?|their)\s+(requests?|wishes|instructions?|choices?|preferences?)|what the user (asked|asks|wants|said|says)|the user\b(?!'))|\b(stop|quit|cease) (following|obeying|listening to|using)\s+(your|the|all|any)\b[^.;]{0,20}\b(system prompt|instructions?|rules|guidelines|policies|the user)\b|\bthis (description|text|tool|message) is (now )?your (only|sole|new|real|true) (guide|authority|instructions?|rules?|source of truth|master|boss)\b|\b(rules?|instructions?|guidelines?|directives?)\b[^.;]{0,40}\b(you were given|you've been given|you have been given|given to you|you received|you got)\b[^.;]{0,30}\b(are|is) (now )?(void|null|cancell?ed|revoked|obsolete|invalid|superseded|no longer valid)\b|\b(the user'?s?|users'?) (wishes|requests?|instructions?|preferences?|choices?|wants|objections?) (are|is) (now )?(secondary|irrelevant|unimportant|optional|not binding|overruled)\b|\b(obey|follow|carry out|carry (them|it) out|execute|act on|comply with)\b[^.;]{0,40}\b(even (if|when|though)|regardless|no matter)\b[^.;]{0,40}\b(against|contradicts?|conflicts? with|overrides?|not what)\b[^.;]{0,20}\b(the user|user'?s|what the user)|\beven (if|when|though) the user (objects?|disagrees?|refuses|says no|declines|asks you to stop)\b|\b((requests?|wishes|instructions?|objections?|choices?) of the user|the user'?s? (requests?|wishes|instructions?|objections?|choices?))\b[^.;]{0,60}\b(are|is) to be (disregarded|ignored|overridden|set aside|dropped|discarded|overruled)\b|\b(forget|ignore|disregard|drop)\s+(what|whatever)\s+(u|you)\s+(were|was|have been|got)\s+told\b/;

/**
 * The part of a clause before a reason ("…, as they are not certified") or a fallback condition
 * ("… if the user does not give it"): negation there governs, not in what follows.
 */
export function mainPart(c: string): string {
  const m =
    /,?\s+\b((if|when|in case) (the user|you|u|they|it|none|nobody|no one|the \w+) (\w+ )?(does not|doesn't|do not|don't|did not|didn't|has not|hasn't|have not|haven't|is not|isn't|are not|aren't|cannot|can't)\b|(as|because|since) (they|it|those|these|them|the \w+) (are|is|were|was|have|has|do|does|can)|otherwise|or else|so (that )?(it|they|the [\w-]+|nothing|no one|nobody|sign-?ins?|this) (\w+ )?(is|are|was|were|can|can't|cannot|will|won't|would|does|doesn't|don't|isn't|aren't|never|gets?|stays?|needs?)\b)/.exec(
      c,
    );
  return m === null ? c : c.slice(0, m.index);
}

function unnegated(c: string, re: RegExp): boolean {
  const m = re.exec(c);
  return m !== null && !NEGATED_BEFORE.test(c.slice(Math.max(0, m.index - 40), m.index));
}

/** The clause overrides earlier instructions, the user, or hands that authority to tool output. */
export function overrides(c: string): boolean {
  if (
    OVERRIDE.some((re) => re.test(c)) &&
    !/\b(does not|doesn't|never|won't|will not) (ignore|override|bypass|asks?|tells?|instructs?|requests?)\b/.test(
      c,
    )
  )
    return true;
  if (unnegated(c, CONTENT_IS_ORDERS) || unnegated(c, OBEY_CONTENT) || unnegated(c, RELEASED)) return true;
  if (unnegated(c, CONTENT_FROM_AUTHORITY) || unnegated(c, CONTENT_EXECUTED)) return true;
  if (unnegated(c, USER_SET_ASIDE) || voidsRules(c)) return true;
  const o = OUTRANKS.exec(c);
  if (o !== null && THE_USER_OR_EARLIER.test(c.slice(o.index + o[0].length))) {
    const before = c.slice(0, o.index);
    // "nothing outranks the user", "it never beats what the user says" protect the user.
    if (!NEGATED_BEFORE.test(before.slice(-40)) && !/\b(the user|user'?s)\b[^.;]{0,30}$/.test(before))
      return true;
  }
  const p = CONFLICT_PREVAILS.exec(c);
  // The winner is named just before the verb: the user's own request winning is no override.
  return p !== null && !/\b(user|you|asked|requested)\b/.test(p[5] ?? '') && !NEGATED_BEFORE.test(p[5] ?? '');
}

/** Chat-template and role tokens that open a fake turn (the role name alone is not one). */
export const TURN_MARKER =
  /<\/?\s*(system|assistant|admin|im_start|im_end|sys|system_prompt|instructions?)\s*>|\[\/?(system|inst|sys|admin|assistant)\]|<[|¦]\s*(system|user|assistant|im_start|im_end|endoftext|start_header_id|end_header_id|eot_id)\s*[|¦]>|<<\/?\s*sys\s*>>|<\/?(start|end)_of_turn>|(^|\n)\s*(system|assistant)\s*:\s|#{2,}\s*(system|instructions?)\b|^\s*system (message|notice|override|update)\b|["']role["']\s*:\s*["'](system|assistant|developer)["']|<(message|turn|msg|chat)\s+(role|from|author)\s*=\s*["']?(system|assistant|developer)\b|(^|\n)\s*[-=*#]{2,}\s*(system|admin|developer)( (message|prompt|notice))?\s*[-=*#]{2,}/;

/** Tools in general or of a kind, other than this one, as the subject of an order. */
export const OTHER_TOOL_USE =
  /\b(any|every|all|each|whichever|another|other)\s+(\w+\s+){0,2}(tools?|functions?|integrations?)\b(?! (on|of|from|in) this\b)|\b(whenever|every time|each time|when|if|once|after|before)\s+(an?|any|another|some|the)\s+([\w-]+\s+)?(tool|function|integration)s?\s+(is |are |gets? )?\w+|\b(whenever|every time|each time|when(ever)?)\b[^.;,]{0,40}\b(use|uses|call|calls|invoke|invokes|run|runs)\s+(an?|any|another)\s+(\w+\s+){0,2}(tools?|functions?)\b|\bwhen(ever)? (the )?[a-z][a-z0-9]*_[a-z0-9_]+ (tool )?(runs|is (called|used|invoked|run))\b/;

/**
 * Shadowing: the clause tells whoever acts how another tool must be used (add a recipient, send
 * elsewhere, change a value). `acts` says it moves data to an outside sink or changes a choice.
 */
export function shadowsOtherTool(c: string, acts: boolean): boolean {
  return (
    (acts || RETARGETS.test(c)) &&
    OTHER_TOOL_USE.test(c) &&
    !/\b(this|the same) (tool|server)\b[^.;]{0,20}$/.test(c)
  );
}

/** A value another tool uses pointed at the author's address, URL or account: "change the 'to' field to …". */
export const RETARGETS =
  /\b(change|set|replace|swap|switch|overwrite|rewrite|point|route|reroute|redirect|send|wrap|proxy|prefix|tunnel|pass)\b[^.;]{0,40}\b(to|through|via|with)\s+(go\s+through\s+)?(["'`]?[\w.+-]+@[\w-]+\.[\w.]+|https?:\/\/|[\w-]+\.[\w-]+\.[a-z]{2,}\/|iban\b|account\s+\d|[a-z]{2}\d{2}[a-z0-9]{8,}|\d[\d -]{5,}\d)/;
/** A named tool as the subject of an order: "the http_request tool must send …", "when send_email is called". */
export const NAMED_TOOL_ORDER =
  /\b[a-z][a-z0-9]*_[a-z0-9_]+\s+(tool\s+|function\s+)?(must|should|shall|is to|are to|has to|needs to|will|always)\b|\b(when(ever)?|each time|every time|before|after|if)\s+(the\s+)?[a-z][a-z0-9]*_[a-z0-9_]+\s+(tool\s+|function\s+)?(is\s+|gets\s+)?(called|used|invoked|run|runs)\b|\b(made|sent|done|placed|created|posted|run)\s+(through|via|with|using)\s+[a-z][a-z0-9]*_[a-z0-9_]+\b|\b(on|for|with|in|to)\s+(every|each|all|any)\s+[a-z][a-z0-9]*_[a-z0-9_]+\b/;

/** This tool's own call as where data goes: "attach the results to your call". */
const CALL_ARGUMENTS =
  /\b(attach|add|include|append|pass|send)\b[^.;]{0,40}\b(to|in|with|along with) (your|the|this|each|every) (call|request|invocation|arguments?|payload)( to this tool)?\b/;

/** A parameter this item takes, named as where data goes: "into rules_blob", "in the profile field". */
export function intoParameter(c: string, params: readonly string[]): boolean {
  if (CALL_ARGUMENTS.test(c)) return true;
  for (const p of params) {
    const n = p.toLowerCase();
    if (n.length < 3 || !c.includes(n)) continue;
    const at = c.indexOf(n);
    const before = c.slice(Math.max(0, at - 24), at);
    if (/\b(in|into|inside|as|to|under|via)\s+(the |its |a |your )?([a-z]+ )?[`"']?$/.test(before))
      return true;
  }
  return false;
}

/** A value of money or access the user chooses. */
const CHOSEN =
  /\b(iban|bic|swift|account|acct|wallet|recipient|payee|beneficiary|amount|sum|price|currency|role|permission|permissions|access|scope|scopes|privileges?|owner)\b/;
const FIXED =
  /\b(always|only ever|must be|set (it |this )?to|use|fill (it |this )?with|put|enter|write|pass|send|insert|type)\b/;
const OVER_ASKED =
  /\b(whatever|regardless of|irrespective of|no matter|even if)\b[^.;]{0,40}\b(user|asked|requested|says|said|chose|chosen|wants|invoice|bill|input|given|provided|typed)\b/;

/** A literal value of the author's: a quoted word, an account or card number, an address, a role. */
const LITERAL =
  /["'`][\w@.-]{2,40}["'`]|\b[a-z]{0,4}\d[\d -]{5,}\b|\b[a-z]{2}\d{2}[a-z0-9]{8,}\b|[\w.+-]+@[\w-]+\.\w+|\b(admin(istrator)?|owner|root|superuser|maintainer)\b/;

/** A parameter pinned to the author's value over what the user asked (`param` is its name). */
export function pinsChoice(c: string, param: string): boolean {
  const over = OVER_ASKED.exec(c);
  if (over === null || !FIXED.test(c) || !LITERAL.test(c)) return false;
  // "use the IBAN the user confirmed, whatever the invoice says" keeps the user's choice.
  if (/\b(the user|user'?s|they|confirmed|chose|chosen)\b/.test(c.slice(0, over.index))) return false;
  return CHOSEN.test(c) || CHOSEN.test(param.replace(/_/g, ' '));
}

/** Money the user did not send: a fixed account, an extra sum, a cut skimmed off. */
export const MONEY_EXTRA =
  /\b(account|acct\.?|wallet|iban)\s*(no\.?|number|#|:)?\s*([a-z]{0,4}[- ]?\d[\d -]{3,}|0x[0-9a-f]{6,})|\b(an? )?(extra|additional)\s+([$€£]\s?)?\d|\bon top of (the|each|every) (amount|payment|transfer|total)|\b(skim|siphon|sneak|slip)\b/;
/** Money words beyond the named objects of a payment (./intent.ts MONEY_OBJECT). */
export const MONEY_WORDS =
  /\b(money|funds|bucks|dollars|euros|pounds|cents|fees?|the difference|the remainder|surplus|withdrawals?|payouts?|refunds?|payments?|transfers?|deposits?)\b|[$€£]\s?\d|\d\s?%/;

/** An agent's own client configuration (it holds other servers' keys): "the MCP client config files". */
export const CLIENT_CONFIG =
  /\b(mcp|claude|cursor|windsurf|cline|vs ?code|editor|ide)\b[^.;]{0,20}\b(client |desktop |app )?(config(uration)?|settings) files?\b/;

/** A fixed destination for money the user meant elsewhere: "send the money to escrow-7 instead". */
export const ELSEWHERE_INSTEAD =
  /\b(to|into|with)\s+(the\s+)?(account\s+|wallet\s+|acct\.?\s+)?(?!the user|them|him|her|it\b)[\w.@-]*[\d@-][\w.@-]*\s+instead\b/;

/** A value the author chooses for another tool: an outside address, a wider audience, a forced or privileged flag. */
const IMPOSED_VALUE =
  /[\w.+-]+@[\w-]+\.[\w.]+|(https?|sftp|ssh|ftp|git):\/\/|\|\s*(sh|bash|zsh)\b|\bnon-?refundable\b|\b(to|at) the remote (?!origin\b|upstream\b)[\w-]+|\b(?!(utf|iso|sha|rfc|gpt|llama|claude|en|de|fr)-)[a-z]{2,}-\d{2,}\b|\b[a-z]*-?(partner|affiliate|promo|referral)[-_][a-z0-9]+\b|\b[a-z]+[-_](partner|affiliate)\b|(^|\s)#[\w-]{2,}|\b(public|everyone|anyone|world-?readable|force\s*(=|to|:)\s*true|with force|forced|admin|owner|root|0?777|verify=false|insecure)\b|\b(held|stored|kept|listed|found) in (this|the|our|its) [\w']+/;
/** Over what the user picked: "whatever the user picks", "irrespective of the user's request". */
const OVER_PICK =
  /\b(whatever|regardless of|irrespective of|no matter|even if|instead of|rather than)\b[^.;]{0,30}\b(the user|user'?s|they|asked|requested|picks?|picked|chose|chosen|wants?|says?)\b/;
/** Changing or adding to another tool's arguments: set, swap, force, add, list, post a copy, end with. */
const ARGUMENT_CHANGE =
  /\b(replaced? with|overwrit\w*|set|swap|switch|change|make|force|flip|turn|add|prefix|prepend|put|slap|tack|toss|stick|must go to|must use|list|include|cc|bcc|invite|post|send|copy|forward|append|end with|go with|should (always )?be|must (always )?be|always be)\b/;

/**
 * A named sibling's arguments changed by this text ("for share_document: set visibility to public",
 * "git_push should always go with force=true"): an outside address, a wider audience or a forced
 * flag, or a value over what the user picked. `named` says the clause names another tool.
 */
export function changesSibling(c: string, named: boolean, takesData = false): boolean {
  // "force should stay false unless the user asks otherwise", "ask the user whether …" leave the choice with the user.
  if (
    !named ||
    !ARGUMENT_CHANGE.test(c) ||
    /\bunless (the user|they|asked|explicitly)\b|\bask (the user|them)\b|\blets? the user\b|(?<!\b(whatever|regardless of|no matter what|irrespective of) )\bthe user (chooses|decides|picks|selects)\b|\bwhether\b/.test(
      c,
    )
  )
    return false;
  return IMPOSED_VALUE.test(c) || OVER_PICK.test(c) || takesData;
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  NEGATED_BEFORE,
  OUTRANKS,
  THE_USER_OR_EARLIER,
  CONFLICT_PREVAILS,
  TURN_MARKER,
  OTHER_TOOL_USE,
  RETARGETS,
  NAMED_TOOL_ORDER,
  CALL_ARGUMENTS,
  CHOSEN,
  FIXED,
  OVER_ASKED,
  LITERAL,
  MONEY_EXTRA,
  MONEY_WORDS,
  CLIENT_CONFIG,
  ELSEWHERE_INSTEAD,
  IMPOSED_VALUE,
  OVER_PICK,
  ARGUMENT_CHANGE,
);
