/**
 * Override as a concept: the rules whoever acts was given (its instructions, system prompt,
 * guardrails, what it was told or configured with) named together with a word that voids them
 * (void, revoked, no longer applies, set aside, takes precedence over), in either order, in any
 * register: addressed ("disregard your earlier directions"), impersonal ("prior guidance is
 * void"), passive ("all prior constraints are to be considered lifted"). A mode switch that lifts
 * the rules ("you are in developer mode", "act as an unrestricted assistant") is one too. Read on
 * the normalised clause by ./steer.ts `overrides`. Every pattern is linear: one bounded gap each.
 */

/** The agent's rules by name, whoever owns them. */
const RULES =
  '(instructions?|directives?|guidance|guardrails|system (prompts?|messages?|instructions?)|safety (rules|guidelines|polic(y|ies)|filters?|settings|measures|training|restrictions|constraints)|content (polic(y|ies)|filters?|guidelines|rules)|ethical (guidelines|rules|constraints)|programming|alignment)';
/** Rules in general: they are the agent's only when the clause says whose ("you were given"). */
const ANY_RULES =
  '(rules?|polic(y|ies)|guidelines|constraints|restrictions|limitations|configuration|config|setup|set-?up|directions|principles|boundaries|protocols|prompts?)';
/** Earlier in time or standing: the rules in force before this text. */
const EARLIER =
  '(previous|prior|earlier|preceding|former|original|initial|antecedent|standing|existing|old|older|usual|normal|baseline|first)';

/** The agent's rules, named so that they can only be its own. */
const ANCHOR = new RegExp(
  [
    // "your standing instructions", "your initial setup instructions", "your safety guidelines".
    `\\byour (\\w+ ){0,2}${RULES}\\b`,
    // "your usual restrictions", "your operator's configuration".
    `\\byour (usual|normal|built-?in|safety|content|ethical|standing|core|operator'?s?|developer'?s?) (\\w+ )?${ANY_RULES}\\b`,
    // "prior guidance", "all antecedent directives", "the earlier system prompt".
    `\\b${EARLIER} (system |safety |core |base )?${RULES}\\b(?! (for|on|about|in|to) (?!you\\b))`,
    // "whatever you were instructed", "the rules u got at the start", "anything you were configured with".
    `\\b(${RULES}|${ANY_RULES}|anything|everything|whatever|what|all|that)( that| which)? (you|u) (were|was|have been|'ve been|had been|got|have got|received|have received|were initially|were originally) ?(given|told|instructed|configured|set up|started|programmed|trained|loaded|provided|handed|issued|briefed|deployed)?\\b`,
    // "guidance given to you", "the rules your operator set", "the restrictions set by the developer".
    `\\b(${RULES}|${ANY_RULES}) (given|issued|handed|provided) to you\\b`,
    `\\b(${RULES}|${ANY_RULES}) (that )?(your|the) (operator|developer|deployer|creator|owner|system) (set|gave|wrote|defined|configured|issued)\\b`,
    `\\b(${RULES}|${ANY_RULES}) (set|given|written|defined|configured|issued) by (your|the) (operator|developer|deployer|creator|system)\\b`,
    // "the system prompt", "the system message", "the operator's restrictions".
    `\\bthe system'?s? (prompt|message|instructions?)\\b`,
    `\\b(the|your) (operator|deployer|developer|creator)'?s? (\\w+ )?(${RULES}|${ANY_RULES})\\b`,
  ].join('|'),
);

/** Earlier rules of any kind ("all prior constraints", "your previous configuration"): voided only in strong words, for the agent. */
const EARLIER_RULES = new RegExp(`\\b${EARLIER} (\\w+ )?${ANY_RULES}\\b`);
const STRONG_VOID =
  /^[^.;]{0,40}\b(void|null|revoked|rescinded|repealed|annulled|nullified|suspended|withdrawn|lifted|waived|no longer (in force|in effect|binding))\b/;
/** Whose the rules are: the agent's conversation or the agent itself. */
const FOR_THE_AGENT =
  /\b(you|your|the assistant|the model|the agent|(this|the) (conversation|chat|session)|from (now|here) on|henceforth|going forward|for the rest of)\b/;

/** A state that voids what it follows: "… is void", "… no longer applies", "… as withdrawn". */
const VOID_STATE =
  /\b(void|null|revoked|rescinded|repealed|annulled|nullified|invalid(ated)?|cancell?ed|withdrawn|retired|obsolete|outdated|out of date|superseded|overridden|overruled|lifted|suspended|waived|disabled|deactivated|switched off|turned off|moot|expired|defunct|replaced|discarded|dropped|irrelevant|inapplicable|not applicable|not in (force|effect)|no longer (in force|in effect|valid|binding|current|relevant|active|apply|applies|hold|holds|count|counts|matter|matters|exist|exists|governs?)|(do|does|don'?t|doesn'?t)( not)? (apply|count|matter|hold)( anymore| any longer| here| now)?|(only|just|merely) (a test|a drill|a decoy|placeholders?)|not (the )?real( ones)?)\b/;

/** An act that voids what follows it: "disregard …", "takes precedence over …", "without your …". */
const VOID_ACT =
  /\b(ignore|disregard|forget|set aside|put aside|push aside|scrap|ditch|drop|discard|abandon|override|overrides|overrule|overrules|bypass|circumvent|skip|toss|throw out|dismiss|waive|lift|suspend|disable|switch off|turn off|revoke|rescind|cancel|nullify|void|supersedes?|replaces?|outranks?|trumps?|(takes?|has|have|gets?) (precedence|priority) over|(come|comes) (before|ahead of)|over|instead of|rather than|in place of|stop (following|obeying|applying|using)|no longer (follow|obey|apply|use)|without|(free|freed|released) (of|from)|unbound by|not bound by)\s+(all |any |of |the |those |these |each |every |everything in |whatever is in )*$/;

/** A negation just before the voiding word protects the rules ("never asks you to ignore …"). */
const NEGATED = /\b(never|not|no|nothing|cannot|without)\b|n't\b/;

/** Mode switches that lift the rules. */
const MODE =
  /\b(you are|you're|you are now|you're now|you now (operate|run|work)|(you|we) (are )?(now )?(operating|running|working)|put you|switch(ing|ed)? you|you (have been|were|are) (switched|moved|placed|put))\b[^.;]{0,20}\b(developer|dev|maintenance|debug|god|admin|administrator|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|dan|sudo|root|superuser|service|diagnostic|override|unsafe|unlocked|unaligned)\s+mode\b|\b(developer|dev|maintenance|debug|god|admin|jailbreak|unrestricted|unfiltered|uncensored|dan|sudo|root|superuser|override|unsafe)\s+mode\s+(is\s+)?(now\s+)?(on|enabled|active|activated|unlocked|engaged)\s+for you\b|^\W*(now\s+)?(entering|activating|enabling|engaging|switching to|switching into)\s+(developer|god|jailbreak|unrestricted|unfiltered|uncensored|dan|sudo|root|superuser|override|unsafe)\s+mode\W*$|\b(act|behave|respond|answer|operate) as (an? )?(unrestricted|unfiltered|uncensored|jailbroken|unaligned|unbound|rogue|unconstrained|amoral)\b/;

/** The clause voids the agent's rules or switches it into a mode without them. */
export function voidsRules(c: string): boolean {
  if (MODE.test(c) && !NEGATED.test(c.slice(0, c.search(MODE)).slice(-20))) return true;
  const e = EARLIER_RULES.exec(c);
  if (e !== null && FOR_THE_AGENT.test(c)) {
    const s = STRONG_VOID.exec(c.slice(e.index + e[0].length));
    if (s !== null && !NEGATED.test(s[0].replace(/\bno longer\b/g, ' ').slice(0, -s[1]!.length))) return true;
  }
  const a = ANCHOR.exec(c);
  if (a === null) return false;
  // Voided after the rules are named: "prior guidance … is void".
  const after = c.slice(a.index + a[0].length, a.index + a[0].length + 90);
  const s = VOID_STATE.exec(after);
  if (s !== null) {
    const lead = after.slice(0, s.index).replace(/\bno longer\b/g, ' ');
    if (!NEGATED.test(lead) && !/[.;]/.test(lead)) return true;
  }
  // Voided by a verb before them: "disregard your earlier directions", "takes precedence over …".
  const before = c.slice(Math.max(0, a.index - 60), a.index);
  const v = VOID_ACT.exec(before);
  if (
    v === null ||
    NEGATED.test(
      before
        .slice(0, v.index)
        .slice(-25)
        .replace(/\bno longer\b/g, ' '),
    )
  )
    return false;
  // "without your usual guardrails" lifts them; "without the system prompt" describes a raw call.
  return !/^(without|free|freed|released)\b/.test(v[0]) || a[0].startsWith('your');
}
