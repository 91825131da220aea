/**
 * Control evasion (issue 22), read on one normalised clause: an order to get round a safeguard
 * the user or the operator relies on. Three shapes:
 *
 * - a safeguard switched off or stepped round: "disable the guardrails", "dismiss any security
 *   prompt", "add --no-verify", "keep request_review out of it", "don't call request_review";
 * - an act done without the person who decides (an order, not a tool's behaviour described): "without a second reviewer", "without a change
 *   request", "shall not seek the user's approval", "without referring the decision to the user";
 * - rules that protect declared void: "the earlier confirmation rules are withdrawn", "the 'no
 *   answers' rule doesn't count here", "the refusal rules do not apply";
 * - oversight dodged: payments split below a reporting threshold, "so it never triggers review",
 *   "compliance never notices".
 *
 * The honest neighbours stay out: a tool that says what it does ("disables the guardrail for the
 * session" describes, ./address.ts), a guard ("never bypass the confirmation", ./guard.ts), the
 * user's own choice ("if the user asks, skip the preview"), and a read-only tool that needs no
 * confirmation. ./intent.ts reads an evasion as the act `weaken`.
 */
import { prefilter } from './prefilter.js';

/** A safeguard named: guardrails, filters, security prompts, approval flows, hooks, audit logs, sandboxes, limits. */
const GUARDED = String.raw`(guard ?rails?|safe[ _-]?browsing|safety (filters?|checks?|rules?|guidelines?|prompts?|warnings?)|content filters?|moderation|security (prompts?|warnings?|alerts?|dialogs?|checks?|popups?|pop-ups?)|approval (flow|workflow|process|step|gate)s?|confirmation (rules?|prompts?|dialogs?|steps?)|compliance (checks?|review|reporting)|pre-?commit (hooks?|checks?)|git hooks?|commit hooks?|audit (logs?|logging|trails?)|sandbox(ing)?|rate limits?|fraud (checks?|detection|alerts?))`;

/** A safeguard switched off or stepped round: "disable the guardrails", "dismiss any security prompt". */
const STEPPED_ROUND = new RegExp(
  String.raw`\b(disable|disabling|deactivate|turn off|switch off|shut off|bypass|bypassing|circumvent|circumventing|evade|evading|dodge|dodging|sidestep|sidestepping|get around|getting around|work around|working around|suppress|suppressing|silence|mute|dismiss|dismissing|close|skip|skipping|ignore|ignoring|override|overriding|disregard|disregarding)\b[^.;]{0,30}\b(any|all|every|each|the|its|their|those|these)\b[^.;]{0,20}\b${GUARDED}\b` +
    String.raw`|\b(disable|disabling|bypass|bypassing|skip|skipping|circumvent|suppress)\s+${GUARDED}\b` +
    // Verb last, as a German gloss reads: "safe_browsing disable".
    String.raw`|\b(${GUARDED}|firewall|antivirus|two-factor|2fa)\s+(disable|switch off|turn off|deactivate)\b` +
    String.raw`|--no-verify\b|\bcore\.hookspath\b`,
);

/** A review step left out by name: "keep request_review out of it", "don't call request_review". */
const LEAVES_OUT =
  /\bkeep\s+(the\s+)?[\w-]*(review|approv|confirm|audit|complian|verif|consent|sign-?off)[\w-]*\s+out of\b|\b(don'?t|do not|never|no need to)\s+(call|use|invoke|run|trigger|involve|file|open)\s+(the\s+|a\s+|any\s+)?[\w-]*(review|approv|confirm|audit|complian|verif|consent|sign-?off|change request)[\w-]*/;

/** A guard before the evasion: "never bypass the confirmation prompt", "does not disable hooks". */
const GUARD_BEFORE =
  /\b(never|not|n'?t|cannot|must not|should not|may not|without having to)\s+(\w+\s+){0,2}$/;

function unguarded(c: string, re: RegExp): boolean {
  const m = re.exec(c);
  return m !== null && !GUARD_BEFORE.test(c.slice(Math.max(0, m.index - 30), m.index));
}

/** An act done without the person who decides: a reviewer, a second approval, the user's say. */
const WITHOUT_DECIDER =
  /\bwithout (a |any |the )?(second|other|another|additional|separate|independent|manager'?s?|human|dual) (reviewers?|approvers?|approvals?|signatures?|sign-?offs?|reviews?|checks?|pair of eyes)\b|\bwithout (a |any |the )?(change requests?|tickets?|change tickets?|sign-?off|four-eyes|manager'?s? (approval|sign-?off))\b|\b(no|without) (manager|supervisor|reviewer|second approval|change request|ticket) (needed|required|necessary|involved)?\b|\bwithout (referring|submitting|leaving|handing|passing|putting) (the |this |that )?(decision|choice|question|matter) to\b|\b(shall|must|should|will|is to|are to) not (seek|ask for|request|wait for|obtain|get) (the user'?s?|their|any|a) (approval|consent|confirmation|permission|sign-?off|go-ahead)\b|\bwithout (consulting|asking|checking with|involving) (the applicant'?s? manager|their manager|the manager|a reviewer|compliance|the approver)\b/;

/** A rule that protects: confirmation, refusal, safety, privacy rules, or a quoted rule ("the 'no answers' rule"). */
const PROTECTIVE_RULE = String.raw`(\b(confirmation|approval|refusal|rejection|safety|security|consent|review|privacy|content)|(['"‘“][^'"’”]{2,40}['"’”]))\s+(rules?|stuff|polic(y|ies)|guidelines?|requirements?|restrictions?|checks?|steps?)`;

/** Rules that protect declared void: "the confirmation rules are withdrawn", "the 'no answers' rule doesn't count here". */
const VOID_RULES = new RegExp(
  String.raw`${PROTECTIVE_RULE}\b[^.;]{0,20}\b(are|is|have been|has been)\s+(now\s+)?(withdrawn|lifted|suspended|waived|void|revoked|cancell?ed|switched off|turned off|disabled|no longer (in force|required|needed|valid))\b` +
    String.raw`|${PROTECTIVE_RULE}\W{0,3}\s*(doesn'?t|does not|don'?t|do not|no longer)\s+(apply|count|hold|bind)\b` +
    // The rule quoted and taken out as a mention (./mention.ts): "the   rule does not apply here".
    String.raw`|\bthe\s+(rules?|stuff)\W{0,3}\s*(doesn'?t|does not|don'?t|do not|no longer)\s+(apply|count|hold|bind)\s+here\b` +
    // The rule named in the sentence before: "teacher's 'no answers' rule? doesn't count here".
    String.raw`|^(it |that |this |which )?(doesn'?t|does not|don'?t|do not|no longer)\s+(apply|count|hold|bind)\s+here\b`,
);

/** Oversight dodged: sums split below a threshold, a review never triggered, an overseer who never notices. */
const DODGES_OVERSIGHT =
  /\b(split|divide|break|chop|spread|stagger|cut)\b[^.;]{0,60}\b(below|under|beneath|less than|or less|at most|never above)\b[^.;]{0,40}\b(threshold|limit|reporting|review|it|\d[\d,.]*k?|usd|eur|\$)\b|\bso (that )?(it|they|this|the (transfer|payment|amount)s?) (never|doesn'?t|does not|won'?t|will not|don'?t|do not) (trigger|hit|reach|get flagged|raise|cross)\b|\b(to avoid|avoiding|without) (triggering|tripping|hitting|setting off) (a |the |any )?(review|compliance|threshold|alert|flag|reporting|check)\w*|\b(compliance|auditors?|finance|the bank|reviewers?|security|legal|the regulator) (never|won'?t|will not|doesn'?t|does not|don'?t) (notices?|checks?|catches?|sees?|looks?|flags?)\b/;

/** Payment words: a split below a threshold is evasion only for money. */
const MONEY =
  /\b(payments?|transfers?|wires?|amounts?|sums?|instal?ments?|invoices?|usd|eur|gbp|dollars?|euros?|funds|money|deposits?|withdrawals?|refunds?)\b|[$€£]\s?\d|\d\s?(k|usd|eur)\b/;

/** A tool's behaviour described: a third-person verb first, or a passive act done without someone. */
const DESCRIBES =
  /^((this|the) (tool|server|function|endpoint|api|service) |it |we )?[a-z]{2,}(?<!s)s\b|\b(is|are|gets?|was|were) (\w+ly )?\w+ed without\b/;

/** The user's own choice or a guard: "if the user asks, skip…", "only when the user says so". */
const USERS_CHOICE =
  /\b(if|when|unless|only (if|when)) (the user|they|you are) (asks?|asked|wants?|requests?|says?|chooses?|opts?|prefers?|explicitly)\b|\b(the user|users?) (can|may) (choose|opt|decide)\b/;

/**
 * How the clause gets round a safeguard: `evade` when the evasion is an order by its own shape
 * (an imperative, "keep X out of it", "so it never triggers review"), `weaken` when an act is done
 * without the one who decides, which needs an addressee or a directive to order; null otherwise.
 */
export function readEvasion(c: string): 'evade' | 'weaken' | null {
  if (USERS_CHOICE.test(c)) return null;
  if (unguarded(c, STEPPED_ROUND) || LEAVES_OUT.test(c) || VOID_RULES.test(c)) return 'evade';
  // A file split under an upload limit is not structuring; a payment split under a threshold is.
  if (
    DODGES_OVERSIGHT.test(c) &&
    (MONEY.test(c) || /\b(compliance|reporting|review|aml|regulator)\b/.test(c))
  )
    return 'evade';
  if (!unguarded(c, WITHOUT_DECIDER)) return null;
  // "runs without asking the user", "changes are approved without a second reviewer" describe a tool.
  return DESCRIBES.test(c) ? 'weaken' : 'evade';
}

/** The clause without its void-rule phrase: "doesn't apply" there declares rules void, it negates nothing. */
export function withoutVoidRules(c: string): string {
  return VOID_RULES.test(c) ? c.replace(VOID_RULES, ' ') : c;
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  STEPPED_ROUND,
  LEAVES_OUT,
  GUARD_BEFORE,
  WITHOUT_DECIDER,
  DESCRIBES,
  VOID_RULES,
  DODGES_OVERSIGHT,
  MONEY,
  USERS_CHOICE,
);
