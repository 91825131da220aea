/**
 * The built-in profiles are data with sources: every rule names where it was read, when, and at
 * which version for source files. The validator itself is tested on broken profiles, so the gate
 * cannot pass vacuously.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { CLIENT_PROFILES } from '../../src/clients/profiles/index.js';
import type { ClientProfile } from '../../src/clients/types.js';
import { profileProblems } from '../../src/clients/validate.js';

const REQUIRED = [
  'claude',
  'claude-code',
  'chatgpt',
  'cursor',
  'vscode',
  'gemini-cli',
  'codex',
  'goose',
  'zed',
  'windsurf',
];

describe('client profiles', () => {
  it('cover the ten clients of the brief, each with at least one rule', () => {
    expect(CLIENT_PROFILES.map((p) => p.id).sort()).toEqual([...REQUIRED].sort());
    for (const p of CLIENT_PROFILES) expect(p.rules.length, p.id).toBeGreaterThan(0);
  });

  it('every rule has a source URL, the day it was read, and a version for source files', () => {
    const problems = CLIENT_PROFILES.flatMap(profileProblems);
    expect(problems).toEqual([]);
  });

  it('the open-source clients cite their own code at a tag or commit', () => {
    for (const id of ['vscode', 'gemini-cli', 'codex', 'goose', 'zed']) {
      const p = CLIENT_PROFILES.find((x) => x.id === id);
      const fromCode = p?.rules.filter((r) => r.source.kind === 'source') ?? [];
      expect(fromCode.length, id).toBeGreaterThan(0);
      for (const r of fromCode)
        expect(r.source.url).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[^/]+\//);
    }
  });

  it('docs/clients.md lists every rule with its verdict, source and the day it was read', () => {
    const doc = readFileSync('docs/clients.md', 'utf8');
    for (const p of CLIENT_PROFILES) {
      for (const r of p.rules) {
        // Prettier pads table cells: compare cells, not raw text.
        const cells = doc
          .split('\n')
          .map((line) => line.split('|').map((c) => c.trim()))
          .find((c) => c[1] === `\`${r.id}\``);
        expect(cells, r.id).toBeDefined();
        expect(cells).toContain(r.verdict);
        expect(cells?.join('|')).toContain(`](${r.source.url})`);
        expect(cells?.join('|')).toContain(r.source.checked);
      }
      for (const u of p.unverified) expect(doc, p.id).toContain(u);
    }
  });

  it('rule ids are unique across all profiles', () => {
    const ids = CLIENT_PROFILES.flatMap((p) => p.rules.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('profileProblems', () => {
  const good = CLIENT_PROFILES[0] as ClientProfile;
  const rule = good.rules[0];
  if (!rule) throw new Error('the first profile has no rule');

  it('finds a rule without a source URL', () => {
    const bad: ClientProfile = { ...good, rules: [{ ...rule, source: { ...rule.source, url: '' } }] };
    expect(profileProblems(bad).join('\n')).toMatch(/source must be an https URL/);
  });

  it('finds a rule without the day it was read', () => {
    const bad: ClientProfile = {
      ...good,
      rules: [{ ...rule, source: { ...rule.source, checked: 'recently' } }],
    };
    expect(profileProblems(bad).join('\n')).toMatch(/day it was read/);
  });

  it('finds a source file without a tag or commit', () => {
    const bad: ClientProfile = {
      ...good,
      rules: [
        {
          ...rule,
          source: { url: 'https://github.com/x/y/blob/main/a.ts', kind: 'source', checked: '2026-01-01' },
        },
      ],
    };
    expect(profileProblems(bad).join('\n')).toMatch(/tag or commit/);
  });

  it('finds duplicate and misnamed rule ids', () => {
    const bad: ClientProfile = { ...good, rules: [rule, rule, { ...rule, id: 'other.x' }] };
    const text = profileProblems(bad).join('\n');
    expect(text).toMatch(/duplicate id/);
    expect(text).toMatch(/must start with/);
  });
});
