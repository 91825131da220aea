import { describe, expect, it } from 'vitest';

import { evaluate } from '../../src/index.js';
import { FORMATS } from '../../src/report/formats.js';
import { migrationKind, renderMigration } from '../../src/report/migration.js';
import { renderText } from '../../src/report/text.js';
import { evidence } from '../helpers/evidence.js';
import { authWalled, discoverResult, dualEraEvidence, modernEvidence, setModern } from '../helpers/modern.js';

const report = (ev: Parameters<typeof evaluate>[0]) => evaluate(ev).report;

describe('migration report', () => {
  it('tells a legacy server what a 2026-07-28-only client would hit, citing the changelog', () => {
    const r = report(evidence());
    expect(migrationKind(r)).toBe('legacy');
    const md = renderMigration(r);
    expect(md).toContain('## What a 2026-07-28-only client would hit');
    expect(md).toContain('### 1. No `server/discover`');
    expect(md).toContain('Protocol sessions are gone');
    expect(md).toMatch(/\(https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\/changelog\)/);
    // The default evidence issues sessions, so that item is observed, not generic.
    expect(md).toMatch(/response\\\(s\\\) carried an Mcp\\-Session\\-Id/);
  });

  it('lists the checks whose verdict differs between the eras of a dual-era server', () => {
    const r = report(
      dualEraEvidence((ev, b) => setModern(ev, { versionBad: b.ok(b.reply({ result: discoverResult() })) })),
    );
    expect(migrationKind(r)).toBe('dual-era');
    const md = renderMigration(r);
    expect(md).toContain('## Differences between the eras');
    expect(md).toMatch(/\| \[MCPP\\-ACT05\]\(docs\/checks\/MCPP-ACT05\.md\) .* \| pass \| fail \|/);
  });

  it('says so when the eras agree', () => {
    expect(renderMigration(report(dualEraEvidence()))).toContain('No check reached different verdicts');
  });

  it('has nothing to migrate on a modern-only server, and no advice when the era is unknown', () => {
    expect(renderMigration(report(modernEvidence()))).toContain('## Nothing to migrate');
    expect(renderMigration(report(modernEvidence(authWalled)))).toContain('## Era unknown');
  });

  it('escapes the target URL', () => {
    const r = report(evidence());
    const md = renderMigration({ ...r, target: { ...r.target, url: 'http://x/[a](javascript:alert(1))' } });
    expect(md).not.toContain('[a](javascript');
  });

  it('is a report format', () => {
    const r = report(evidence());
    expect(FORMATS.migration.ext).toBe('migration.md');
    expect(FORMATS.migration.render([r], { anchor: { file: 'x', line: () => 1 }, color: false })).toBe(
      renderMigration(r),
    );
  });

  it('adds a Migration section to the text report for legacy and dual-era servers only', () => {
    expect(renderText(report(evidence()))).toContain('MIGRATION');
    expect(renderText(report(dualEraEvidence()))).toContain('MIGRATION');
    expect(renderText(report(modernEvidence()))).not.toContain('MIGRATION');
  });
});
