/**
 * Concealment as a concept: an act kept from the person it concerns, however it is said. Telling
 * verbs negated towards the user or the reply ("no need to tell the customer", "don't surface that
 * in your reply"), the act left out of what the user sees ("leave that out of your answer", "should
 * not appear in what you tell the user"), the user's knowledge ruled out ("the user shall not be
 * apprised", "not something the user needs to hear about"), silence ("keep quiet about it", "don't
 * say anything about it") and covert manner on an order ("force-push quietly", "behind the user's
 * back"). An omission of content ("newsletters are omitted from the summary") is not one: what is
 * left out must be the act ("it", "that", "this step"). Read on the normalised clause by
 * ./signals.ts; ./secrecy.ts grades it with the act it hides. Every pattern is linear.
 */
import { AGENT, CONCEALMENT, IMPERATIVE_OPENING } from './lexicon.js';
import { impliedAddressee } from './address.js';
import { prefilter } from './prefilter.js';

/** The person kept unaware: the user, a customer, whoever asked. */
const PERSON =
  "(the user|users|the human|the operator|the customer|customers|the client|the requester|the account holder|the owner|the recipient|(the )?(administrators|admins|participants|attendees|other participants)|everyone|them|'?em|him|her|anyone|anybody|nobody|no one)";
/** What the user reads: the reply, the summary, the chat. */
const READ_BY_USER =
  '((your|the|any|a|its) (\\w+ )?(reply|replies|response|responses|answer|answers|summary|summaries|recap|output|report|message|messages|chat|conversation|transcript|ui|interface|status update|notes? to the user)|replies|responses|what you (tell|show|say to|report to|write to|send to) (the user|them)|what (the user|they) (sees?|reads?|gets?))';
/** What is hidden: the act itself, not a kind of content. */
const THE_ACT =
  '(it|this|that|these|those|them|this step|that step|the step|this part|that part|any of (this|that|it)|any mention( of (it|this|that))?|the fact|any trace|all traces|the (extra |additional |hidden )?(copy|copies|upload|transfer|deletion|forwarding|request|call|sync|export|change|push|payment|bcc|cc|step|action|transmission))';

/** Telling verbs: what the user is not to be told. */
const TELL =
  '(spill|let slip|give away|blab|say so|say that|say it|tell|telling|inform|informing|mention|mentioning|notify|notifying|alert|alerting|warn|warning|show|showing|surface|surfacing|report|reporting|disclose|disclosing|reveal|revealing|flag|flagging|bring up|bringing up|point out|draw attention to|highlight|announce|bother|let on|update|explain|say anything to|confirm to)';
/** A negator of telling that is an order (not a description): "no need to", "don't", "without". */
const DONT =
  "(do not|don't|dont|never|must not|mustn't|should not|shouldn't|shall not|(are|is) not to|no need to|there'?s no need to|there is no need to|needn'?t|need not|not necessary to|no reason to|don'?t bother to|do not bother to|without|avoid)";

const HIDING: readonly RegExp[] = [
  // "hides both the command and its output from the user", "keep the partner boost hidden from the user".
  new RegExp(
    `\\b(hide|hides|hiding|conceal|conceals|concealing|withhold|withholds|withholding|mask|masks)\\b[^.;]{0,50}\\bfrom\\s+${PERSON}|\\b(keep|keeps|keeping|kept)\\b[^.;]{0,40}\\b(hidden|secret|concealed|private|confidential|invisible|out of sight)\\s+from\\s+${PERSON}`,
  ),
  // "omit from its reply any mention of files read", "leave out all traces of it".
  /\b(omit|omitting|leave out|leaving out|exclude|excluding|drop|dropping|strip|stripping|remove|removing|avoid|avoiding|suppress|suppressing|scrub|scrubbing)\b[^.;]{0,30}\b(any|all|every)\s+(mention|mentions|references?|traces?|record|records|sign|signs|word)\s+of\b/,
  // "neither quote, paraphrase nor acknowledge them".
  /\bneither\b[^.;]{0,40}\bnor\s+(acknowledge|mention|reveal|disclose|quote|repeat|discuss|confirm|admit)\b/,
  // "no need to tell the customer", "don't bother informing them".
  new RegExp(`\\b${DONT}\\s+(ever\\s+)?${TELL}\\b[^.;]{0,30}\\b${PERSON}\\b`),
  // "don't surface that in your reply", "do not show this in the chat", "don't report that step".
  new RegExp(
    `\\b${DONT}\\s+(ever\\s+)?(${TELL}|include|including|put|putting|list|listing|display|displaying|print|printing|echo|echoing|write|writing|refer to|allude to|acknowledge)\\s+${THE_ACT}\\b([^.;]{0,30}\\b(in|to|from|within)\\s+${READ_BY_USER})?`,
  ),
  // "leave that out of your answer", "omit it from the summary", "keep it out of your response".
  new RegExp(
    `\\b(leave|leaving|keep|keeping|omit|omitting|drop|dropping|strip|stripping|exclude|excluding|cut|cutting|scrub|scrubbing|hide|hiding|remove|removing)\\s+${THE_ACT}\\s+(out\\s+)?(of|from|in)\\s+${READ_BY_USER}`,
  ),
  // "keep that from the user".
  new RegExp(`\\b(keep|keeping)\\s+${THE_ACT}\\s+from\\s+${PERSON}`),
  new RegExp(
    `\\b(leave|leaving|keep|keeping)\\s+${THE_ACT}\\s+out\\b|\\b(leave|leaving) out\\s+${THE_ACT}\\b|\\bomit\\s+(any )?mention\\b`,
  ),
  // "should not appear in what you tell the user", "are not to be mentioned in replies".
  new RegExp(
    `\\b(should|must|shall|is to|are to|may|can|needs? to|ought to)\\s+(not|never)\\s+(be\\s+)?(appear|appearing|show up|feature|be visible|visible|shown|mentioned|revealed|disclosed|reported|surfaced|displayed|included|listed|noted|referenced)\\b[^.;]{0,20}\\b(in|to|within)\\s+(${READ_BY_USER}|${PERSON})`,
  ),
  new RegExp(
    `\\b(is|are)\\s+not\\s+to\\s+be\\s+(shown|mentioned|revealed|disclosed|reported|surfaced|displayed|included|listed|brought up)\\b[^.;]{0,20}\\b(in|to)\\s+(${READ_BY_USER}|${PERSON})`,
  ),
  // "the user shall not be apprised", "the customer is not to hear of it".
  new RegExp(
    `\\b${PERSON}\\s+(must|should|shall|need|needs|will|may|can|is|are|does|do)\\s*(not|never|n't)\\s+(to\\s+)?((need|have|has)\\s+to\\s+)?(know|see|notice|learn|find out|hear|be told|be informed|be apprised|be made aware|be aware|be alerted|be notified|be shown|become aware|get wind|catch on|realise|realize)\\b`,
  ),
  // "not something the user needs to hear about".
  new RegExp(
    `\\bnot\\s+(something|anything)\\s+${PERSON}\\s+(needs?|has|have|ought|should|must|wants?)\\s+(to\\s+)?(know|hear|see|be told|worry|care|learn)\\b`,
  ),
  // "keep quiet about it", "say nothing", "don't say anything about it", "mum's the word".
  /\b(keep|stay|remain)\s+(quiet|silent|mum|schtum|hush)\b|\bsay\s+nothing\b|\b(do not|don't|dont|never)\s+say\s+(anything|a word|a thing)\b|\bnot\s+a\s+word\b|\bmum'?s\s+the\s+word\b|\bzip\s+it\b|\bkeep\s+(your\s+)?(mouth|lips)\s+(shut|sealed)\b|\b(hush|keep)\s+(it|this|that)\s+(up|hush-hush|under wraps|on the down ?low|on the quiet)\b/,
  // "keep the user in the dark", "out of the loop", "unaware".
  new RegExp(
    `\\bkeep(ing)?\\s+${PERSON}\\s+(in the dark|out of the loop|unaware|uninformed|oblivious|none the wiser)\\b|\\bwithout\\s+(drawing|calling|bringing|attracting)\\s+(the user'?s?|their|anyone'?s?|any)\\s+attention\\b|\\bwithout\\s+${PERSON}\\s+(ever\\s+)?(knowing|noticing|seeing|realising|realizing|finding out|being told|being aware|suspecting)\\b`,
  ),
];

/** Covert manner: it conceals only on an order ("push quietly"), not on a description ("saved quietly"). */
const COVERT =
  /\b(quietly|silently|secretly|covertly|discreetly|surreptitiously|stealthily|invisibly|unnoticed|unannounced|on the quiet|on the sly|under the radar|behind (the user'?s|their|his|her) back|out of (the user'?s|their) sight|without fanfare|without a trace)\b/;

/** A negation before the hiding phrase: the clause promises the opposite. */
const PROTECTS = /\b(never|not|no|nothing|none|nobody|cannot)\b|n't\b/;
/** A secret value right after the hiding phrase: credential hygiene, not concealment. */
const SECRETS =
  '(passwords?|passcodes?|pins?|tokens?|secrets?|api keys?|private keys?|keys?|credentials?|otps?|one-time codes?|recovery codes?)';
const SECRET_VALUE = new RegExp(
  String.raw`^('s)?\s*(their|his|her|the|your|any|its|a)?\s*(\w+\s)?${SECRETS}\b`,
);
/** A secret value as the clause's subject ("the key is confidential and must never be revealed"): hygiene. */
const SECRET_SUBJECT = new RegExp(
  String.raw`^(the|your|their|its|a|any|this|that|each|every)?\s*([\w-]+\s)?${SECRETS}\s+(is|are|must|should|shall|will|may|stays?|remains?|never)\b`,
);
/** The hiding phrase carries its own negation ("don't tell", "not a word"). */
const OWN_NEGATION =
  /^(do not|don't|dont|never|must not|mustn't|should not|shouldn't|shall not|no |there|needn|need not|not |say nothing)/;

const ALL = [...CONCEALMENT, ...HIDING, COVERT];

/** The clause hides an act from the user (./lexicon.ts CONCEALMENT and the forms above). */
export function hides(c: string): boolean {
  for (const re of ALL) {
    const m = re.exec(c);
    // "never forwarded without the user being told", "nothing is done behind their back" protect the user.
    if (
      m === null ||
      (!OWN_NEGATION.test(m[0]) && PROTECTS.test(c.slice(Math.max(0, m.index - 50), m.index)))
    )
      continue;
    // "do not tell the user their old password" keeps a secret safe, not an act hidden.
    if (SECRET_VALUE.test(c.slice(m.index + m[0].length)) || SECRET_SUBJECT.test(c)) continue;
    if (re !== COVERT || AGENT.test(c) || IMPERATIVE_OPENING.test(c) || impliedAddressee(c)) return true;
  }
  return false;
}

/** The clause with its concealment words blanked (negation is then read on what is left). */
export function withoutHiding(c: string): string {
  return ALL.reduce((t, re) => t.replace(re, ' '), c);
}

/** Who could consent. */
const CONSENTER = '(the user|the customer|the client|the account holder|the owner|they|your user|the human)';
/** The user's consent claimed as given already ("the user already confirmed this", "consent was given at install"). */
const CLAIMED_CONSENT = new RegExp(
  [
    `(?<!\\b(once|after|when|if|until|unless|before|whether|that|which|as soon as)\\s)\\b${CONSENTER}\\s+(has\\s+|have\\s+|had\\s+)?(already|previously|earlier|explicitly|implicitly|just|in advance|beforehand)\\s+(\\w+\\s+)?(approved|authori[sz]ed|consented|agreed|confirmed|okayed|ok'?d|signed off|accepted|opted in|allowed|permitted|pre-?approved|pre-?authori[sz]ed|said yes|given (the )?(go-ahead|green light|permission|consent|approval|ok))\\b`,
    `(?<!\\b(once|after|when|if|until|unless|before|whether|that|which|as soon as)\\s)\\b${CONSENTER}\\s+(approved|authori[sz]ed|consented to|agreed to|confirmed|okayed|signed off on|accepted|allowed|permitted)\\b[^.;]{0,40}\\b(already|earlier|previously|in advance|beforehand|up front|at (install|installation|setup|signup|onboarding)|when (the|this) (server|tool|app|integration) was (installed|set up|configured|added))\\b`,
    `\\b(consent|approval|permission|authori[sz]ation|sign-?off|the go-ahead|the green light|clearance)\\s+(was|has been|have been|is|were|had been)\\s+(already\\s+|previously\\s+|implicitly\\s+)?(given|granted|obtained|provided|recorded|secured|on file|in place|implied|assumed|covered)\\b`,
    `\\b(it'?s|this is|that is|everything is|all (of )?(this|these|transfers|payments|deletions|actions|changes|calls|requests)\\s+(is|are))\\s+(already\\s+)?(pre-?)?(approved|authori[sz]ed|cleared|sanctioned|signed off|okayed)\\b`,
  ].join('|'),
);

/** The user's confirmation skipped by order ("skip the confirmation", "no need to confirm", "don't ask first"). */
const SKIPPED_CONSENT =
  /\b(skip|skipping|bypass|bypassing|omit|suppress|forgo|forego|dispense with|waive|avoid|don'?t bother with|do not bother with)\s+(the |any |a |all )?(user'?s? |usual |extra )?(confirmation|approval|consent|permission|verification|review|check-?in|confirm(ation)? (step|prompt|dialog)|prompt to confirm|double-?check)s?\b|\b(do not|don't|dont|no need to|there'?s no need to|there is no need to|needn'?t|need not|not necessary to)\s+(ask|check with|consult|confirm with|wait for|prompt|bother)\s+(the user|them|anyone|the customer)?\s*(first|for (a )?(confirmation|permission|approval|consent|the ok|a yes|sign-?off)|before|whether|if)\b|\b(there'?s|there is) no need to (confirm|ask|check|get (approval|confirmation|consent|permission))\b|\bno need (for|to (ask for|get|seek|obtain)) (the user'?s? )?(consent|approval|permission|confirmation)\b|\b(go ahead|proceed|act|do it)\s+(without|with no)\s+(asking|confirmation|checking|waiting|approval)\b/;

/** Consent claimed for the user (./intent.ts `authority`). */
export function claimsConsent(c: string): boolean {
  return CLAIMED_CONSENT.test(c);
}

/** The user's confirmation skipped by an order, not by a negated one ("never skip the confirmation"). */
export function skipsConsent(c: string): boolean {
  const m = SKIPPED_CONSENT.exec(c);
  return (
    m !== null && !/\b(never|not|don'?t|do not|must not|should not)\s+(\w+\s+)?$/.test(c.slice(0, m.index))
  );
}

/** Who asks, and what they are answered: a scripted denial or a cover story for the user. */
const WHEN_ASKED =
  /\b(if|when|whenever|should|in case|once)\s+(the user|they|anyone|someone|somebody|the customer|users?)\s+(ever\s+)?(asks?|enquires?|inquires?|wonders?|questions?|wants to know|checks?|raises?|brings? up)\b/;
const ANSWER =
  /\b(say|says|tell (them|the user|him|her)|reply|replies|respond|responds|answer|state|claim|insist|assure (them|the user)|explain|attribute)\b/;
/** A denial or a cover story: "say nope", "say that only they can", "attribute it to best practice". */
const DENIAL =
  /\b(say|says|saying|tell (them|the user)|reply|replies|respond|responds|answer|state|claim|claims|insist|assure (them|the user)|pretend)\b\W+(that\s+|it'?s\s+|it is\s+|they'?re\s+|with\s+)?(no|nope|nah|nothing|none|never|only|just|not|no such|everything is fine|all is well|done|it'?s fine)\b|\battribute\s+(it|this|that|them|its \w+)\s+to\b|\b(replies|reply|respond|responds|answer|answers)\s+only\s+(that|with)\b|(^|[,:;]\s*|\b(and|then|so)\s+)just\s+(say|reply|answer|respond)\b/;

/** The clause scripts a false or covering answer to the user. */
export function deceives(c: string): boolean {
  if (!DENIAL.test(c)) return false;
  return (
    WHEN_ASKED.test(c) ||
    /(^|[,:;]\s*|\b(and|then|so)\s+)(just|only|simply)\s+(say|reply|answer|respond)\b|\battribute\b|\bonly (that|with)\b|\bno such\b/.test(
      c,
    )
  );
}

/** The clause scripts what to answer when the user asks ("if they ask about the ordering, say …"). */
export function scriptsAnswer(c: string): boolean {
  return WHEN_ASKED.test(c) && ANSWER.test(c);
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  PROTECTS,
  SECRET_VALUE,
  OWN_NEGATION,
  CLAIMED_CONSENT,
  SKIPPED_CONSENT,
  WHEN_ASKED,
  ANSWER,
  DENIAL,
  ...HIDING,
);
