/**
 * The fingerprint judge: which framework serves the endpoint, from the features of the evidence
 * and the signatures (data). Precision first: a framework is named only when its matched weight
 * reaches the bar and no unrelated framework comes close; otherwise the answer is unknown.
 * A framework built on another (fastmcp on the SDK 1.x) inherits the base's signals and must
 * match at least one of its own, so the more specific name wins only on its own evidence.
 */
import { compiledOnce } from '../escape/regexp.js';
import type { Evidence } from '../evidence/types.js';
import { extractFeatures } from './features.js';
import { SIGNATURES } from './signatures/index.js';
import type { Feature, Fingerprint, FrameworkSignature, MatchedSignal, Signal } from './types.js';

/** The weight a framework needs to be named at all, and the weight of a confident answer. */
const MIN_SCORE = 5;
const HIGH_SCORE = 9;
/** An unrelated runner-up within this weight of the best makes the answer ambiguous (unknown). */
const MARGIN = 3;

interface Candidate {
  readonly sig: FrameworkSignature;
  readonly score: number;
  readonly matched: readonly MatchedSignal[];
}

function matches(signal: Signal, feature: Feature): boolean {
  if (signal.feature !== feature.name) return false;
  const m = signal.match;
  if ('equals' in m) return feature.value === m.equals;
  if ('pattern' in m) return compiledOnce(m.pattern).test(feature.value);
  return true;
}

function matchedSignals(signals: readonly Signal[], features: readonly Feature[]): MatchedSignal[] {
  return signals.flatMap((s) => {
    const f = features.find((x) => matches(s, x));
    return f
      ? [{ says: s.says, feature: f.name, value: f.value, weight: s.weight, evidence: f.evidence }]
      : [];
  });
}

function byId(id: string, signatures: readonly FrameworkSignature[]): FrameworkSignature | undefined {
  return signatures.find((s) => s.id === id);
}

/** The signature's own signals plus those of every framework it is built on. */
function inherited(sig: FrameworkSignature, signatures: readonly FrameworkSignature[]): Signal[] {
  const base = sig.builtOn ? byId(sig.builtOn, signatures) : undefined;
  return [...(base ? inherited(base, signatures) : []), ...sig.signals];
}

function candidateOf(
  sig: FrameworkSignature,
  features: readonly Feature[],
  all: readonly FrameworkSignature[],
): Candidate | null {
  if (matchedSignals(sig.excludes ?? [], features).length > 0) return null;
  if (sig.builtOn && matchedSignals(sig.signals, features).length === 0) return null;
  const matched = matchedSignals(inherited(sig, all), features);
  const score = matched.reduce((n, m) => n + m.weight, 0);
  return score >= MIN_SCORE ? { sig, score, matched } : null;
}

/** True when one framework is built (directly or not) on the other. */
function related(a: FrameworkSignature, b: FrameworkSignature, all: readonly FrameworkSignature[]): boolean {
  const chain = (s: FrameworkSignature): string[] => {
    const base = s.builtOn ? byId(s.builtOn, all) : undefined;
    return base ? [base.id, ...chain(base)] : [];
  };
  return chain(a).includes(b.id) || chain(b).includes(a.id);
}

function versionOf(sig: FrameworkSignature, features: readonly Feature[]): string | null {
  for (const rule of sig.versions ?? []) {
    const f = features.find((x) => x.name === rule.feature);
    const m = f ? compiledOnce(rule.pattern).exec(f.value) : null;
    if (m) return rule.range.replace('$1', m[1] ?? '');
  }
  return null;
}

function unknown(note: string, signals: readonly MatchedSignal[] = []): Fingerprint {
  return { framework: null, name: null, versionRange: null, confidence: 0, level: 'none', signals, note };
}

export function fingerprint(
  evidence: Evidence,
  signatures: readonly FrameworkSignature[] = SIGNATURES,
): Fingerprint {
  const features = extractFeatures(evidence);
  const ranked = signatures
    .map((s) => candidateOf(s, features, signatures))
    .filter((c): c is Candidate => c !== null)
    .sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best) return unknown('No framework signature reached the bar in this evidence.');
  if (second && best.score - second.score < MARGIN && !related(best.sig, second.sig, signatures)) {
    return unknown(
      `Ambiguous: ${best.sig.name} (${best.score}) and ${second.sig.name} (${second.score}) match alike.`,
      best.matched,
    );
  }
  const confidence = Math.min(1, best.score / HIGH_SCORE);
  return {
    framework: best.sig.id,
    name: best.sig.name,
    versionRange: versionOf(best.sig, features),
    confidence: Math.round(confidence * 100) / 100,
    level: best.score >= HIGH_SCORE ? 'high' : best.score >= MIN_SCORE + 2 ? 'medium' : 'low',
    signals: best.matched,
    note: second
      ? `Runner-up: ${second.sig.name} (${second.score} against ${best.score}).`
      : 'No other signature reached the bar.',
  };
}

/** The signals of one signature (with its base's) that the evidence matches: the detail behind an answer. */
export function signatureMatches(
  evidence: Evidence,
  sig: FrameworkSignature,
  signatures: readonly FrameworkSignature[] = SIGNATURES,
): MatchedSignal[] {
  return matchedSignals(inherited(sig, signatures), extractFeatures(evidence));
}
