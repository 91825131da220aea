/**
 * The output formats loaded on demand: a scan that writes the text report never loads the
 * HTML, SARIF or compliance renderers (nor what they import).
 */
import type { FormatName, FormatSpec, RendererModules } from './format-spec.js';
import { BIND_FORMAT } from './format-spec.js';

const LOAD: { readonly [N in FormatName]: () => Promise<RendererModules[N]> } = {
  text: () => import('./text.js'),
  json: () => import('./json.js'),
  sarif: () => import('./sarif.js'),
  junit: () => import('./junit.js'),
  markdown: () => import('./markdown.js'),
  html: () => import('./html.js'),
  compliance: () => import('./compliance.js'),
  migration: () => import('./migration.js'),
};

async function loadOne<N extends FormatName>(name: N): Promise<FormatSpec> {
  const bind: (m: RendererModules[N]) => FormatSpec = BIND_FORMAT[name];
  return bind(await LOAD[name]());
}

/** The specs of `names` (each renderer module imported once, when first asked for). */
export async function loadFormats(
  names: readonly FormatName[],
): Promise<ReadonlyMap<FormatName, FormatSpec>> {
  const unique = [...new Set(names)];
  const specs = await Promise.all(unique.map((n) => loadOne(n)));
  return new Map(unique.map((n, i) => [n, specs[i]!]));
}
