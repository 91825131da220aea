/**
 * The fleet HTML report in a real browser (Debian's chromium through playwright-core): it
 * renders its charts, loads nothing, logs no error, and keeps hostile text from the database
 * (which servers supplied) inert. The Markdown report escapes the same text.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FleetReport } from '../../src/fleet/report/model.js';
import { fleetContentSecurityPolicy, renderFleetHtml } from '../../src/fleet/report/render-html.js';
import { renderFleetMarkdown } from '../../src/fleet/report/render-markdown.js';
import { launchChromium } from '../helpers/chromium.js';
import { HOSTILE_TEXT, XSS } from '../helpers/hostile-report.js';

interface PageElement {
  readonly tagName: string;
  readonly attributes: ArrayLike<{ readonly name: string }>;
}
interface PageGlobals {
  readonly __xss?: unknown;
  readonly document: {
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    readonly scripts: { readonly length: number };
    readonly body: { readonly innerText: string };
  };
}

const evilUrl = `https://evil.example/mcp?x=${XSS.attr}`;
export function hostileFleetReport(): FleetReport {
  const finding = {
    url: evilUrl,
    checkId: 'MCPP-ACT01',
    severity: 'high',
    location: XSS.closePre,
    message: HOSTILE_TEXT,
  };
  return {
    generatedAt: '2025-01-02T00:00:00.000Z',
    run: {
      id: 'run-2',
      startedAt: '2025-01-02T00:00:00Z',
      source: `targets ${XSS.img}`,
      mode: 'safe',
      shardCount: 4,
      scans: 3,
    },
    previous: {
      id: 'run-1',
      startedAt: '2025-01-01T00:00:00Z',
      source: 'targets',
      mode: 'safe',
      shardCount: 1,
      scans: 2,
    },
    outcomes: { graded: 2, unreachable: 1 },
    grades: [
      { grade: 'A+', count: 0 },
      { grade: 'A', count: 1 },
      { grade: 'B', count: 0 },
      { grade: 'C', count: 1 },
      { grade: 'D', count: 0 },
      { grade: 'F', count: 0 },
      { grade: 'N/G', count: 0 },
    ],
    topFailing: [{ checkId: 'MCPP-ACT01', title: 'Foreign `Origin` rejected', severity: 'high', targets: 2 }],
    newFindings: { items: [finding], total: 5 },
    fixedFindings: { items: [{ ...finding, checkId: 'MCPP-LEG08' }], total: 1 },
    drift: {
      items: [
        {
          url: evilUrl,
          added: 1,
          removed: 0,
          changed: 1,
          items: [{ kind: 'tool', name: XSS.script, change: 'changed' }],
        },
      ],
      total: 1,
    },
    notGraded: {
      items: [{ url: evilUrl, outcome: 'unreachable', detail: `${XSS.img} ${XSS.bidi}` }],
      total: 1,
    },
  };
}

describe('fleet HTML report in chromium', () => {
  let browser: Browser;
  let dir: string;
  let fileUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpp-fleet-html-'));
    const file = join(dir, 'fleet.html');
    writeFileSync(file, renderFleetHtml(hostileFleetReport()));
    fileUrl = pathToFileURL(file).href;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders its charts, requests nothing but the file and logs no error; hostile text stays text', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await page.goto(fileUrl, { waitUntil: 'load' });
      await page.waitForTimeout(200);
      expect(await page.title()).toBe('mcp-posture fleet report: run-2');
      const dom = await page.evaluate(() => {
        const g = globalThis as unknown as PageGlobals;
        const all = (s: string) => Array.from(g.document.querySelectorAll(s));
        return {
          xss: g.__xss,
          charts: all('svg.chart').length,
          bars: all('svg.chart rect').length,
          injected: all('img, iframe, object, embed, base, form, input, script').length,
          scripts: g.document.scripts.length,
          handlers: all('*').flatMap((el) =>
            Array.from(el.attributes)
              .filter((a) => a.name.startsWith('on'))
              .map((a) => `${el.tagName} ${a.name}`),
          ),
          text: g.document.body.innerText,
        };
      });
      expect(dom.xss).toBeUndefined();
      expect(dom.charts).toBe(3);
      expect(dom.bars).toBe(7 + 2 + 1);
      expect(dom.injected).toBe(0);
      expect(dom.scripts).toBe(0);
      expect(dom.handlers).toEqual([]);
      for (const s of [XSS.img, XSS.script, XSS.attr, XSS.closePre]) expect(dom.text).toContain(s);
      expect(dom.text).toContain('\\u{202e}evil\\u{200b}');
      expect(dom.text).toContain('… and 4 more.');
      expect(errors).toEqual([]);
      expect(requests).toEqual([fileUrl]);
    } finally {
      await context.close();
    }
  });

  it('declares a CSP that allows only its own stylesheet', () => {
    const csp = fleetContentSecurityPolicy();
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src data:; base-uri 'none'; form-action 'none'$/,
    );
    expect(renderFleetHtml(hostileFleetReport())).toContain(`content="${csp.replaceAll("'", '&#39;')}"`);
  });

  it('the Markdown report escapes the same text', () => {
    const md = renderFleetMarkdown(hostileFleetReport());
    // Every ASCII punctuation character of server text is backslash-escaped: no raw tag or link survives.
    expect(md).not.toMatch(/(?<!\\)<(img|script|svg)/);
    expect(md).not.toMatch(/(?<!\\)\]\(javascript/);
    expect(md).toContain('\\<img src\\=x');
    expect(md).not.toMatch(/[\u202e\u200b]/u);
    expect(md).toContain('## New findings since the previous run (5)');
  });
});
