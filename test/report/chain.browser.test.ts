/**
 * The trust-chain diagram in real Chromium, from real scans: oidc-provider behind the SDK 1.x
 * resource server (the good configuration, and the same server without protected-resource
 * metadata), and a `login` that stops at the authorization request. The SVG renders with every
 * hop visible, holds no script, the page requests nothing but itself, and boxes and chips are
 * coloured by outcome; the hop a walk stopped at is drawn highlighted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import { login } from '../../src/login/flow.js';
import { renderLoginHtml } from '../../src/login/render-html.js';
import { HOPS } from '../../src/report/chain.js';
import { renderHtml } from '../../src/report/html.js';
import type { ScanReport } from '../../src/report/model.js';
import { CONF_CLIENT, CONF_SECRET, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import type { ResourceServerFlaws } from '../fixtures/servers/resource-server.js';
import { launchChromium } from '../helpers/chromium.js';

/** The report's light-scheme colours (src/report/html/style.ts): --pass, --high, --medium. */
const COLOUR = {
  pass: 'rgb(26, 127, 55)',
  fail: 'rgb(207, 34, 46)',
  inconclusive: 'rgb(154, 103, 0)',
} as const;

interface PageElement {
  readonly tagName: string;
  readonly attributes: ArrayLike<{ readonly name: string }>;
  querySelector(selector: string): PageElement | null;
}

interface PageGlobals {
  readonly document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  getComputedStyle(el: PageElement): {
    readonly fill: string;
    readonly stroke: string;
    readonly strokeWidth: string;
  };
}

let browser: Browser;
let oidc: OidcServer;
let dir: string;

beforeAll(async () => {
  browser = await launchChromium();
  oidc = await startOidcProvider();
  dir = mkdtempSync(join(tmpdir(), 'mcpp-chain-'));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await oidc?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function scanned(flaws: ResourceServerFlaws = {}): Promise<ScanReport> {
  const rs = await startResourceServer({ issuer: oidc.issuer, flaws });
  try {
    const out = await scan({ url: rs.url, mode: 'safe', requestTimeoutMs: 5_000, scanTimeoutMs: 60_000 });
    return out.report;
  } finally {
    await rs.close();
  }
}

interface Loaded {
  readonly page: Page;
  readonly requests: string[];
  readonly blocked: string[];
  readonly errors: string[];
}

/** Opens the page from a file; every request is recorded and any but the file itself aborted. */
async function load(name: string, markup: string, javaScriptEnabled = true): Promise<Loaded> {
  const file = join(dir, name);
  writeFileSync(file, markup);
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const requests: string[] = [];
  const blocked: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await context.route('**/*', async (route) => {
    if (route.request().url() === url) return route.continue();
    blocked.push(route.request().url());
    return route.abort();
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(100);
  expect(requests).toEqual([url]);
  return { page, requests, blocked, errors };
}

/** The computed fill of a chip and the stroke of a hop box, by selector. */
function paint(
  page: Page,
  selector: string,
): Promise<{ fill: string; stroke: string; strokeWidth: string } | null> {
  return page.evaluate((sel) => {
    const g = globalThis as unknown as PageGlobals;
    const el = g.document.querySelector(sel);
    if (!el) return null;
    const s = g.getComputedStyle(el);
    return { fill: s.fill, stroke: s.stroke, strokeWidth: s.strokeWidth };
  }, selector);
}

function scripts(page: Page): Promise<{ inSvg: number; inPage: number; handlers: string[] }> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    const svgEls = Array.from(document.querySelectorAll('svg.chain *'));
    return {
      inSvg: document.querySelectorAll('svg.chain script, svg.chain foreignObject, svg.chain a').length,
      inPage: document.querySelectorAll('script').length,
      handlers: svgEls.flatMap((el) =>
        Array.from(el.attributes)
          .filter((a) => a.name.startsWith('on') || a.name === 'href' || a.name === 'xlink:href')
          .map((a) => `${el.tagName} ${a.name}`),
      ),
    };
  });
}

describe('the trust chain of a scan, in chromium', () => {
  it('draws the good configuration: eight visible hops, no script, no request, chips coloured by outcome', async () => {
    const report = await scanned();
    const status = (id: string) => report.results.filter((r) => r.checkId === id).map((r) => r.status);
    // The fixture's known verdicts the colours are checked against (loopback http fails PRM05).
    expect(status('MCPP-ASM04')).toEqual(['pass']);
    expect(status('MCPP-PRM05')).toContain('fail');
    expect(status('MCPP-ACT06')).toEqual(['inconclusive']);

    const { page, blocked, errors } = await load('scan.html', renderHtml(report));
    const svg = page.locator('svg.chain');
    await expect(svg.isVisible()).resolves.toBe(true);
    const hops = page.locator('svg.chain g.hop[data-hop]');
    expect(await hops.count()).toBe(HOPS.length);
    for (const [i, id] of HOPS.entries()) {
      const h = hops.nth(i);
      expect(await h.getAttribute('data-hop')).toBe(id);
      await expect(h.isVisible()).resolves.toBe(true);
      const box = await h.locator('rect.box').boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      expect(box?.height).toBeGreaterThan(40);
    }
    // Boxes do not overlap: each starts below the one before.
    const tops = await Promise.all(
      HOPS.map(async (_, i) => (await hops.nth(i).locator('rect.box').boundingBox())!),
    );
    for (let i = 1; i < tops.length; i++)
      expect(tops[i]!.y).toBeGreaterThan(tops[i - 1]!.y + tops[i - 1]!.height);

    expect(await page.locator('[data-hop="challenge"] .status').textContent()).toBe('HTTP 401');
    expect(await page.locator('[data-hop="as-metadata"] .status').textContent()).toBe('HTTP 200');
    expect(await page.locator('[data-hop="token"]').getAttribute('data-state')).toBe('not-requested');
    expect(await page.locator('svg.chain [data-stopped]').count()).toBe(0);

    expect(await paint(page, '[data-hop="as-metadata"] [data-check="MCPP-ASM04"] rect')).toMatchObject({
      fill: COLOUR.pass,
    });
    expect(await paint(page, '[data-hop="resource-metadata"] [data-check="MCPP-PRM05"] rect')).toMatchObject({
      fill: COLOUR.fail,
    });
    expect(await paint(page, '[data-hop="authorization"] [data-check="MCPP-ACT06"] rect')).toMatchObject({
      fill: COLOUR.inconclusive,
    });
    // The box takes its check's worst outcome: PRM05 fails, so the metadata box is outlined in red.
    expect(await paint(page, '[data-hop="resource-metadata"] rect.box')).toMatchObject({
      stroke: COLOUR.fail,
    });

    const s = await scripts(page);
    expect(s).toEqual({ inSvg: 0, inPage: 1, handlers: [] });
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('highlights where discovery stopped when the server publishes no resource metadata and no origin metadata', async () => {
    const report = await scanned({ noPrm: true, noResourceMetadataParam: true });
    const { page, blocked, errors } = await load('noprm.html', renderHtml(report), false);
    const stopped = page.locator('svg.chain [data-stopped="true"]');
    expect(await stopped.count()).toBe(1);
    // Without metadata a client falls back to the 2025-03-26 model (metadata at the MCP origin),
    // which this server does not serve either: the walk ends there, after the failed PRM hop.
    expect(await stopped.getAttribute('data-hop')).toBe('as-metadata');
    expect(await page.locator('[data-hop="resource-metadata"]').getAttribute('data-state')).toBe('failed');
    expect(await stopped.locator('.status').textContent()).toBe('HTTP 404');
    await expect(stopped.isVisible()).resolves.toBe(true);
    expect(await stopped.locator('.label').textContent()).toContain('stopped here');
    const box = await paint(page, '[data-stopped="true"] rect.box');
    expect(box).toMatchObject({ stroke: COLOUR.fail, strokeWidth: '5px' });
    for (const id of ['jwks', 'registration', 'authorization', 'token'])
      expect(await page.locator(`[data-hop="${id}"]`).getAttribute('data-state')).toBe('not-reached');
    expect(await page.locator('#trust-chain p').textContent()).toContain('Stopped at');
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the trust chain of a login, in chromium', () => {
  it('highlights the step a failed login stopped at, on a page without script', async () => {
    const rs = await startResourceServer({ issuer: oidc.issuer });
    let markup: string;
    try {
      const { report } = await login({
        url: rs.url,
        clientId: CONF_CLIENT,
        clientSecret: CONF_SECRET,
        timeoutMs: 10_000,
        requestTimeoutMs: 5_000,
        openUrl: () => {
          throw new Error('a login refused before any browser step must not open one');
        },
      });
      expect(report.failure?.code).toBe('redirect-mismatch');
      markup = renderLoginHtml(report);
    } finally {
      await rs.close();
    }
    const { page, blocked, errors } = await load('login.html', markup);
    await expect(page.locator('svg.chain').isVisible()).resolves.toBe(true);
    expect(await page.locator('svg.chain g.hop[data-hop]').count()).toBe(HOPS.length);
    const stopped = page.locator('svg.chain [data-stopped="true"]');
    expect(await stopped.getAttribute('data-hop')).toBe('authorization');
    expect(await paint(page, '[data-stopped="true"] rect.box')).toMatchObject({
      stroke: COLOUR.fail,
      strokeWidth: '5px',
    });
    expect(await paint(page, '[data-stopped="true"] [data-check="redirect-mismatch"] rect')).toMatchObject({
      fill: COLOUR.fail,
    });
    expect(await paint(page, '[data-hop="as-metadata"] [data-check="as-metadata"] rect')).toMatchObject({
      fill: COLOUR.pass,
    });
    expect(await page.locator('[data-hop="token"]').getAttribute('data-state')).toBe('not-reached');
    const s = await scripts(page);
    expect(s).toEqual({ inSvg: 0, inPage: 0, handlers: [] });
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  });
});
