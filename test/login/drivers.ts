/**
 * Two ways to play the user at oidc-provider's dev interactions (any login and password is
 * accepted, then a consent page): real Chromium through playwright-core, and an HTTP-only driver
 * that follows redirects with a cookie jar and submits the same forms. Both stop at the loopback
 * callback and let the browser deliver it, as a real user's browser would.
 */
import type { Browser } from 'playwright-core';

export { launchChromium } from '../helpers/chromium.js';

/** Logs in at the dev interaction pages and gives consent; resolves when the callback page has loaded. */
export async function chromiumDriver(browser: Browser, authUrl: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(f.url());
  });
  try {
    await page.goto(authUrl);
    for (let i = 0; i < 4; i++) {
      if (new URL(page.url()).pathname === '/callback') break;
      const login = page.locator('input[name="login"]');
      if ((await login.count()) > 0) {
        await login.fill('alice');
        await page.locator('input[name="password"]').fill('any-password');
      }
      const submit = page.locator('button[type="submit"]').first();
      if ((await submit.count()) === 0) break;
      await Promise.all([page.waitForNavigation(), submit.click()]);
    }
    return seen;
  } finally {
    await context.close();
  }
}

/** The form actions and hidden fields of an interaction page. */
function formOf(html: string): { action: string; fields: Record<string, string> } | null {
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
  if (!action) return null;
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi))
    fields[m[1]!] = m[2]!;
  if (/name="login"/.test(html)) Object.assign(fields, { login: 'alice', password: 'any-password' });
  return { action: action.replace(/&amp;/g, '&'), fields };
}

/** The same interaction over plain HTTP (cookies kept by hand); the callback is fetched last. */
export async function httpDriver(authUrl: string): Promise<string[]> {
  const jar = new Map<string, string>();
  const seen: string[] = [];
  let url = authUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let i = 0; i < 20; i++) {
    seen.push(url);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    if (new URL(url).pathname === '/callback') return seen;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const form = formOf(await res.text());
    if (!form) return seen;
    url = new URL(form.action, url).href;
    method = 'POST';
    body = new URLSearchParams(form.fields).toString();
  }
  return seen;
}
