/**
 * The fleet report's per-target table in JSON, Markdown and on a terminal, from a report whose
 * server strings are hostile: the JSON matches its published schema (generated from zod), the
 * Markdown table keeps one row per target with every cell escaped and a link per report, the
 * terminal table one line per target, worst first, with no control character left. And the
 * report files' names: safe slugs of the server names, de-duplicated.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { reportStems } from '../../src/fleet/report/file-names.js';
import { renderFleetJson } from '../../src/fleet/report/render-json.js';
import { renderFleetMarkdown } from '../../src/fleet/report/render-markdown.js';
import { renderFleetText } from '../../src/fleet/report/render-text.js';
import { fleetReportJsonSchema, fleetReportSchema } from '../../src/fleet/report/schema.js';
import { hostileFleetReport } from '../helpers/hostile-fleet.js';

const published = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'schema', 'fleet-report.schema.json'), 'utf8'),
) as Record<string, unknown>;

describe('fleet report formats: one line per target', () => {
  it('JSON: the rows and the trend, valid against schema/fleet-report.schema.json (generated, not stale)', () => {
    expect(published).toEqual(fleetReportJsonSchema(z));
    const json = renderFleetJson(hostileFleetReport());
    const parsed = fleetReportSchema(z).parse(JSON.parse(json));
    expect(parsed.targets.items.map((r) => r.grade)).toEqual([null, 'F', 'A']);
    expect(parsed.grades.find((g) => g.grade === 'N/G')?.count).toBe(1);
    const validate = new Ajv({ strict: false }).compile(published);
    expect(validate(JSON.parse(json)), JSON.stringify(validate.errors)).toBe(true);
    // A row without its failing counts is not a fleet report.
    const broken = JSON.parse(json) as { targets: { items: Record<string, unknown>[] } };
    delete broken.targets.items[0]!['failing'];
    expect(validate(broken)).toBe(false);
  });

  it('Markdown: a targets table first, every cell escaped, a link to each report', () => {
    const md = renderFleetMarkdown(hostileFleetReport());
    const lines = md.split('\n');
    const head = lines.indexOf('## Targets (3)');
    expect(head).toBeGreaterThan(0);
    expect(head).toBeLessThan(lines.indexOf('## Outcomes and grades'));
    const table = lines.slice(head + 2, head + 7);
    expect(table[0]).toBe(
      '| target | client | config file | outcome | grade | critical | high | medium | low | since the previous run | report |',
    );
    // Header, rule and three rows, each with eleven cells: no server string broke a cell.
    for (const row of table) expect(row.split(/(?<!\\)\|/).length - 2, row).toBe(11);
    expect(table[2]).toContain('unreachable\\: nothing accepts connections there');
    expect(table[3]).toContain('| F | 1 | 3 | 2 | 0 | was B\\, 2 new\\, 1 fixed\\, 1 surface change |');
    expect(table[4]).toMatch(/\| \[alpha\]\(alpha\.md\) \|$/);
    expect(md).not.toMatch(/(?<!\\)<(img|script|svg)/);
    for (const c of ['\u202e', '\u200b', '\u001b']) expect(md).not.toContain(c);
    expect(renderFleetMarkdown(hostileFleetReport(), { reportExt: null })).not.toContain('(alpha.md)');
  });

  it('terminal: one line per target, worst first, aligned, no control character', () => {
    const text = renderFleetText(hostileFleetReport(), { reportExt: 'txt' });
    const controls = [...text].filter(
      (c) => c !== '\n' && (c < ' ' || c === '\u007f' || c === '\u202e' || c === '\u200b'),
    );
    expect(controls).toEqual([]);
    const lines = text.split('\n');
    expect(lines[1]).toBe('grades: A+ 0 · A 1 · B 0 · C 0 · D 0 · F 1 · N/G 1');
    const at = lines.findIndex((l) => l.startsWith('grade '));
    const rows = lines.slice(at + 1).filter((l) => l !== '');
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.split(/\s+/)[0])).toEqual(['N/G', 'F', 'A']);
    expect(rows[1]).toMatch(/^F +1 +3 +2 +· /);
    expect(rows[2]).toMatch(/ no change +alpha\.txt$/);
    // Every row's report column starts where the header's does.
    const col = lines[at]!.indexOf('report');
    for (const r of rows) expect([...r].slice(col).join('')).toMatch(/^\S+\.txt$/);
    const capped = renderFleetText(hostileFleetReport(), { reportExt: null, maxRows: 1 });
    expect(capped).toContain('… and 2 more');
    expect(capped.split('\n')[3]).not.toContain('report');
  });

  it('names each report file after its server: a safe slug, de-duplicated by a hash of the identity', () => {
    const stems = reportStems([
      { identity: 'https://a.example/mcp', name: 'GitHub' },
      { identity: 'https://b.example/mcp', name: 'github' },
      { identity: 'https://c.example/mcp', name: '../../etc/passwd' },
      { identity: 'https://d.example/mcp', name: 'index' },
      { identity: 'https://e.example/x/mcp', name: null },
      { identity: 'stdio:npx -y @modelcontextprotocol/server-memory', name: 'memory' },
      { identity: 'https://f.example/mcp', name: '<script>' },
    ]);
    const all = [...stems.values()];
    expect(new Set(all.map((s) => s.toLowerCase())).size).toBe(all.length);
    for (const s of all) expect(s).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
    expect(stems.get('https://a.example/mcp')).toMatch(/^github-[0-9a-f]{8}$/);
    expect(stems.get('https://b.example/mcp')).toMatch(/^github-[0-9a-f]{8}$/);
    expect(stems.get('https://c.example/mcp')).toBe('etc-passwd');
    expect(stems.get('https://d.example/mcp')).toMatch(/^index-[0-9a-f]{8}$/);
    expect(stems.get('https://e.example/x/mcp')).toBe('e.example-x-mcp');
    expect(stems.get('stdio:npx -y @modelcontextprotocol/server-memory')).toBe('memory');
    expect(stems.get('https://f.example/mcp')).toBe('script');
  });
});
