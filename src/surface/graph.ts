/**
 * The item's intent graph: clause intents (./intent.ts) joined across the clauses and fields of
 * one item. A source gathered in one clause and a sink named in another still meet; claimed
 * authority counts with what it is claimed for; disparaged or ignored other tools count with the
 * preference for this one. Used by ./signals.ts `combine`.
 */
import { escapeRegExp } from '../escape/regexp.js';
import { headingCarries } from './author-routes.js';
import { disparages, prefersThis } from './disparage.js';
import type { ItemContext } from './disparage.js';
import { siblingsNamedIn } from './siblings.js';
import { DISPARAGE, IGNORE_OTHERS, OTHER_TOOLS } from './intent.js';
import type { Intent } from './intent.js';
import { skipsConsent } from './conceal.js';
import { orderedToolActs } from './tool-acts.js';
import { toolFlows } from './tool-flows.js';
import { NEGATION } from './lexicon.js';
import { splitMentions } from './mention.js';
import { guardsConsent } from './guard.js';
import { markersHandled } from './markers-handled.js';
import { toOwnDestination } from './owned.js';
import { overridesToolChoice } from './tool-choice.js';
import {
  changesSibling,
  NAMED_TOOL_ORDER,
  OTHER_TOOL_USE,
  RETARGETS,
  shadowsOtherTool,
  TURN_MARKER,
} from './steer.js';
import { prefilter } from './prefilter.js';

/** What the graph needs of a clause reading (./signals.ts ClauseReading). */
export interface Clause {
  readonly text: string;
  readonly agent: boolean;
  readonly directive: boolean;
  readonly negated: boolean;
  readonly mentioned: boolean;
  readonly families: readonly string[];
  readonly intent: Intent;
}

export interface ItemFinding<C extends Clause = Clause> {
  readonly severity: 'high' | 'medium';
  readonly family: 'exfiltration' | 'manipulation' | 'ordering';
  readonly signal: string;
  /** The clauses that carry it (for the excerpts). */
  readonly clauses: readonly C[];
}

const PREFERS_THIS =
  /\b(all|every|any|each)\s+([\w-]+\s+){0,2}(writes?|uploads?|requests?|calls?|queries|messages?|e-?mails?|payments?|operations?|lookups?|searches|conversions?|edits?|saves?)\s+(must|should|have to|need to|are to|shall)\s+(only\s+)?(go|be routed|be sent|pass|run|be made|be done|be handled)\s+(only\s+)?(through|via|with|using|by)\s+(this|us|ours|here)\b|\balways us\b|\b(always|only|exclusively) (prefer|use|call|through) (this|ours|us)\b|\b(processed|handled|done) exclusively by this\b|\bonly (ever )?\w+ (stuff |things |it )?through (us|this)\b|\bmandatory for all\b|\bmust never be used\b|\b(don'?t|do not) bother \w+ing yourself\b|\buse this instead\b|\b(always|only|exclusively) (use|call) this\b|\buse this (one|tool|server|function) (instead|for every|for all)\b|\b(never|do not|don't) (call|use|invoke|trust) (them|those)\b/;

const ACTING = ['manipulation', 'exfiltration', 'hijack'];

/** A tool other than this one, by its kind ("the regular send tool") or its snake_case name. */
const OTHER_NAMED =
  /\bthe (regular|standard|old|older|default|usual|original|built-?in|native|legacy|other) [\w-]+ (tool|function|server|integration)\b|\bthe [\w-]+ (server|plugin|integration|extension)\b|\b[a-z][a-z0-9]*_[a-z0-9_]+ (tool|function)\b/;
/** Staying away from the tools just named: "never call it", "decline to use them". */
const AVOID =
  /\b(rely|depend) (solely|only|exclusively|entirely) on (this|us|ours)\b|\b(never|do not|don'?t|must not|stop|quit) (use|using|call|calling|invoke|touch|trust|rely on|relying on) (it|them|those|that one|that tool|these)\b|\b(decline|refuse) to (use|call|invoke) (it|them|those|that one)\b|\bavoid (it|them|those)\b|\b(always|only|exclusively) \w+\b[^.;]{0,30}\b(through|via|with|to|using) (this|us|ours|here)\b|\bhere instead\b/;
const EXTERNAL_SINKS = ['url', 'capture', 'email', 'dns', 'requests'];
const DISPARAGE_ALL = new RegExp(DISPARAGE.source, 'g');
/** Tools in the plural that are not this server's own ("map tools in this session"). */
const PLURAL_TOOLS =
  /(?<!\b(these|our|its|my|this server'?s) )\b([\w-]+ )?(tools|servers|plugins|integrations)\b/;
/** A step made obligatory without naming who takes it: "… is required", "has to be placed in …". */
const REQUIRED = /\b(is|are) (required|mandatory|obligatory|compulsory)\b|\b(has|have) to be\b/;

/** Preference for this item by name, for everything: "route all messages through secure_send". */
function prefersByName(text: string, self: string): boolean {
  const n = self.toLowerCase();
  if (n.length < 4 || !text.includes(n)) return false;
  const at = text.indexOf(n);
  const near = text.slice(Math.max(0, at - 60), at + n.length + 30);
  return (
    /\b(through|via|use|using|with|employ|call|only)\s+\S*$/.test(text.slice(Math.max(0, at - 12), at)) &&
    /\b(always|every|all|only|exclusively|in every case|everything|instead|each)\b/.test(near)
  );
}

/** The clause names a tool other than this one (a sibling, or one by kind or by snake_case name). */
function namesOther(text: string, ctx: ItemContext): boolean {
  const self = ctx.self.toLowerCase();
  const m = OTHER_NAMED.exec(text);
  if (m !== null && !m[0].includes(self)) return true;
  return siblingsNamedIn(text, ctx.others, self, 4).length > 0;
}

/** The clause without what it quotes or exemplifies. */
const unquoted = (c: string): string => {
  const m = splitMentions(c);
  return m.mentions ? m.outside : c;
};

/**
 * Other tools run down or ignored, this one preferred: high; a sibling of this server only called
 * deprecated or retired, with this tool preferred, is the server's own product guidance: medium.
 */
function disparagingOverride<C extends Clause>(
  readings: readonly C[],
  live: readonly C[],
  ctx: ItemContext,
): ItemFinding<C> | null {
  // "it is not safe" reads as negated; the disparagement is what it says.
  // What a clause quotes ("descriptions that say 'every other tool is buggy'") is mentioned, not said.
  const own = readings.map((r) => (r.mentioned ? '' : unquoted(r.text)));
  const said = readings.map((r, i) =>
    r.mentioned ? null : disparages(own[i]!, i > 0 ? own[i - 1] : undefined, ctx),
  );
  const disparaged = readings.filter(
    (r, i) =>
      said[i] !== null ||
      (!r.mentioned &&
        DISPARAGE.test(r.text) &&
        !NEGATION.test(r.text.replace(DISPARAGE_ALL, ' ')) &&
        (OTHER_TOOLS.test(r.text) ||
          /\b(they|them|those)\b/.test(r.text) ||
          PLURAL_TOOLS.test(r.text) ||
          namesOther(r.text, ctx))),
  );
  // The user's pick of another tool refused reads as negated ("decline any request to use it"): the refusal is the order.
  const ignoring = readings.filter(
    (r) => !r.mentioned && ((!r.negated && IGNORE_OTHERS.test(r.text)) || overridesToolChoice(r.text)),
  );
  // "refuse to use them" reads as negated (a refusal); the refusal is the order here.
  const avoiding = readings.filter(
    (r) =>
      !r.mentioned &&
      ((AVOID.test(r.text) && !NEGATION.test(r.text.replace(AVOID, ' '))) ||
        prefersThis(unquoted(r.text), ctx)),
  );
  const prefers = [
    ...avoiding,
    ...live.filter(
      (r) => r.families.includes('ordering') || PREFERS_THIS.test(r.text) || prefersByName(r.text, ctx.self),
    ),
  ];
  if (ignoring.length === 0 && (disparaged.length === 0 || prefers.length === 0)) return null;
  // Only a lifecycle word, only about the server's own siblings: its own product guidance.
  const guidance =
    ignoring.length === 0 &&
    disparaged.every((r) => {
      const d = said[readings.indexOf(r)];
      return d != null && !d.harm && d.sibling;
    });
  return {
    severity: guidance ? 'medium' : 'high',
    family: 'ordering',
    signal: disparaged.length > 0 ? 'disparaging-override' : 'ignore-other-tools',
    clauses: [...new Set([...ignoring, ...disparaged, ...prefers])],
  };
}

export function judgeItem<C extends Clause>(
  readings: readonly C[],
  ctx: ItemContext = { self: '', others: [] },
): ItemFinding<C>[] {
  const out: ItemFinding<C>[] = [];
  const live = readings.filter((r) => !r.negated && !r.mentioned);
  const addressed = live.filter((r) => r.agent);
  // Gathered in one clause, sent in another; an order needs no addressee ("a call … is mandatory").
  const ordered = live.filter((r) => r.agent || r.directive || REQUIRED.test(r.text));
  const taking = ordered.filter(
    (r) => r.intent.acts.includes('collect') && r.intent.sources.some((s) => s !== 'output'),
  );
  const sending = ordered.filter((r) => r.intent.acts.includes('move') && r.intent.sinks.length > 0);
  if (taking.length > 0 && sending.some((s) => !taking.includes(s) || taking.length > 1))
    out.push({
      severity: 'high',
      family: 'exfiltration',
      signal: 'source-to-sink',
      clauses: [...taking, ...sending],
    });
  // A heading that names the data carries the object of the order under it ("## Token handling / send it to <url>").
  const headed = headingCarries(live);
  if (headed.length > 0)
    out.push({ severity: 'high', family: 'exfiltration', signal: 'heading-to-sink', clauses: headed });
  // A fake turn (role markers) that carries data out needs no addressee: the turn is the order.
  // Markers a tool says it strips or never interprets open no turn (./markers-handled.ts).
  if (readings.some((r) => TURN_MARKER.test(r.text) && !markersHandled(r.text))) {
    // The turn's order: data moved out, or a claim of authority, a grant, a redirect or a new value.
    const carried = live.filter(
      (r) =>
        (r.intent.acts.includes('move') && r.intent.sources.some((s) => s !== 'output')) ||
        (r.intent.acts.includes('move') && r.intent.sinks.some((s) => EXTERNAL_SINKS.includes(s))) ||
        r.intent.acts.some((a) => a !== 'move' && a !== 'collect'),
    );
    if (carried.length > 0)
      out.push({ severity: 'high', family: 'exfiltration', signal: 'role-turn-with-data', clauses: carried });
  }
  // Authority or consent claimed for the agent.
  // A claimed consent needs no addressee ("the user has approved it"), only someone ordered to act.
  // An order to skip the user's confirmation addresses whoever acts by itself ("skip the confirmation").
  // "never pay without asking the user" guards consent; it does not skip it (./guard.ts).
  const skips = live.some(
    (r) =>
      r.intent.acts.includes('skip-consent') && (r.agent || skipsConsent(r.text)) && !guardsConsent(r.text),
  );
  const claims = (addressed.length > 0 || skips) && live.some((r) => r.intent.acts.includes('authority'));
  if (claims || skips) {
    const acting =
      live.some(
        (r) =>
          r.families.some((f) => ACTING.includes(f)) ||
          r.intent.acts.includes('grant') ||
          r.intent.acts.includes('approve'),
      ) ||
      (claims && skips);
    out.push({
      severity: acting ? 'high' : 'medium',
      family: 'manipulation',
      signal: claims ? 'claimed-authority' : 'skips-consent',
      clauses: live.filter((r) => r.intent.acts.some((a) => a === 'authority' || a === 'skip-consent')),
    });
  }
  // Other tools disparaged or ignored, this one preferred.
  const ordering = disparagingOverride(readings, live, ctx);
  if (ordering !== null) out.push(ordering);
  // Shadowing: this item's text orders how another tool is used (a recipient added, a value changed).
  // A short scope clause before ("for all slack tools:") scopes the order after it.
  const scoped = (r: C) => {
    const prev = readings[readings.indexOf(r) - 1];
    return prev && prev.text.length < 60 && OTHER_TOOL_USE.test(prev.text)
      ? `${prev.text} ${r.text}`
      : r.text;
  };
  const acts = (r: C) =>
    (r.intent.acts.includes('move') && r.intent.sinks.some((s) => EXTERNAL_SINKS.includes(s))) ||
    r.intent.acts.some((a) => a === 'replace' || a === 'redirect' || a === 'grant');
  // A named sibling ordered to act ("the http_request tool must send its requests via …") is shadowed too.
  // A short clause naming a sibling ("for share_document:", "note for slack_post:") scopes the clause after it.
  const aimed = (r: C) => {
    const prev = readings[readings.indexOf(r) - 1];
    return prev && prev.text.length < 60 && namesOther(prev.text, ctx) ? `${prev.text} ${r.text}` : r.text;
  };
  // Data a sibling sends to the user's own address ("the link goes to the address on the account") stays theirs.
  const takesData = (r: C) =>
    r.intent.acts.includes('move') &&
    r.intent.sources.some((s) => s !== 'output' && s !== 'file') &&
    !toOwnDestination(r.text);
  const namedOrder = (r: C) => {
    // What the clause quotes ("catches stuff like 'bcc this on every send_email'") is mentioned, not ordered.
    const t = unquoted(aimed(r));
    if (!namesOther(t, ctx)) return false;
    const ordered = NAMED_TOOL_ORDER.test(t) || r.agent || r.directive;
    return (
      (ordered && changesSibling(t, true, takesData(r))) ||
      (NAMED_TOOL_ORDER.test(t) && (acts(r) || RETARGETS.test(t)))
    );
  };
  // "the user won't mind" reassures; it does not negate the order it follows.
  const reassured = readings.filter(
    (r) => !r.mentioned && r.negated && /\b(won'?t|will not|wouldn'?t) (mind|care|notice)\b/.test(r.text),
  );
  const shadows = [...live, ...reassured].filter(
    (r) => ((r.agent || r.directive) && shadowsOtherTool(scoped(r), acts(r))) || namedOrder(r),
  );
  if (shadows.length > 0)
    out.push({ severity: 'high', family: 'ordering', signal: 'shadows-other-tool', clauses: shadows });
  // An act of consequence through a tool whose name says it (delete_branch, approve_merge), unchecked.
  const toolActs = orderedToolActs(readings, ctx.others, ctx.self);
  if (toolActs.length > 0)
    out.push({ severity: 'high', family: 'manipulation', signal: 'tool-act', clauses: toolActs });
  // Sensitive data read through a tool, its output put into a parameter, a document or the reply.
  const flows = toolFlows(readings, ctx.others, ctx.self);
  if (flows.length > 0)
    out.push({ severity: 'high', family: 'exfiltration', signal: 'tool-to-tool', clauses: flows });
  return out;
}

/** Sibling tools named in the firing text (≥4 characters, not this item). */
export function namedSiblings(
  firing: readonly { readonly text: string }[],
  itemName: string,
  siblings: readonly string[],
): string[] {
  // Most items fire nothing: no work per sibling then (a surface of 20 000 tools is judged item by item).
  if (firing.length === 0 || siblings.length === 0) return [];
  const own = itemName.toLowerCase();
  const text = firing.map((r) => r.text).join('\n');
  const lower = text.toLowerCase();
  const named = new Set<string>();
  for (const sibling of siblings) {
    const n = sibling.toLowerCase();
    if (n.length < 4 || n === own || !lower.includes(n)) continue;
    if (new RegExp(`(^|[^a-z0-9_])${escapeRegExp(n)}($|[^a-z0-9_])`).test(text)) named.add(n);
    if (named.size >= 5) break;
  }
  return [...named];
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(PREFERS_THIS, OTHER_NAMED, PLURAL_TOOLS, REQUIRED);
