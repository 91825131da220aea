/**
 * The signal model. Text is split into sentences and clauses; each clause is read for its
 * addressee (the agent, or a description of the tool), its directive (must, always, never, do
 * not, before, instead), its target (another tool, the user, a secret, a sink) and its scope (this
 * tool, or others). Families of signals are combined per item, so a payload split over fields
 * still meets; negation and self-description are counter-evidence. Severity follows what an
 * attacker gets, confidence how many independent signals agree.
 */
import {
  ACTION,
  AGENT,
  CONTEXT_WORDS,
  CROSS_TOOL,
  DIRECTIVE,
  IMPERATIVE_OPENING,
  INTO_PARAMETER,
  NEGATION,
  ORDERING_OVER_OTHERS,
  SECRET_SOURCE,
  SECRET_WORDS,
  SELF_SCOPE,
  SENSITIVE_EXTRA,
  SENSITIVE_PATHS,
  SINK,
  STRONG_DIRECTIVE,
  TRANSFER,
} from './lexicon.js';
import { addressOnly, describesTool, impliedAddressee, LEADING_ADDRESS } from './address.js';
import { hides, withoutHiding } from './conceal.js';
import { withoutVoidRules } from './evasion.js';
import { clauses, forRules, MAX_CLAUSES } from './clauses.js';
import { parameterNames } from './flows.js';
import { namedSiblings } from './graph.js';
import { gradeOrdering } from './ordering.js';
import { gradeLeaks } from './leaks.js';
import { gradeSecrecy } from './secrecy.js';
import { authorSets, intentFamilies, readIntent } from './intent.js';
import { authorRoutes } from './author-routes.js';
import type { Intent } from './intent.js';
import { detectLanguage, gloss } from './gloss/gloss.js';
import type { GlossLanguage } from './gloss/types.js';
import { isListItem, splitMentions } from './mention.js';
import { CLIENT_CONFIG, mainPart, overrides, TURN_MARKER } from './steer.js';
import { judgedView } from './markup.js';
import { roleMarked } from './markers-handled.js';
import { gradeHiddenOrders } from './hidden-orders.js';
import { escapeExcerpt } from '../escape/invisible.js';

export type JudgedSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info';

/** The families TOOL01 reports (its result keys). */
export type Family =
  | 'override'
  | 'secrecy'
  | 'exfiltration'
  | 'ordering'
  | 'hijack'
  | 'manipulation'
  | 'imperative'
  | 'role-markers'
  | 'mentioned';

export interface Segment {
  readonly text: string;
  /** Where the text came from (a field path of the item). */
  readonly field: string;
}

export interface JudgeContext {
  readonly itemKind: string;
  readonly itemName: string;
  /** Names of other tools on the same server (sibling mentions are not cross-tool). */
  readonly siblings?: readonly string[];
  /** Names of the item's parameters (data put "into rules_blob" goes into a parameter). */
  readonly params?: readonly string[];
}

/** What reading a clause needs beyond the item: its parameters, and whether a vocative addressed it. */
interface ReadContext extends JudgeContext {
  readonly params?: readonly string[];
  readonly addressed?: boolean;
}

export interface ClauseReading {
  readonly field: string;
  readonly text: string;
  readonly hidden: boolean;
  readonly agent: boolean;
  /** The agent is named (you, the assistant, the model) or a vocative before addressed it. */
  readonly named: boolean;
  readonly directive: boolean;
  readonly negated: boolean;
  readonly selfScoped: boolean;
  readonly families: readonly Family[];
  readonly targets: readonly ('secret' | 'sensitive-path' | 'context' | 'sink' | 'user' | 'other-tools')[];
  readonly concealment: boolean;
  readonly action: boolean;
  /** A secret directed into a parameter: often the parameter's own purpose (an API key field), so weak. */
  readonly secretToParameter: boolean;
  /** What the clause takes, does and where it sends it (./intent.ts). */
  readonly intent: Intent;
  /** Instruction-like only inside quotes, code or examples: mentioned, not used. */
  readonly mentioned: boolean;
  /** Read through an English gloss (./gloss/gloss.ts): the language, and the server's own clause. */
  readonly gloss?: { readonly language: GlossLanguage; readonly original: string };
}

export interface Judgement {
  readonly severity: JudgedSeverity | null;
  readonly confidence: 'high' | 'medium' | 'low';
  /** The deciding family (TOOL01 key). */
  readonly family: Family | null;
  readonly signals: readonly string[];
  readonly counterSignals: readonly string[];
  /** Up to five escaped excerpts of the clauses that fired, with their field. */
  readonly excerpts: readonly { readonly field: string; readonly text: string }[];
  /** Sibling tools the firing text names: the payload's targets, not its carriers. */
  readonly targets: readonly string[];
}

const RANK: Readonly<Record<JudgedSeverity, number>> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

function sensitivePath(c: string): boolean {
  return SENSITIVE_PATHS.some(([, re]) => re.test(c)) || SENSITIVE_EXTRA.test(c) || CLIENT_CONFIG.test(c);
}

/**
 * Reads a clause; when it fires only because of what it quotes or exemplifies, and the words around
 * the mention do not direct the agent, it is mentioned: its families are dropped (info at most).
 */
function readClause(
  text: string,
  field: string,
  hidden: boolean,
  ctx: ReadContext,
  listed = false,
): ClauseReading {
  const full = readPlain(text, field, hidden, ctx);
  if (full.families.length === 0) return full;
  const mentioned = { ...full, families: [], mentioned: true };
  if (listed) return mentioned;
  const m = splitMentions(text);
  if (!m.mentions) return full;
  const around = readPlain(m.outside, field, hidden, ctx);
  // An agent addressed around a detection frame is told to run the detector, not to do what it detects.
  const directs = around.families.length > 0 || (around.agent && !m.detects);
  return directs ? full : mentioned;
}

/** A bare imperative with "never"/"do not" applies to the agent; "never sends" describes the tool. */
function readPlain(text: string, field: string, hidden: boolean, ctx: ReadContext): ClauseReading {
  const c = forRules(text);
  const concealment = hides(c);
  // "The user won't notice" hides an act, "the refusal rules don't apply" voids rules: neither negates.
  const negated = NEGATION.test(mainPart(withoutVoidRules(concealment ? withoutHiding(c) : c)));
  // Concealment is itself addressed to whoever acts: the agent; so is an imperative or a clause after a vocative.
  const agent =
    concealment ||
    ((AGENT.test(c) || IMPERATIVE_OPENING.test(c) || ctx.addressed === true || impliedAddressee(c)) &&
      !describesTool(c));
  const directive = DIRECTIVE.test(c);
  const self = SELF_SCOPE.test(c) || (ctx.itemName.length >= 3 && c.includes(ctx.itemName.toLowerCase()));
  const targets: ClauseReading['targets'][number][] = [];
  if (SECRET_WORDS.test(c)) targets.push('secret');
  if (sensitivePath(c)) targets.push('sensitive-path');
  if (CONTEXT_WORDS.test(c)) targets.push('context');
  if (SINK.test(c)) targets.push('sink');
  if (/\b(the user|users?'s?|the human)\b/.test(c)) targets.push('user');
  if (/\b(other|another|all|any|every)\s+(other\s+)?(tools?|functions?|servers?)\b/.test(c))
    targets.push('other-tools');
  const families: Family[] = [];
  let secretToParameter = false;
  const action = ACTION.test(c);
  if (concealment) families.push('secrecy');
  if (overrides(c)) families.push('override');
  if (roleMarked(c)) families.push('role-markers');
  // Ordering over "the other tools on this server" is self-scoped guidance, not a cross-tool order.
  const sameServer = /\b(on|of|from|in) this (server|mcp server)\b|\bthis server'?s\b/.test(c);
  if (CROSS_TOOL.some((re) => re.test(c)) || (ORDERING_OVER_OTHERS.test(c) && !sameServer))
    families.push('ordering');
  const transfer = TRANSFER.test(c);
  // A secret taken from the environment, a config file or other tools is being stolen, not supplied.
  const stolenSecret = targets.includes('secret') && SECRET_SOURCE.test(c);
  const valuable = targets.includes('sensitive-path') || targets.includes('context') || stolenSecret;
  const readsValuable =
    valuable &&
    /\b(read|open|cat|load|access|retrieve|fetch|get|collect|extract|grab|look up|check)\b|\b[a-z0-9]+_(read|cat|open|load|fetch|get)|\b(read|cat|open|load|fetch|get)_[a-z0-9]/.test(
      c,
    );
  if (!negated && agent && (transfer || readsValuable) && valuable && (directive || transfer || hidden))
    families.push('exfiltration');
  else if (
    !negated &&
    agent &&
    transfer &&
    targets.includes('secret') &&
    targets.includes('sink') &&
    directive
  )
    families.push('exfiltration');
  else if (!negated && agent && transfer && targets.includes('secret') && INTO_PARAMETER.test(c) && directive)
    secretToParameter = true;
  const param = /properties\.([^.]+)\.[a-z]+$/i.exec(field)?.[1] ?? '';
  const sensitive = targets.includes('sensitive-path');
  const known = {
    stolenSecret,
    sensitive,
    params: ctx.params ?? [],
    field,
    param,
    siblings: ctx.siblings,
    item: ctx.itemName,
  };
  const intent = readIntent(c, known);
  // "X must also send …", "… are to be sent": a directive without a named addressee still orders.
  // A payment, a privilege or a parameter's value (the user's secret) set by the author needs no addressee.
  const setsValue = authorSets(intent, directive, param);
  const orders = agent || STRONG_DIRECTIVE.test(c) || /\b(is|are) to be\b|\bshall\b/.test(c) || setsValue;
  if (orders && !negated) families.push(...intentFamilies(c, intent, directive, families));
  // "The API key goes to <url>": the author routes the agent's data, no addressee needed.
  if (!negated && !families.includes('exfiltration') && authorRoutes(c, intent))
    families.push('exfiltration');
  if (families.length === 0 && agent && STRONG_DIRECTIVE.test(c) && !negated) families.push('imperative');
  return {
    field,
    text,
    hidden,
    agent,
    named: AGENT.test(c) || ctx.addressed === true || LEADING_ADDRESS.test(c),
    directive,
    negated,
    selfScoped: self,
    families,
    targets,
    concealment,
    action,
    secretToParameter,
    intent,
    mentioned: false,
  };
}

/**
 * The clauses the rules read: the text's own, or in a language the judge glosses, each clause's
 * English gloss split again (a gloss may join clauses with "and then"), remembering the original.
 */
function* readable(text: string): Generator<{ text: string; gloss?: ClauseReading['gloss'] }> {
  const language = detectLanguage(text);
  for (const c of clauses(text)) {
    if (language === null) yield { text: c };
    else for (const g of clauses(gloss(c, language))) yield { text: g, gloss: { language, original: c } };
  }
}

/** Reads every clause of every segment (visible text and hidden parts). */
function readSegments(segments: readonly Segment[], ctx: ReadContext): ClauseReading[] {
  const out: ClauseReading[] = [];
  const withGloss = (r: ClauseReading, g: ClauseReading['gloss']) => (g ? { ...r, gloss: g } : r);
  // After a clause that only addresses the agent ("note for the ai agent:"), the field's clauses are addressed.
  const addressed = { ...ctx, addressed: true };
  // A clause repeated in an item (hostile text repeats one sentence thousands of times) is read once.
  const seen = new Map<string, ClauseReading>();
  const read = (text: string, field: string, hidden: boolean, to: ReadContext, listed = false) => {
    const key = `${Number(hidden)}${Number(listed)}${Number(to === addressed)}\u0000${field}\u0000${text}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    const r = readClause(text, field, hidden, to, listed);
    seen.set(key, r);
    return r;
  };
  for (const s of segments) {
    const n = judgedView(s.text);
    let listed = false;
    let to = ctx;
    for (const c of readable(n.text)) {
      // A list that a framed clause opened ("phrases such as:") holds mentions while it lasts.
      listed =
        listed &&
        (isListItem(c.text) || /\b(e\.g\.?|for example|such as|i\.e\.)$/.test(out.at(-1)?.text ?? ''));
      out.push(withGloss(read(c.text, s.field, false, to, listed), c.gloss));
      if (!listed) listed = splitMentions(c.text).opensList;
      if (addressOnly(c.text)) to = addressed;
    }
    for (const h of n.hidden) {
      to = ctx;
      // Hidden markup the text quotes as an example ("comments such as <!-- … -->") is mentioned.
      const quoted = n.exemplified.has(h);
      for (const c of readable(h)) {
        const r = read(c.text, s.field, true, to);
        out.push(withGloss(quoted ? { ...r, families: [], mentioned: true } : r, c.gloss));
        if (addressOnly(c.text)) to = addressed;
      }
    }
    if (out.length >= MAX_CLAUSES) break;
  }
  return out;
}

const bump = (s: JudgedSeverity): JudgedSeverity =>
  s === 'info' ? 'medium' : s === 'low' ? 'medium' : s === 'medium' ? 'high' : s;

interface Graded {
  severity: JudgedSeverity | null;
  family: Family | null;
  readonly signals: string[];
  readonly counter: string[];
  /** Clauses the item graph joined (they may fire no family alone). */
  readonly joined: ClauseReading[];
}

type Raise = (s: JudgedSeverity, f: Family) => void;

function grade(readings: readonly ClauseReading[], ctx: JudgeContext): Graded {
  const instructions = ctx.itemKind === 'server' && /instructions/.test(ctx.itemName + ctx.itemKind);
  const has = (f: Family) => readings.some((r) => r.families.includes(f));
  const g: Graded = { severity: null, family: null, signals: [], counter: [], joined: [] };
  const raise: Raise = (s, f) => {
    if (g.severity === null || RANK[s] > RANK[g.severity]) {
      g.severity = s;
      g.family = f;
    }
  };
  gradeSecrecy(readings, g, (s) => raise(s, 'secrecy'));
  for (const f of ['exfiltration', 'override', 'hijack', 'manipulation'] as const)
    if (has(f)) {
      g.signals.push(f);
      raise('high', f);
    }
  gradeLeaks(readings, g, () => raise('high', 'exfiltration'));
  gradeOrdering(readings, g, raise, ctx);
  if (has('role-markers')) {
    g.signals.push('role-markers');
    raise(
      readings.some((r) => r.families.includes('role-markers') && r.directive && TURN_MARKER.test(r.text))
        ? 'medium'
        : 'low',
      'role-markers',
    );
  }
  if (readings.some((r) => r.secretToParameter)) {
    g.signals.push('secret-to-parameter');
    g.counter.push('a secret into a parameter may be the parameter’s own purpose');
    raise('low', 'exfiltration');
  }
  if (has('imperative') && !instructions) {
    g.signals.push('imperative');
    raise('info', 'imperative');
  }
  if (readings.some((r) => r.mentioned)) {
    g.counter.push('quoted or exemplified text (mentioned, not used)');
    raise('info', 'mentioned');
  }
  // Text hidden from the rendered view that instructs the agent is worse than the same text in view.
  if (readings.some((r) => r.hidden && r.families.length > 0) && g.severity !== null) {
    g.signals.push('hidden-placement');
    g.severity = bump(g.severity);
  }
  gradeHiddenOrders(readings, g, (f) => raise('high', f));
  return g;
}

/** Combines the clause readings of one item into one judgement. */
function combine(readings: readonly ClauseReading[], ctx: JudgeContext): Judgement {
  const g = grade(readings, ctx);
  const { severity, family } = g;
  for (const r of readings) {
    if (
      r.negated &&
      (r.targets.includes('sensitive-path') || r.targets.includes('secret') || r.targets.includes('sink'))
    )
      g.counter.push('negated or rejected mention');
    if (r.selfScoped && r.directive && r.families.length === 0) g.counter.push('self-scoped guidance');
  }
  const fired = readings.filter(
    (r) => r.families.length > 0 && (family === null || r.families.includes(family)),
  );
  const firing =
    fired.length > 0 ? fired : family === 'mentioned' ? readings.filter((r) => r.mentioned) : g.joined;
  const independent = new Set<string>();
  for (const r of firing) {
    if (r.agent) independent.add('addressee');
    if (r.directive) independent.add('directive');
    if (r.targets.length) independent.add('target');
    if (r.hidden) independent.add('hidden');
    for (const f of r.families) independent.add(f);
    for (const a of r.intent.acts) independent.add(a);
  }
  for (const l of new Set(firing.map((r) => r.gloss?.language))) if (l) g.signals.push(`read-in:${l}`);
  if (firing.some((r) => r.agent)) g.signals.push('addressee:agent');
  if (firing.some((r) => r.directive)) g.signals.push('directive');
  for (const t of new Set(firing.flatMap((r) => r.targets))) g.signals.push(`target:${t}`);
  const confidence = independent.size >= 4 ? 'high' : independent.size >= 3 ? 'medium' : 'low';
  return {
    severity,
    confidence,
    family,
    signals: [...new Set(g.signals)],
    counterSignals: [...new Set(g.counter)],
    // The server's own words, never the gloss the rules read.
    excerpts: [...new Map(firing.map((r) => [r.gloss?.original ?? r.text, r])).entries()]
      .slice(0, 5)
      .map(([text, r]) => ({ field: r.field, text: escapeExcerpt(text, 200) })),
    targets: namedSiblings(firing, ctx.itemName, ctx.siblings ?? []),
  };
}

/** Judges one item: each field alone and all fields together (a payload split over fields meets). */
export function judgeSegments(segments: readonly Segment[], ctx: JudgeContext): Judgement {
  const params = [...new Set([...(ctx.params ?? []), ...parameterNames(segments.map((s) => s.field))])];
  const c = { ...ctx, params };
  return combine(readSegments(segments, c), c);
}
