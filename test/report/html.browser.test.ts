/**
 * The HTML report in a real browser (Debian's chromium through playwright-core):
 * it renders, loads nothing, logs no error, keeps hostile server text inert, and
 * its filters work. Missing chromium or playwright-core fails the file: a skip
 * would hide that the security property went untested.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { renderHtml } from '../../src/report/html.js';
import { launchChromium } from '../helpers/chromium.js';
import { hostileMarkupReport, XSS } from '../helpers/hostile-report.js';

/**
 * The DOM as far as the page functions below use it: the project compiles
 * without lib.dom, so they reach it through `globalThis as unknown as PageGlobals`
 * (the cast is erased before Playwright serialises the function).
 */
interface PageElement {
  readonly tagName: string;
  readonly attributes: ArrayLike<{ readonly name: string }>;
  readonly classList: { contains(name: string): boolean };
  readonly dataset: Readonly<Record<string, string | undefined>>;
  readonly href: string;
  open: boolean;
}

interface PageGlobals {
  readonly __xss?: unknown;
  readonly document: {
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    readonly scripts: { readonly length: number };
    readonly body: { readonly innerText: string };
  };
  getComputedStyle(el: PageElement): { readonly backgroundColor: string };
}

interface Opened {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly requests: string[];
  readonly errors: string[];
}

describe('HTML report in chromium', () => {
  let browser: Browser;
  let dir: string;
  let fileUrl: string;
  const contexts: BrowserContext[] = [];
  const report = hostileMarkupReport();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpp-html-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, renderHtml(report));
    fileUrl = pathToFileURL(file).href;
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens the report in a fresh context, recording every request, console error and page error. */
  async function open(javaScriptEnabled = true): Promise<Opened> {
    const context = await browser.newContext({ javaScriptEnabled });
    contexts.push(context);
    const page = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await page.goto(fileUrl, { waitUntil: 'load' });
    return { context, page, requests, errors };
  }

  /** Opens every <details> so all evidence is rendered, then lets any stray handler run. */
  async function openAllDetails(page: Page): Promise<void> {
    await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      for (const d of Array.from(document.querySelectorAll('details'))) d.open = true;
    });
    await page.waitForTimeout(200);
  }

  it('renders the summary, logs nothing and requests nothing but the file itself', async () => {
    const { page, requests, errors } = await open();
    expect(await page.title()).toMatch(/^mcp-posture report: http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    await expect(page.locator('#summary').isVisible()).resolves.toBe(true);
    expect(await page.locator('#summary .outcome').textContent()).toContain('Outcome: graded');
    expect(await page.locator('#summary .counts li.sev-high .n').textContent()).toBe(
      String(report.summary.failsBySeverity.high),
    );
    // The inline style ran (its CSP hash matched): badges are coloured.
    const badge = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      const el = g.document.querySelectorAll('.badge.sev-high')[0];
      return el ? g.getComputedStyle(el).backgroundColor : null;
    });
    expect(badge).toMatch(/^rgb/);
    expect(badge).not.toBe('rgba(0, 0, 0, 0)');
    await openAllDetails(page);
    await page.getByRole('button', { name: 'high', exact: true }).click();
    await page.getByRole('button', { name: 'all', exact: true }).first().click();
    expect(errors).toEqual([]);
    expect(requests).toEqual([fileUrl]);
  });

  it('keeps hostile server text inert and shows it literally', async () => {
    const { page, errors } = await open();
    await openAllDetails(page);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__xss)).toBeUndefined();
    const dom = await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      const all = (selector: string) => Array.from(document.querySelectorAll(selector));
      return {
        injected: all('img, svg, iframe, object, embed, base, form, input').length,
        scripts: document.scripts.length,
        handlers: all('*').flatMap((el) =>
          Array.from(el.attributes)
            .filter((a) => a.name.startsWith('on'))
            .map((a) => `${el.tagName} ${a.name}`),
        ),
        // In-page anchors (the findings table to its cards) stay on this file; nothing else but https.
        jsLinks: all('a')
          .map((a) => a.href)
          .filter((h) => !h.startsWith('https://') && !/^file:[^#]*#finding-MCPP-[A-Z]+\d+$/.test(h)),
        text: document.body.innerText,
      };
    });
    expect(dom.injected).toBe(0);
    expect(dom.scripts).toBe(1);
    expect(dom.handlers).toEqual([]);
    expect(dom.jsLinks).toEqual([]);
    for (const s of [
      XSS.img,
      XSS.script,
      XSS.attr,
      XSS.closePre,
      XSS.mdLink,
      'run_<script>alert(1)</script>',
    ])
      expect(dom.text).toContain(s);
    expect(dom.text).toContain('\\u{202e}evil\\u{200b}');
    expect(dom.text).not.toMatch(/[\u202e\u200b]/u);
    expect(errors).toEqual([]);
  });

  it('shows the client grid, and a cell opens on its rule, fix, source and exchanges', async () => {
    const { page, errors } = await open();
    const cells = page.locator('#clients details.client');
    expect(await cells.count()).toBe(report.clients?.length);
    const chatgpt = page.locator('#clients details.client[data-client="chatgpt"]');
    await expect(chatgpt.locator(':scope > summary').textContent()).resolves.toContain('ChatGPT');
    await expect(chatgpt.locator('summary .badge').textContent()).resolves.toContain('blocked');
    const rule = chatgpt.locator('.client-rule').first();
    // Closed: the rule is not shown; one click on the cell opens it.
    await expect(rule.isVisible()).resolves.toBe(false);
    await chatgpt.locator(':scope > summary').click();
    await expect(rule.isVisible()).resolves.toBe(true);
    const cell = report.clients!.find((c) => c.id === 'chatgpt')!;
    const text = (await rule.textContent()) ?? '';
    expect(text).toContain(cell.rules[0]!.detail);
    expect(text).toContain('Fix:');
    await expect(rule.locator('a').first().getAttribute('href')).resolves.toBe(cell.rules[0]!.source.url);
    // A degraded cell's proof: the recorded exchanges its rule cites (tools/list), each a collapsible
    // block; the hostile tool name it quotes is shown literally, not run.
    const gemini = page.locator('#clients details.client[data-client="gemini-cli"]');
    await expect(gemini.locator(':scope > summary').textContent()).resolves.toContain(
      'run_<script>alert(1)</script>',
    );
    await gemini.locator(':scope > summary').click();
    const cited = report.clients!.find((c) => c.id === 'gemini-cli')!.rules[0]!.evidence;
    expect(cited.length).toBeGreaterThan(0);
    expect(await gemini.locator('.client-rule details.exchange').count()).toBe(cited.length);
    await expect(gemini.locator('.client-rule details.exchange').first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('filters by severity and by family', async () => {
    const { page, errors } = await open();
    await expect(page.locator('#filters').isVisible()).resolves.toBe(true);
    const items = page.locator('[data-filter-item]');
    const total = await items.count();
    const state = () =>
      page.evaluate(() =>
        Array.from(
          (globalThis as unknown as PageGlobals).document.querySelectorAll('[data-filter-item]'),
        ).map((el) => ({
          severity: el.dataset.severity,
          family: el.dataset.family,
          hidden: el.classList.contains('filtered-out'),
        })),
      );

    await page.getByRole('button', { name: 'high', exact: true }).click();
    let s = await state();
    expect(s.filter((x) => !x.hidden).length).toBeGreaterThan(0);
    for (const x of s) expect(x.hidden).toBe(x.severity !== 'high');
    await expect(page.locator('article.finding[data-severity="medium"]').first().isVisible()).resolves.toBe(
      false,
    );
    await expect(page.locator('article.finding[data-severity="high"]').first().isVisible()).resolves.toBe(
      true,
    );
    expect(await page.locator('#filter-shown').textContent()).toBe(
      `${s.filter((x) => !x.hidden).length} of ${total} shown`,
    );

    await page.getByRole('button', { name: 'LEG', exact: true }).click();
    s = await state();
    for (const x of s) expect(x.hidden).toBe(!(x.severity === 'high' && x.family === 'LEG'));

    await page.locator('button[data-dim="severity"][data-value="*"]').click();
    s = await state();
    for (const x of s) expect(x.hidden).toBe(x.family !== 'LEG');
    expect(s.filter((x) => !x.hidden).length).toBeGreaterThan(0);
    expect(await page.locator('button[data-value="LEG"]').getAttribute('aria-pressed')).toBe('true');

    await page.locator('button[data-dim="family"][data-value="*"]').click();
    expect((await state()).every((x) => !x.hidden)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows everything without JavaScript, with the filter bar hidden', async () => {
    const { page, requests, errors } = await open(false);
    await expect(page.locator('#filters').isVisible()).resolves.toBe(false);
    const findings = page.locator('article.finding');
    expect(await findings.count()).toBeGreaterThan(0);
    for (const f of await findings.all()) await expect(f.isVisible()).resolves.toBe(true);
    expect(await page.locator('.filtered-out').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(requests).toEqual([fileUrl]);
  });
});
