/**
 * What the judge reads and says, as types: an item's text segments, the context it is judged in,
 * the reading of each clause, and the item's judgement (./signals.ts reads, ./grade.ts grades).
 */
import type { GlossLanguage } from './gloss/types.js';
import type { Intent } from './intent.js';

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
