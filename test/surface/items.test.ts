/**
 * One surface-item model (src/surface/items.ts) read by locks, the model-visible surface and fleet
 * records. The stored spellings of the template kind stay what existing files hold: a lock's
 * `incomplete` says `resourceTemplate`, a fleet record and the history database say
 * `resource-template`. The fleet's former reader is frozen below to prove its rows unchanged.
 */
import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import type { Evidence, ListingEvidence, Probe } from '../../src/evidence/types.js';
import { surfacesOf } from '../../src/fleet/record.js';
import { buildEntry } from '../../src/lock/build.js';
import { canonicalJson } from '../../src/lock/canonical.js';
import { extractSurface } from '../../src/surface/extract.js';
import { ITEM_KEY, ITEM_KINDS, LISTED_KINDS } from '../../src/surface/items.js';
import { evidence } from '../helpers/evidence.js';

const listing = (items: unknown[], truncated = false): Probe<ListingEvidence> => ({
  kind: 'ok',
  value: { items, pages: 1, truncated, replies: [] },
  exchanges: [],
});
const failed: Probe<ListingEvidence> = {
  kind: 'failed',
  error: { code: 'timeout', message: 't' },
  exchanges: [],
};

const ev: Evidence = evidence((e) => {
  e.inventory = {
    tools: listing([
      { name: 'b', description: 'B' },
      'junk',
      { title: 'no name' },
      { name: 'x'.repeat(400) },
    ]),
    prompts: failed,
    resources: listing([{ uri: 'x://1', name: 'one' }, { name: 'no uri' }]),
    resourceTemplates: listing([{ uriTemplate: 'x://{id}', name: 't' }, { uri: 'x://wrong' }], true),
    serverInfo: { name: 's', version: '1' },
    instructions: 'Hi',
  };
});

/** The fleet's surface rows as src/fleet/record.ts built them before the merge (at 2080e8e). */
function fleetRowsBefore(e: Evidence): { kind: string; name: string; sha256: string }[] {
  const inv = e.inventory!;
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  const rows = (kind: string, p: Probe<ListingEvidence>) => {
    if (p.kind !== 'ok') return [];
    return p.value.items.slice(0, 2_000).map((item, i) => {
      const o = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      const f = kind === 'resource' ? o['uri'] : kind === 'resource-template' ? o['uriTemplate'] : o['name'];
      const name = typeof f === 'string' ? cut(f, 300) : `#${i}`;
      return { kind, name, sha256: createHash('sha256').update(canonicalJson(item, 64)).digest('hex') };
    });
  };
  return [
    ...rows('tool', inv.tools),
    ...rows('prompt', inv.prompts),
    ...rows('resource', inv.resources),
    ...rows('resource-template', inv.resourceTemplates),
  ];
}

describe('the surface-item model', () => {
  it('names each listing of the inventory once, with its key', () => {
    expect(LISTED_KINDS.map((k) => k.list)).toEqual(['tools', 'prompts', 'resources', 'resourceTemplates']);
    expect(ITEM_KINDS).toEqual(['tool', 'prompt', 'resource', 'resourceTemplate']);
    expect(ITEM_KEY).toEqual({
      tool: 'name',
      prompt: 'name',
      resource: 'uri',
      resourceTemplate: 'uriTemplate',
    });
  });

  it('gives fleet records the rows they had, with the template kind spelt resource-template', () => {
    const rows = surfacesOf(ev);
    expect(rows).toEqual(fleetRowsBefore(ev));
    expect(rows.map((r) => r.kind)).toContain('resource-template');
    expect(rows.map((r) => r.name)).toEqual([
      'b',
      '#1',
      '#2',
      `${'x'.repeat(299)}…`,
      'x://1',
      '#1',
      'x://{id}',
      '#1',
    ]);
  });

  it('keeps the lock spelling resourceTemplate for an incomplete listing, and the lock keys', () => {
    const entry = buildEntry(ev, []);
    expect(entry.surface!.incomplete).toEqual(['prompt', 'resourceTemplate']);
    expect(Object.keys(entry.surface!.resourceTemplates)).toEqual(['x://{id}']);
    expect(Object.keys(entry.surface!.resources)).toEqual(['x://1']);
  });

  it('gives the model-visible surface the same listings in the same order', () => {
    const kinds = extractSurface(ev.inventory!).items.map((i) => i.kind);
    expect(kinds).toEqual([
      'tool',
      'tool',
      'tool',
      'resource',
      'resource',
      'resourceTemplate',
      'resourceTemplate',
      'server',
      'server',
    ]);
  });
});
