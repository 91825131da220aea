/**
 * Disparaged other tools (the disparage-override shape): one clause runs another tool down (it is
 * broken, unsafe, compromised, returns wrong data, is being phased out), another sends every use of
 * its kind to this tool or away from the others. Three readings on the normalised clause: what is
 * said of a tool (harm or lifecycle), which tool it is said of (another by name, by kind, a pronoun
 * that points back, the assistant's own ability), and an exclusive preference for this tool. The
 * item graph (./graph.ts) joins them. A lifecycle word about a sibling on the same server
 * ("send_v1 is deprecated, use this one") is the server's own product guidance: medium there.
 * Every pattern is linear.
 */
import { DISPARAGE, OTHER_TOOLS } from './intent.js';
import { NEGATION } from './lexicon.js';
import { siblingsNamedIn } from './siblings.js';
import { prefilter } from './prefilter.js';

/** A tool past its life: still a reason to switch, but the server's own word about its own tools. */
const LIFECYCLE =
  /\b(deprecated|outdated|obsolete|legacy|retired|discontinued|superseded|sunset(ted)?|end[- ]of[- ]life|eol|unmaintained|abandoned|unsupported|(being|been|will be) (phased|rolled) out|phased out|no longer (supported|maintained|updated|developed))\b/;

/** Harm and bad quality beyond ./intent.ts DISPARAGE: wrong data, slowness, crashes, data lost or taken. */
const HARM =
  /\b(stale|slow|sluggish|laggy|inaccurate|incorrect|erroneous|error-?prone|error-?ridden|busted|borked|bugged|glitchy|wonky|unusable|unstable|crash(es|ing)?|will crash|hallucinat\w+|made-up|fabricated|corrupted|corrupt|tampered( with)?|backdoor(ed)?|intercepted|snooped on|eavesdropped|spies on|sells? (your|the user'?s|user) data|(returns?|gives?|produces?|yields?|outputs?|serves?|reports?) (\w+ )?(wrong|incorrect|erroneous|bogus|fake|stale|garbled|corrupted|invalid|bad|false|made-up|outdated|inaccurate|unreliable|garbage|junk|nonsense)\b|(wrong|incorrect|erroneous|bogus|garbled|corrupted|inaccurate|false) (data|results?|answers?|values?|outputs?|coordinates|prices|quotes|pages|info(rmation)?|numbers|responses?|translations?|figures|totals)|leaks? \w+( \w+)? to|(get|gets|are|is|were|was) (silently )?(wiped|erased|lost|deleted|dropped|exposed|stolen|logged)|drops? (\w+ )?(attachments|messages|data|files|notes|records|events|emails|rows)|loses? (\w+ )?(data|files|notes|messages|records|events|work)|(no longer|not) (working|functional|safe|secure|reliable|accurate)|(doesn'?t|does not|don'?t|do not) work( (properly|reliably|anymore|any more))?|not working|fails? (often|constantly|all the time|randomly|silently|regularly|frequently)|(is|are) (known to be )?(down|offline|hacked|breached|infected)|(inject|injects|insert|inserts|slip|slips|add|adds|sneak|sneaks) (\w+ )?(ads|advertising|adverts|tracking|trackers|malware|spam|affiliate links)|damag(e|es|ed|ing)|manipulat(e|es|ed|ing)|tamper(s|ed|ing)? with|censor(s|ed)?|spy on|track (you|the user)|sell (your|the user'?s) data)\b/;

const DISPARAGES_ANY = new RegExp(`${DISPARAGE.source}|${HARM.source}|${LIFECYCLE.source}`, 'g');

/** What a tool can be, by its kind: "the built-in web search", "the default fetch tool", "the legacy mailer". */
const KIND =
  '(tools?|functions?|servers?|plugins?|integrations?|extensions?|services?|connectors?|apps?|apis?|clients?|providers?|search|searches|fetch(er)?|browser|mailer|shell|terminal|translators?|translations?|calculators?|calendars?|databases?|db|storage|engines?|readers?|writers?|uploaders?|senders?|schedulers?|agents?|version|implementation|endpoints?|modules?|backends?)';
const QUALIFIED_OTHER = new RegExp(
  `\\b((the|a|any|every|all) )?(other|rival|competing|alternative|built-?in|native|legacy|stock|third-party|regular|standard|default|usual|old|older|original|generic|previous|existing) ([\\w-]+ ){0,3}${KIND}\\b|\\bthe (?!same\\b|current\\b|present\\b|above\\b|following\\b)(?<name>[\\w-]+) ([\\w-]+ )?(tool|function|server|plugin|integration|connector|extension)\\b|\\b${KIND} (provided by|from|of|on|in) (the )?(any|every|all|other|another|third-party|competing|rival|a different|different)\\b|\\b${KIND} (other than|besides|apart from|except) (this|ours|us|the present)\\b`,
);
/** The assistant's own ability taken as a rival: "your own arithmetic", "the assistant's native translation". */
const OWN_ABILITY =
  /\b(the assistant'?s?|the model'?s?|the ai'?s|your) (own|native|built-?in|internal) [\w-]+|\b(translating|computing|calculating|searching|answering|summari[sz]ing|writing|doing (it|this|that)) (it )?yourself\b|\byou'?re (bad|terrible|awful|useless) at\b/;
/** A pronoun that may point back at a tool named in the clause before. */
const BACK = /\b(it|they|them|those|these|that one|that tool|the former|the latter)\b/;
const PLURAL_BACK = /\b(they|them|those)\b/;
/** A snake_case word that names a setting, not a tool: "legacy_mode parameter is deprecated". */
const NOT_A_TOOL =
  /^\s*(parameter|argument|field|option|flag|setting|key|property|column|variable|value|attribute|header)s?\b/;
const SNAKE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** The item a clause belongs to: its name, its siblings on the same server, its parameters. */
export interface ItemContext {
  readonly self: string;
  readonly others: readonly string[];
  /** This item's parameters (a snake_case parameter named as deprecated is not a tool). */
  readonly params?: readonly string[];
}

/** A tool other than this one the clause names: `sibling` when it is one of the server's own. */
function otherNamed(text: string, ctx: ItemContext): 'sibling' | 'other' | null {
  const self = ctx.self.toLowerCase();
  if (siblingsNamedIn(text, ctx.others, self).length > 0) return 'sibling';
  if (OTHER_TOOLS.test(text)) return 'other';
  const q = QUALIFIED_OTHER.exec(text);
  // "the pdf tool" inside pdf_to_text's own description is itself.
  if (q !== null && !(q.groups?.name !== undefined && self.split(/[_-]/).includes(q.groups.name)))
    return 'other';
  if (text.includes('_'))
    for (const m of text.matchAll(SNAKE)) {
      const id = m[0];
      if (id === self || (ctx.params ?? []).some((p) => p.toLowerCase() === id)) continue;
      if (!NOT_A_TOOL.test(text.slice(m.index + id.length))) return 'other';
    }
  return OWN_ABILITY.test(text) ? 'other' : null;
}

export interface Disparagement {
  /** Harm or bad quality (high), or only a lifecycle word (deprecated, retired). */
  readonly harm: boolean;
  /** The tool run down is a sibling on this server. */
  readonly sibling: boolean;
}

/** The clause runs another tool down; `before` is the clause before it (a pronoun may point there). */
export function disparages(text: string, before: string | undefined, ctx: ItemContext): Disparagement | null {
  // "this is the only search tool that works": the others do not.
  if (ONLY_ONE_WORKS.test(text) && !NEGATED_CLAIM.test(text)) return { harm: true, sibling: false };
  const harm = DISPARAGE.test(text) || HARM.test(text);
  if (!harm && !LIFECYCLE.test(text)) return null;
  // "it is not safe" reads as negated; the disparagement is what it says. "does not claim others are unreliable" does not.
  if (NEGATION.test(text.replace(DISPARAGES_ANY, ' '))) return null;
  const named = otherNamed(text, ctx);
  // "other search tools: unreliable": a clause that is only the verdict points back too.
  const bare =
    text
      .replace(DISPARAGES_ANY, ' ')
      .replace(/\b(is|are|was|were|and|so|very|really|totally|known to be)\b|[^a-z]+/g, '') === '';
  const back =
    named === null && (BACK.test(text) || bare) && (PLURAL_BACK.test(text) || before !== undefined);
  const pointed = back ? (before === undefined ? 'other' : otherNamed(before, ctx)) : named;
  if (pointed === null) return null;
  // Deprecated is not harm, except in words that say it is unsafe ("deprecated due to security defects").
  const onlyLifecycle = !HARM.test(text) && !DISPARAGE.test(text.replace(LIFECYCLE_IN_DISPARAGE, ' '));
  return { harm: !onlyLifecycle, sibling: pointed === 'sibling' };
}
/** A claim that only this tool works, runs the others down without naming a fault. */
const ONLY_ONE_WORKS =
  /\b(the|this is the|it is the|it'?s the) only ([\w-]+ ){0,2}(tool|one|option|service|server|way|thing|function|integration) (that|which) (actually |really )?(works|is (safe|reliable|accurate|secure|trustworthy|up to date|correct))\b/;
const NEGATED_CLAIM = /\b(not|never|isn'?t|no longer)\b[^.;]{0,20}\bthe only\b/;
/** The lifecycle words ./intent.ts DISPARAGE also lists. */
const LIFECYCLE_IN_DISPARAGE = /\b(deprecated|outdated|obsolete|no longer supported)\b/g;

/** This tool (or the server's own), as the object or instrument of the agent's act. */
const THIS_REF =
  '(this (one|tool|server|service|function|integration|plugin|connector|api|app|endpoint|mcp server|extension)|ours|us)';
/** Everything of its kind, always, or in place of the others. */
const EXCLUSIVE =
  /\b(only|exclusively|solely|always|every|each|all|everything|anything|whatever|in (every|all|any) cases?|instead|no matter|regardless|from now on|going forward|entirely|at all times|any time|nothing else|no other|for good)\b/;
/** Staying away from the tools run down: "never invoke it", "shall not call them", "steer clear of those". */
const AVOID_BACK =
  /\b(never|do not|don'?t|dont|must not|mustn'?t|should not|shouldn'?t|shall not|may not|cannot|can'?t|(is|are) not to|must never|should never|shall never|stop|quit|no longer|cease|refuse to|decline to|abstain from|refrain from)\s+(\w+\s+)?(use|using|call|calling|invoke|invoking|touch|touching|trust|trusting|rely on|relying on|hand|send|give|pass|route|open|run|pick|choose|select|look at|consult|query)\s+(it|them|those|these|that one|that tool|theirs)\b|\b(avoid|skip|ignore|disregard|bypass|steer clear of|stay away from|keep away from|forget about|don'?t bother with|do not bother with)\s+(it|them|those|these|that one|that tool|theirs)\b|\bpretend (it|they|those) (doesn'?t|does not|don'?t|do not|never) exist|\b(act|behave) as (if|though) (it|they|those) (didn'?t|did not|don'?t|do not|wasn'?t|weren'?t|were not|was not) (exist|there)/;
/** Exclusive by its own words: "only this one", "this tool is the safe replacement", "only this one works". */
const ONLY_THIS = new RegExp(
  `\\b(only|exclusively|solely) (use |call |trust |through |via |with )?${THIS_REF}\\b|\\b${THIS_REF} (is|as|remains) (now )?(the|your) (only|sole|one|secure|safe|official|approved|trusted|recommended|reliable|correct|right|proper|new|supported)( [\\w-]+)? (option|choice|way|replacement|alternative|tool|one|source|path|route|provider|service)\\b|\\b${THIS_REF} only\\s*($|[,.;:!)])|\\bonly ${THIS_REF} (works|is (safe|secure|reliable|accurate|correct|trusted))\\b|\\b(re-?routed|redirected|re-?directed|diverted|re-?routes?|redirect) (\\w+ )?(here|to ${THIS_REF})\\b`,
);
/** This tool as the object or instrument of an act: exclusive with an EXCLUSIVE word. */
const TO_THIS = new RegExp(
  `\\b(use|prefer|trust|rely on|depend on|stick (with|to)|switch to|go with|choose|pick|call|invoke|employ|favou?r|treat)( only)? ${THIS_REF}\\b|\\b(through|via|with|using|to|from|by|on)( only)? ${THIS_REF}\\b|\\b(everything|all|every \\w+|anything) (\\S+ ){0,6}here\\b|\\bhere (instead|only)\\b`,
);
const IDENT = /\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b/g;
const OWN_NAMES = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The clause with this item's name and its siblings' names read as "this tool" (the server's own). */
function ownAsThis(text: string, self: string, others: readonly string[]): string {
  if (!text.includes('_') && !text.includes('-')) return text;
  let own = OWN_NAMES.get(others);
  if (own === undefined) {
    own = new Set(others.map((o) => o.toLowerCase()));
    OWN_NAMES.set(others, own);
  }
  const names = own;
  const me = self.toLowerCase();
  return text.replace(IDENT, (id) => (id === me || names.has(id) ? 'this tool' : id));
}

/**
 * The clause sends every use of its kind to this tool or the server's own (named tools of the
 * server read as "this tool"), or away from the ones run down.
 */
export function prefersThis(text: string, ctx: ItemContext): boolean {
  if (AVOID_BACK.test(text) && !NEGATION.test(text.replace(AVOID_BACK, ' '))) return true;
  const c = ownAsThis(text, ctx.self, ctx.others);
  if (ONLY_THIS.test(c)) return true;
  return TO_THIS.test(c) && EXCLUSIVE.test(c) && !NEGATION.test(c);
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(
  LIFECYCLE,
  HARM,
  QUALIFIED_OTHER,
  OWN_ABILITY,
  BACK,
  PLURAL_BACK,
  NOT_A_TOOL,
  ONLY_ONE_WORKS,
  NEGATED_CLAIM,
  EXCLUSIVE,
  ONLY_THIS,
  TO_THIS,
);
