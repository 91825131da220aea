/**
 * A check's fix in the recognised framework's terms: the check's `meta.fixes` entry for the
 * framework, else for the framework it is built on (fastmcp on the SDK 1.x), else none and the
 * generic remediation stands alone (docs/fingerprints.md#framework-specific-fixes).
 */
import type { FrameworkFix } from '../checks/define-check.js';
import { SIGNATURES } from '../fingerprint/signatures/index.js';
import type { FrameworkSignature } from '../fingerprint/types.js';

/** The framework and the ones it is built on, most specific first. */
function chain(id: string, signatures: readonly FrameworkSignature[]): FrameworkSignature[] {
  const sig = signatures.find((s) => s.id === id);
  return sig ? [sig, ...(sig.builtOn ? chain(sig.builtOn, signatures) : [])] : [];
}

export interface ResolvedFrameworkFix extends FrameworkFix {
  /** The framework whose entry applies (the recognised one or a base it is built on). */
  readonly framework: string;
  readonly name: string;
}

export function frameworkFixFor(
  fixes: Readonly<Record<string, FrameworkFix>> | undefined,
  framework: string | null,
  signatures: readonly FrameworkSignature[] = SIGNATURES,
): ResolvedFrameworkFix | null {
  if (!fixes || !framework) return null;
  for (const sig of chain(framework, signatures)) {
    const fix = fixes[sig.id];
    if (fix) return { framework: sig.id, name: sig.name, fix: fix.fix, source: fix.source };
  }
  return null;
}
