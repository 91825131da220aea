/**
 * The one HTML page shell (src/report/html/page.ts): the scan, login and fleet pages carry the
 * same <head> and the same Content-Security-Policy, whose hashes allow exactly the page's own
 * inline stylesheet and (the scan and fleet pages) its own inline script, and nothing else runs.
 */
import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import type { FleetReport } from '../../src/fleet/report/model.js';
import { renderFleetHtml } from '../../src/fleet/report/render-html.js';
import type { LoginReport } from '../../src/login/diagnosis.js';
import { renderLoginHtml } from '../../src/login/render-html.js';
import { renderHtml } from '../../src/report/html.js';
import { demoReport } from '../helpers/pinned-report.js';

const login: LoginReport = {
  target: 'http://127.0.0.1:4000/mcp',
  ok: true,
  resource: 'http://127.0.0.1:4000/mcp',
  issuer: 'http://127.0.0.1:5000',
  client: null,
  redirectUri: 'http://127.0.0.1:3333/callback',
  scope: null,
  expiresAt: null,
  steps: [{ step: 'challenge', status: 'ok', url: null, detail: 'challenged', exchanges: [] }],
  failure: null,
  exchanges: [],
};

const none = { items: [], total: 0 };
const fleet: FleetReport = {
  generatedAt: '2025-01-02T00:00:00.000Z',
  run: {
    id: 'run-1',
    startedAt: '2025-01-02T00:00:00Z',
    source: 'targets',
    mode: 'safe',
    shardCount: 1,
    scans: 1,
  },
  previous: null,
  outcomes: { graded: 1 },
  grades: [{ grade: 'A', count: 1 }],
  topFailing: [],
  newFindings: none,
  fixedFindings: none,
  drift: none,
  notGraded: none,
  targets: none,
  trend: [],
};

const PAGES: readonly (readonly [string, string])[] = [
  ['scan', renderHtml(demoReport())],
  ['login', renderLoginHtml(login)],
  ['fleet', renderFleetHtml(fleet)],
];

const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
const unescape = (s: string) => s.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const inline = (page: string, tag: string) =>
  [...page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);

function policyOf(page: string): string {
  const metas = [...page.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>/g)];
  expect(metas).toHaveLength(1);
  return unescape(metas[0]![1]!);
}

describe('one page shell for the scan, login and fleet pages', () => {
  it('gives every page the same head, the policy and the title aside', () => {
    const heads = PAGES.map(([, page]) =>
      page
        .slice(0, page.indexOf('<style>'))
        .replace(/content="default-src[^"]*"/, 'content="POLICY"')
        .replace(/<title>[^<]*<\/title>/, '<title>T</title>'),
    );
    expect(new Set(heads).size).toBe(1);
    expect(heads[0]).toMatch(/^<!doctype html>\n\s*<html lang="en">\n\s*<head>\n/);
  });

  it.each(PAGES)('the %s page allows exactly its own stylesheet and script, by hash', (name, page) => {
    const styles = inline(page, 'style');
    const scripts = inline(page, 'script');
    expect(styles).toHaveLength(1);
    expect(scripts).toHaveLength(name === 'login' ? 0 : 1);
    const expected = [
      "default-src 'none'",
      ...scripts.map((s) => `script-src ${sha(s)}`),
      `style-src ${sha(styles[0]!)}`,
      'img-src data:',
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ');
    expect(policyOf(page)).toBe(expected);
    // No other way to run script: no script element with attributes, no event handler attribute.
    expect(page.match(/<script\b/g)?.length ?? 0).toBe(scripts.length);
    expect(page).not.toMatch(/<script\s[^>]*>/);
    const markup = page.replace(/<script>[\s\S]*?<\/script>/g, '');
    expect(markup).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(page.endsWith('</html>\n')).toBe(true);
  });
});
