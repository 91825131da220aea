import { describe, expect, it } from 'vitest';

import { checkLinker, isDocsBase } from '../../src/report/doc-links.js';
import { escapeMarkdown } from '../../src/escape/markdown.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderCompliance } from '../../src/report/compliance.js';
import { FORMATS } from '../../src/report/formats.js';
import { demoReport } from '../helpers/pinned-report.js';

describe('check doc links', () => {
  it('accepts http(s) URLs and plain relative paths as a base', () => {
    for (const ok of [
      'https://github.com/o/r/blob/v1/docs/checks',
      'http://x.test/d/',
      '../checks',
      'docs/checks',
    ])
      expect(isDocsBase(ok), ok).toBe(true);
  });

  it('refuses bases that could break out of a link or run script', () => {
    for (const bad of [
      '',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://x.test/a b',
      'x)(y',
      'a"b',
      'https://',
      '<x>',
    ])
      expect(isDocsBase(bad), bad).toBe(false);
  });

  it('links well-formed IDs under the base, and falls back to the relative path for a bad base', () => {
    expect(checkLinker(escapeMarkdown, 'https://x.test/docs/')('MCPP-ACT03')).toBe(
      '[MCPP\\-ACT03](https://x.test/docs/MCPP-ACT03.md)',
    );
    expect(checkLinker(escapeMarkdown, 'javascript:alert(1)')('MCPP-ACT03')).toBe(
      '[MCPP\\-ACT03](docs/checks/MCPP-ACT03.md)',
    );
    expect(checkLinker(escapeMarkdown)('not](javascript:x)')).not.toContain('](javascript');
  });
});

describe('docsBaseUrl in the Markdown-based formats', () => {
  const report = demoReport();
  const base = 'https://github.com/example/mcp-posture/blob/v1/docs/checks';

  it('markdown and compliance link every check under the given base', () => {
    for (const text of [
      renderMarkdown(report, { docsBaseUrl: base }),
      renderCompliance(report, { docsBaseUrl: base }),
    ]) {
      const links = [...text.matchAll(/\]\(([^)]*MCPP-[A-Z]+\d{2}\.md)\)/g)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThan(0);
      for (const l of links) expect(l.startsWith(`${base}/MCPP-`)).toBe(true);
    }
  });

  it('SARIF helpUri uses an absolute base, and keeps the citation for a relative one', () => {
    const ctx = { anchor: { file: 'x.json', line: () => 1 }, color: false };
    const abs = JSON.parse(FORMATS.sarif.render([report], { ...ctx, docsBaseUrl: base })) as {
      runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[];
    };
    const rules = abs.runs[0]!.tool.driver.rules;
    const isClient = (r: { id: string }) => r.id.startsWith('MCPP-CLI-');
    expect(rules.filter((r) => !isClient(r)).every((r) => r.helpUri.startsWith(`${base}/MCPP-`))).toBe(true);
    // A client rule's page is docs/clients.md, beside the check pages.
    expect(rules.filter(isClient).length).toBeGreaterThan(0);
    for (const r of rules.filter(isClient)) expect(r.helpUri).toBe(new URL('../clients.md', `${base}/`).href);
    const rel = JSON.parse(
      FORMATS.sarif.render([report], { ...ctx, docsBaseUrl: '../checks' }),
    ) as typeof abs;
    expect(rel.runs[0]!.tool.driver.rules.every((r) => /^https:\/\//.test(r.helpUri))).toBe(true);
  });
});
