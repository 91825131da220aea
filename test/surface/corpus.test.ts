/**
 * Precision on real servers: every pinned corpus package is started over stdio, its surface is
 * listed and judged by the TOOL family; no finding may be high or critical. The counts are printed
 * (docs/tool-surface.md publishes them).
 */
import { describe, expect, it } from 'vitest';

import type { CheckResult } from '../../src/checks/define-check.js';
import { extractSurface } from '../../src/surface/extract.js';
import { CORPUS, listedEvidence, listServer } from './corpus.js';
import type { ListedSurface } from './corpus.js';
import { bySeverity, toolFindings } from './run-checks.js';

const listed: ListedSurface[] = [];
const failures: string[] = [];

describe('precision corpus (real servers over stdio)', () => {
  it('lists every pinned server', async () => {
    // Two at a time: the machine is small and shared.
    const queue = [...CORPUS];
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        try {
          listed.push(await listServer(s));
        } catch (err) {
          failures.push(`${s.pkg}: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all([worker(), worker()]);
    expect(failures).toEqual([]);
    expect(listed.length).toBe(CORPUS.length);
    expect(listed.reduce((n, l) => n + l.tools.length, 0)).toBeGreaterThan(500);
  }, 600_000);

  it('raises no high or critical TOOL finding, and prints the tallies', () => {
    expect(listed.length).toBeGreaterThan(0);
    const all: CheckResult[] = [];
    let strings = 0;
    let items = 0;
    const rows: string[] = [];
    for (const l of listed.sort((a, b) => a.pkg.localeCompare(b.pkg))) {
      const ev = listedEvidence(l);
      const surface = extractSurface(ev.inventory!);
      strings += surface.count;
      items += surface.items.length;
      const found = toolFindings(ev);
      all.push(...found);
      const s = bySeverity(found);
      rows.push(
        `${l.pkg}@${l.version}\ttools=${l.tools.length}\tstrings=${surface.count}\t${JSON.stringify(s)}`,
      );
      for (const f of found)
        if (
          process.env['CORPUS_VERBOSE']
            ? f.checkId === 'MCPP-TOOL01' || f.checkId === 'MCPP-TOOL04'
            : f.severity === 'high' || f.severity === 'critical' || f.status === 'error'
        )
          rows.push(`  !! ${f.checkId} ${f.severity} ${f.location} ${f.key}: ${f.message.slice(0, 300)}`);
    }
    const tools = listed.flatMap((l) => l.tools as Record<string, unknown>[]);
    const reach = {
      tools: tools.length,
      annotated: tools.filter((t) => typeof t['annotations'] === 'object' && t['annotations'] !== null)
        .length,
      outputSchemas: tools.filter((t) => typeof t['outputSchema'] === 'object').length,
      withIcons: tools.filter((t) => Array.isArray(t['icons'])).length,
      declaredDialect: tools.filter(
        (t) => typeof (t['inputSchema'] as Record<string, unknown> | undefined)?.['$schema'] === 'string',
      ).length,
      prompts: listed.reduce((n, l) => n + (l.prompts?.length ?? 0), 0),
      resources: listed.reduce(
        (n, l) => n + (l.resources?.length ?? 0) + (l.resourceTemplates?.length ?? 0),
        0,
      ),
      instructions: listed.filter((l) => l.instructions).length,
      over1024: all.filter((f) => f.checkId === 'MCPP-TOOL06').length,
    };
    console.log(`CORPUS reach ${JSON.stringify(reach)}`);
    const perCheck = new Map<string, Record<string, number>>();
    for (const f of all) {
      const m = perCheck.get(f.checkId) ?? {};
      m[f.severity ?? 'error'] = (m[f.severity ?? 'error'] ?? 0) + 1;
      perCheck.set(f.checkId, m);
    }
    console.log(
      [
        `CORPUS servers=${listed.length} tools=${listed.reduce((n, l) => n + l.tools.length, 0)} items=${items} strings=${strings}`,
        `CORPUS findings ${JSON.stringify(bySeverity(all))}`,
        ...[...perCheck].sort().map(([id, m]) => `CORPUS ${id} ${JSON.stringify(m)}`),
        ...rows.map((r) => `CORPUS ${r}`),
      ].join('\n'),
    );
    const bad = all.filter((f) => f.severity === 'high' || f.severity === 'critical' || f.status === 'error');
    expect(bad.map((f) => `${f.checkId} ${f.location} ${f.key}`)).toEqual([]);
    // Low and info findings stay bounded (a scanner that flags everything is no scanner).
    expect(all.length).toBeLessThan(items * 2);
  }, 180_000);
});
