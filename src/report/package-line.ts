/**
 * The package a scan installed and launched (`scan --npm`, `--pypi`), in one line every format
 * shows under the target (docs/stdio.md#audit-a-package-before-installing-it). The caller escapes
 * it for its format: the name, version and bin come from the package.
 */
import type { StdioPackage } from '../evidence/stdio-types.js';

export function packageLine(p: StdioPackage): string {
  const scripts = p.installScripts.declared
    ? `yes (not run; declared by ${p.installScripts.by.join(', ')})`
    : 'no';
  return `${p.ecosystem} package ${p.name} ${p.version} · integrity ${p.integrity ?? 'unknown'} · command ${p.bin} · install scripts declared: ${scripts}`;
}
