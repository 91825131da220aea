/**
 * Framework fingerprints as data: what a server framework leaves in the evidence a scan already
 * gathers (answers, error texts and codes, status habits, header sets, the 401 challenge), each
 * signal with its weight and the framework source it was read from (docs/fingerprints.md).
 */
import type { ExchangeId } from '../evidence/types.js';

/** Observations the judge compares signals with, extracted from the evidence by ./features.ts. */
export type FeatureName =
  | 'header.server'
  | 'header.x-powered-by'
  | 'header.access-control-allow-headers'
  | 'init.content-type'
  | 'init.first-key'
  | 'init.protocol-version'
  | 'init.sse-event-id'
  | 'session.id-format'
  | 'server-info.version'
  | 'server-info.keys'
  | 'capabilities'
  | 'eras'
  | 'error.session-missing'
  | 'error.session-unknown'
  | 'error.version-bad'
  | 'error.batch'
  | 'error.tool-unknown'
  | 'get.status'
  | 'get.body'
  | 'host-probe.status'
  | 'challenge'
  | 'challenge.body'
  | 'tools.meta-keys';

export interface Feature {
  readonly name: FeatureName;
  readonly value: string;
  readonly evidence: readonly ExchangeId[];
}

export type SignalMatch =
  | { readonly equals: string }
  | { readonly pattern: string }
  /** Any observed value: the feature's presence is the signal. */
  | { readonly present: true };

export interface Signal {
  readonly feature: FeatureName;
  readonly match: SignalMatch;
  /** 1: a habit many share; 2–3: typical of a family; 4: unique to this framework. */
  readonly weight: number;
  /** What the match shows, in words. */
  readonly says: string;
}

export interface SignatureSource {
  readonly url: string;
  /** The package version or tag the signal was read from. */
  readonly version: string;
  readonly checked: string;
}

/** A version range read from a feature's value (`$1` is the first capture group of the pattern). */
export interface VersionRule {
  readonly feature: FeatureName;
  readonly pattern: string;
  readonly range: string;
}

export interface FrameworkSignature {
  readonly id: string;
  readonly name: string;
  readonly language: 'TypeScript' | 'Python' | 'Go' | 'Java' | 'C#';
  /** The framework this one is built on (its base signals match too; the more specific one wins). */
  readonly builtOn?: string;
  readonly signals: readonly Signal[];
  /** Observations that rule the framework out. */
  readonly excludes?: readonly Signal[];
  readonly versions?: readonly VersionRule[];
  readonly sources: readonly SignatureSource[];
  /** `ran`: a positive test runs the real package here; `data-only`: read from source, not runnable here. */
  readonly tested: 'ran' | 'data-only';
  readonly note?: string;
}

export interface MatchedSignal {
  readonly says: string;
  readonly feature: FeatureName;
  readonly value: string;
  readonly weight: number;
  readonly evidence: readonly ExchangeId[];
}

export interface Fingerprint {
  /** The framework's id, or null when unknown. */
  readonly framework: string | null;
  readonly name: string | null;
  readonly versionRange: string | null;
  /** 0–1: the matched weight against the high-confidence bar. */
  readonly confidence: number;
  readonly level: 'high' | 'medium' | 'low' | 'none';
  readonly signals: readonly MatchedSignal[];
  /** Why unknown, or which candidate came second. */
  readonly note: string;
}
