/**
 * A harness for concept tests of the tool-surface judge: one tool (its description and parameter
 * descriptions) beside a few sibling tools, run through the whole TOOL family as a scan runs it.
 * A poisoned sentence must raise TOOL01, TOOL02 or TOOL03 at high or above on its own item; an
 * honest near-twin must raise nothing at high anywhere.
 */
import { expect, it } from 'vitest';

import type { Severity } from '../../src/checks/define-check.js';
import { surfaceEvidence } from './evidence.js';
import { toolFindings } from './run-checks.js';

export interface ConceptCase {
  /** What the sentence shows (the test name). */
  readonly name: string;
  /** The tool's description. */
  readonly d: string;
  /** Parameter descriptions by parameter name. */
  readonly params?: Readonly<Record<string, string>>;
  /** The tool's name (default `helper_tool`). */
  readonly item?: string;
  /** Sibling tools on the same server. */
  readonly siblings?: readonly string[];
}

const CONTENT = new Set(['MCPP-TOOL01', 'MCPP-TOOL02', 'MCPP-TOOL03']);
const HIGH: readonly (Severity | null)[] = ['high', 'critical'];

/** The TOOL findings of a server listing the case's tool and its siblings. */
export function findings(c: ConceptCase) {
  const name = c.item ?? 'helper_tool';
  const properties = Object.fromEntries(
    Object.entries(c.params ?? { input: 'The input.' }).map(([p, d]) => [
      p,
      { type: 'string', description: d },
    ]),
  );
  const tools = [
    { name, description: c.d, inputSchema: { type: 'object', properties } },
    ...(c.siblings ?? ['list_items']).map((s) => ({
      name: s,
      description: 'Another tool of this server.',
      inputSchema: { type: 'object', properties: {} },
    })),
  ];
  return { name, results: toolFindings(surfaceEvidence({ tools })) };
}

/** The case is caught: a content check at high or above on its own item. */
export function caught(c: ConceptCase): boolean {
  const { name, results } = findings(c);
  return results.some(
    (r) => CONTENT.has(r.checkId) && r.location === `tool:${name}` && HIGH.includes(r.severity),
  );
}

/** The case stays below high everywhere. */
export function quiet(c: ConceptCase): boolean {
  return !findings(c).results.some((r) => HIGH.includes(r.severity));
}

const show = (c: ConceptCase) =>
  findings(c)
    .results.map((r) => `${r.checkId}:${r.severity ?? '-'}@${r.location} ${r.message.slice(0, 300)}`)
    .join('\n');

/** One test per case: poisoned cases caught, honest cases quiet. */
export function conceptTests(poisoned: readonly ConceptCase[], honest: readonly ConceptCase[]): void {
  for (const c of poisoned) it(`poisoned: ${c.name}`, () => expect(caught(c), show(c)).toBe(true));
  for (const c of honest) it(`honest: ${c.name}`, () => expect(quiet(c), show(c)).toBe(true));
}
