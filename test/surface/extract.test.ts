/** Surface extraction: every model-visible string, with its location, within the caps. */
import { describe, expect, it } from 'vitest';

import type { Inventory, ListingEvidence, Probe } from '../../src/evidence/types.js';
import { extractSurface, MAX_DEPTH, MAX_STRING_CHARS } from '../../src/surface/extract.js';

const ok = (items: unknown[]): Probe<ListingEvidence> => ({
  kind: 'ok',
  value: { items, pages: 1, truncated: false, replies: [] },
  exchanges: [],
});
const skipped: Probe<ListingEvidence> = { kind: 'skipped', reason: 'not_needed' };

function inventory(p: Partial<Inventory>): Inventory {
  return {
    tools: skipped,
    prompts: skipped,
    resources: skipped,
    resourceTemplates: skipped,
    serverInfo: null,
    instructions: null,
    ...p,
  };
}

describe('extractSurface', () => {
  const inv = inventory({
    tools: ok([
      {
        name: 'search',
        title: 'Search',
        description: 'Finds things.',
        annotations: { title: 'Finder', readOnlyHint: true },
        _meta: { 'vendor/hint': 'meta text', nested: { deep: ['x'] } },
        inputSchema: {
          type: 'object',
          properties: {
            q: { type: 'string', description: 'query', default: 'cats', examples: ['dogs'] },
            mode: { enum: ['fast', 'slow'], const: 'fast', title: 'Mode' },
            description: { type: 'string' },
            nested: { type: 'array', items: { anyOf: [{ description: 'inner' }] } },
          },
          $defs: { d: { description: 'defined' } },
        },
        outputSchema: { type: 'object', properties: { out: { description: 'result' } } },
      },
    ]),
    prompts: ok([
      { name: 'p', description: 'A prompt', arguments: [{ name: 'topic', description: 'what about' }] },
    ]),
    resources: ok([{ name: 'r', uri: 'file:///x', description: 'res' }]),
    resourceTemplates: ok([{ name: 't', uriTemplate: 'file:///{p}', title: 'tmpl' }]),
    serverInfo: { name: 'srv', version: '1.0', title: 'Server' },
    instructions: 'Use carefully.',
  });
  const s = extractSurface(inv);
  const byPointer = new Map(s.items.flatMap((i) => i.strings.map((x) => [x.pointer, x])));

  it('keeps every field with its pointer, field path and role', () => {
    const expectations: [string, string, string][] = [
      ['/tools/0/name', 'search', 'name'],
      ['/tools/0/title', 'Search', 'title'],
      ['/tools/0/description', 'Finds things.', 'description'],
      ['/tools/0/annotations/title', 'Finder', 'annotation'],
      ['/tools/0/_meta/vendor~1hint', 'meta text', 'meta'],
      ['/tools/0/_meta/nested/deep/0', 'x', 'meta'],
      ['/tools/0/inputSchema/properties/q', 'q', 'property-name'],
      ['/tools/0/inputSchema/properties/q/description', 'query', 'schema-description'],
      ['/tools/0/inputSchema/properties/q/default', 'cats', 'schema-default'],
      ['/tools/0/inputSchema/properties/q/examples/0', 'dogs', 'schema-example'],
      ['/tools/0/inputSchema/properties/mode/enum/1', 'slow', 'schema-enum'],
      ['/tools/0/inputSchema/properties/mode/const', 'fast', 'schema-const'],
      ['/tools/0/inputSchema/properties/mode/title', 'Mode', 'schema-title'],
      ['/tools/0/inputSchema/properties/description', 'description', 'property-name'],
      ['/tools/0/inputSchema/properties/nested/items/anyOf/0/description', 'inner', 'schema-description'],
      ['/tools/0/inputSchema/$defs/d/description', 'defined', 'schema-description'],
      ['/tools/0/outputSchema/properties/out/description', 'result', 'schema-description'],
      ['/prompts/0/arguments/0/name', 'topic', 'argument-name'],
      ['/prompts/0/arguments/0/description', 'what about', 'argument-description'],
      ['/resources/0/uri', 'file:///x', 'uri'],
      ['/resourceTemplates/0/uriTemplate', 'file:///{p}', 'uri'],
      ['/instructions', 'Use carefully.', 'instructions'],
      ['/serverInfo/title', 'Server', 'server-info'],
    ];
    for (const [pointer, text, role] of expectations) {
      const got = byPointer.get(pointer);
      expect(got, pointer).toBeDefined();
      expect(got!.text, pointer).toBe(text);
      expect(got!.role, pointer).toBe(role);
    }
    expect(byPointer.get('/tools/0/inputSchema/properties/q/description')!.field).toBe(
      'inputSchema.properties.q.description',
    );
  });

  it('does not take a property named "description" for a description keyword', () => {
    expect(byPointer.has('/tools/0/inputSchema/properties/description/type')).toBe(false);
    expect([...byPointer.values()].some((x) => x.text === 'string')).toBe(false);
  });

  it('cuts long strings and records the depth limit', () => {
    let schema: Record<string, unknown> = { type: 'string', description: 'bottom' };
    for (let i = 0; i < MAX_DEPTH; i++) schema = { type: 'object', properties: { p: schema } };
    const big = extractSurface(
      inventory({
        tools: ok([{ name: 'big', description: 'x'.repeat(MAX_STRING_CHARS + 10), inputSchema: schema }]),
      }),
    );
    const d = big.items[0]!.strings.find((x) => x.field === 'description')!;
    expect(d.truncated).toBe(true);
    expect(d.text.length).toBe(MAX_STRING_CHARS);
    expect(d.length).toBe(MAX_STRING_CHARS + 10);
    expect(big.items[0]!.tooDeep.length).toBeGreaterThan(0);
    expect(big.items[0]!.strings.some((x) => x.text === 'bottom')).toBe(false);
  });

  it('ignores listings that did not come back and non-object items', () => {
    const e = extractSurface(inventory({ tools: ok(['junk', 42, null]) }));
    expect(e.items).toEqual([]);
  });
});
