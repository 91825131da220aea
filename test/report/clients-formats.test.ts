/**
 * The client matrix and the framework line in the text, Markdown and HTML reports: plain words
 * without internal rule IDs in the terminal, every server-supplied value escaped per format.
 */
import { describe, expect, it } from 'vitest';

import { renderHtml } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { ScanReport } from '../../src/report/model.js';
import { renderText } from '../../src/report/text.js';
import { demoReport } from '../helpers/pinned-report.js';

const BIDI = '\u202e';

/** The demo report with a recognised framework whose note and signal value carry hostile text. */
function withFramework(): ScanReport {
  const demo = demoReport();
  return {
    ...demo,
    framework: {
      id: 'typescript-sdk-1',
      name: 'TypeScript SDK 1.x',
      versionRange: '>=1.10',
      confidence: 0.89,
      level: 'high',
      signals: [{ says: 'the session-missing error text of the SDK', value: `x${BIDI}y`, evidence: ['x1'] }],
      note: 'No other signature reached the bar.',
    },
  };
}

describe('client matrix in the text report', () => {
  const text = renderText(demoReport());
  const section = text.slice(text.indexOf('CLIENTS ('), text.indexOf('PASS ('));

  it('is a table of every client, its verdict and the rule in plain words', () => {
    const report = demoReport();
    expect(section.split('\n')[0]).toBe('CLIENTS (2 blocked, 1 with limits, 7 connect)');
    for (const c of report.clients ?? []) expect(section).toContain(c.name);
    expect(section).toMatch(/ChatGPT +blocked +The endpoint is http, not https\./);
    expect(section).toMatch(/Gemini CLI +connects with limits +1 tool name/);
    // No internal rule IDs in the terminal.
    for (const c of report.clients ?? []) for (const r of c.rules) expect(section).not.toContain(r.id);
  });

  it('says the framework, or why it is unknown', () => {
    expect(text).toContain('  framework: unknown (No framework signature reached the bar in this evidence.)');
    const named = renderText(withFramework());
    expect(named).toContain(
      '  framework: TypeScript SDK 1.x >=1.10 (high confidence 0.89; signals: the session-missing error text of the SDK)',
    );
  });
});

describe('client matrix in Markdown and HTML', () => {
  it('Markdown: a table with the verdicts, the hostile tool name escaped', () => {
    const md = renderMarkdown(demoReport());
    expect(md).toContain('| Client | Verdict | Why | Fix |');
    expect(md).toContain('| ChatGPT | **blocked** | The endpoint is http\\, not https\\. |');
    expect(md).not.toContain('<script>');
    expect(md).toContain('run\\_\\<script\\>alert\\(1\\)\\<\\/script\\>');
    expect(renderMarkdown(withFramework())).toContain('framework\\: TypeScript SDK 1\\.x');
  });

  it('HTML: a grid cell per client and the framework among the facts, escaped', () => {
    const page = renderHtml(withFramework());
    expect(page.match(/<details class="client v-/g)).toHaveLength(10);
    expect(page).toContain('<dt>Framework</dt>');
    expect(page).toContain('TypeScript SDK 1.x &gt;=1.10 (high confidence 0.89');
    expect(page).toContain('run_&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('run_<script>');
  });
});
