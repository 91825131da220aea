/**
 * The fleet HTML report in a real browser (Debian's chromium through playwright-core): it
 * renders its per-target table and its charts, loads nothing, logs no error, and keeps hostile
 * text from the database (which servers supplied) inert; the table sorts and filters, no column
 * of any table is narrower than its header, the N/G bar counts the targets not graded, and the
 * trend across runs is drawn. The Markdown report escapes the same text.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fleetContentSecurityPolicy, renderFleetHtml } from '../../src/fleet/report/render-html.js';
import { renderFleetMarkdown } from '../../src/fleet/report/render-markdown.js';
import { launchChromium } from '../helpers/chromium.js';
import { hostileFleetReport } from '../helpers/hostile-fleet.js';
import { XSS } from '../helpers/hostile-report.js';

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

/**
 * Run in the page: every header whose column is narrower than the header's text on one line
 * (measured with the header's own font), unless the table's box scrolls sideways.
 */
const CRUSHED = `(() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const th of document.querySelectorAll('th')) {
    const style = getComputedStyle(th);
    ctx.font = style.font;
    const words = th.textContent.trim();
    const need = ctx.measureText(words).width;
    const has = th.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const wrap = th.closest('.scroll');
    const scrolls = wrap !== null && wrap.scrollWidth > wrap.clientWidth;
    if (has + 0.5 < need && !scrolls) out.push(words + ': ' + has.toFixed(1) + ' < ' + need.toFixed(1));
  }
  return out;
})()`;

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
          // The page's own: one inline script (counted below) and the filter box.
          injected: all('img, iframe, object, embed, base, form, input:not(#target-filter), script[src]')
            .length,
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
      // Grades, outcomes, failing checks and the trend; the trend's bars are its non-zero segments.
      expect(dom.charts).toBe(4);
      expect(dom.bars).toBe(7 + 2 + 1 + (1 + 1 + 3));
      expect(dom.injected).toBe(0);
      expect(dom.scripts).toBe(1);
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

  it('lists one row per target; its columns sort and its rows filter', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(fileUrl, { waitUntil: 'load' });
      const names = async () =>
        await page.evaluate<string[]>(
          `Array.from(document.querySelectorAll('#target-table tbody tr:not([hidden]) td:first-child')).map((td) => (td.dataset.v || '').slice(0, 12))`,
        );
      // Worst first: the unreachable target, then F, then A.
      expect(await names()).toEqual([XSS.img.slice(0, 12), XSS.script.slice(0, 12), 'alpha']);
      expect(await page.textContent('#target-shown')).toBe('3 of 3 shown');
      const header = (text: string) =>
        page.locator('#target-table th button', { hasText: new RegExp(`^${text}$`) });
      await header('grade').click();
      expect(await names()).toEqual([XSS.img.slice(0, 12), XSS.script.slice(0, 12), 'alpha']);
      await header('grade').click();
      expect(await names()).toEqual(['alpha', XSS.script.slice(0, 12), XSS.img.slice(0, 12)]);
      expect(await page.getAttribute('#target-table th[aria-sort]', 'data-col')).toBe('3');
      await header('high').click();
      await header('high').click();
      expect((await names())[0]).toBe(XSS.script.slice(0, 12));
      await page.fill('#target-filter', 'CURSOR');
      expect(await names()).toEqual([XSS.script.slice(0, 12)]);
      expect(await page.textContent('#target-shown')).toBe('1 of 3 shown');
      await page.fill('#target-filter', '');
      expect(await names()).toHaveLength(3);
      // The row links to the target's report beside the page.
      expect(await page.getAttribute('#target-table tbody tr:last-child a', 'href')).toMatch(/\.html$/);
      const text = await page.textContent('#target-table');
      expect(text).toContain('unreachable: nothing accepts connections there');
      expect(text).toContain('was B, 2 new, 1 fixed, 1 surface change');
      expect(text).toContain('claude-code');
    } finally {
      await context.close();
    }
  });

  it('the N/G bar counts the targets not graded; the trend across runs is drawn', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(fileUrl, { waitUntil: 'load' });
      const grades = await page.evaluate<string[][]>(
        `Array.from(document.querySelectorAll('svg.chart:first-of-type g')).map((g) => Array.from(g.querySelectorAll('text')).map((t) => t.textContent))`,
      );
      expect(grades).toContainEqual(['1', 'N/G']);
      expect(await page.locator('svg.chart.trend rect').count()).toBe(5);
      expect(await page.locator('svg.chart.trend text.label').allTextContents()).toEqual([
        '2024-12-31',
        '2025-01-01',
        '2025-01-02',
      ]);
    } finally {
      await context.close();
    }
  });

  it('never crushes a column: each is as wide as its header, or its table scrolls', async () => {
    for (const width of [1280, 720, 420]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(fileUrl, { waitUntil: 'load' });
        const crushed = await page.evaluate<string[]>(CRUSHED);
        expect(crushed, `viewport ${width}`).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('declares a CSP that allows only its own stylesheet', () => {
    const csp = fleetContentSecurityPolicy();
    expect(csp).toMatch(
      /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src data:; base-uri 'none'; form-action 'none'$/,
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
