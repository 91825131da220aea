import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { contentSecurityPolicy, renderHtml } from '../../src/report/html.js';
import type { ScanReport } from '../../src/report/model.js';
import { formatGrade } from '../../src/report/rating.js';
import { hostileMarkupReport } from '../helpers/hostile-report.js';
import { demoReport, withSuppressedLeg07 } from '../helpers/pinned-report.js';

const TAGS = new Set([
  'html',
  'head',
  'meta',
  'link',
  'title',
  'style',
  'body',
  'header',
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'code',
  'main',
  'section',
  'ul',
  'li',
  'span',
  'dl',
  'dt',
  'dd',
  'nav',
  'fieldset',
  'legend',
  'button',
  'article',
  'div',
  'strong',
  'details',
  'summary',
  'pre',
  'a',
  'footer',
  'script',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'ol',
]);
const ATTRIBUTES = new Set([
  'lang',
  'charset',
  'http-equiv',
  'content',
  'name',
  'rel',
  'href',
  'class',
  'id',
  'aria-labelledby',
  'aria-label',
  'aria-pressed',
  'aria-live',
  'hidden',
  'type',
  'target',
  'data-filter-item',
  'data-severity',
  'data-family',
  'data-dim',
  'data-value',
  'data-exchange',
  'data-client',
  'data-rule',
  'data-total',
  'scope',
]);

function inline(page: string, tag: 'script' | 'style'): string[] {
  return [...page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Start tags outside the inline script and style, as [name, attribute names]; loose, so injected tags count too. */
function startTags(page: string): [string, string[]][] {
  const body = page.replace(/<(script|style)>[\s\S]*?<\/\1>/g, '<$1>');
  return [...body.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)].map((m) => [
    m[1]!.toLowerCase(),
    [...m[2]!.replace(/=\s*("[^"]*"|'[^']*'|[^\s>]*)/g, '').matchAll(/[^\s/]+/g)].map((a) =>
      a[0].toLowerCase(),
    ),
  ]);
}

/** Whitespace runs as one space: the template's indentation is not part of what is asserted. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

function csp(page: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/.exec(page);
  expect(m).not.toBeNull();
  return m![1]!.replace(/&#39;/g, "'");
}

describe('renderHtml', () => {
  const demo = demoReport();
  const page = renderHtml(demo);

  it('is one HTML document with a strict CSP that allows exactly its inline script and style by hash', () => {
    expect(page).toMatch(/^<!doctype html>\s*<html lang="en">/);
    const policy = csp(page);
    expect(policy).toBe(contentSecurityPolicy());
    const [script, ...moreScripts] = inline(page, 'script');
    const [style, ...moreStyles] = inline(page, 'style');
    expect(moreScripts).toEqual([]);
    expect(moreStyles).toEqual([]);
    const directives = Object.fromEntries(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives).toEqual({
      'default-src': ["'none'"],
      'script-src': [sha256(script!)],
      'style-src': [sha256(style!)],
      'img-src': ['data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
    });
    // The CSP must come before anything it governs.
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<style>'));
  });

  it('loads nothing: no src attributes, the only <link> is the data: favicon, links go to citations', () => {
    const tags = startTags(page);
    expect(tags.filter(([, attrs]) => attrs.includes('src'))).toEqual([]);
    expect(page.match(/<link [^>]*>/g)).toEqual(['<link rel="icon" href="data:," />']);
    // Links go to the checks' citations and to the public sources of the client rules.
    const citationUrls = new Set([
      ...demo.checks.flatMap((c) => c.citations.map((x) => x.url)),
      ...(demo.clients ?? []).flatMap((c) => c.rules.map((r) => r.source.url)),
    ]);
    const all = [...page.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    // In-page links (the findings table to its cards) go to an element of the page.
    const local = all.filter((h) => h.startsWith('#'));
    expect(local.length).toBe(demo.summary.byStatus.fail);
    for (const h of local) expect(page).toContain(`id="${h.slice(1)}"`);
    const hrefs = all.filter((h) => !h.startsWith('#'));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(citationUrls.has(href) && href.startsWith('https://')).toBe(true);
    expect(page).not.toMatch(/url\(|@import/);
  });

  it('puts the summary first: grade, outcome, revision and how it was found, counts by severity', () => {
    const summary = flat(page.slice(page.indexOf('<section id="summary"'), page.indexOf('</section>')));
    expect(page.indexOf('<section id="summary"')).toBeLessThan(page.indexOf('<section id="failing"'));
    expect(summary).toContain(
      `Grade <span class="grade-value grade-${demo.rating.letter.toLowerCase()}">${formatGrade(demo.rating)}</span>`,
    );
    expect(summary).toContain('<summary>How the grade was reached</summary>');
    expect(summary).toContain(
      `<span class="outcome-value">graded</span> · ${demo.summary.byStatus.fail} failing checks`,
    );
    expect(summary).toContain('<dd>2025-11-25 (negotiated)</dd>');
    expect(summary).toContain(
      '<dd>initialize negotiated 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05</dd>',
    );
    const high = demo.summary.failsBySeverity.high;
    expect(high).toBeGreaterThan(0);
    expect(summary).toContain(`<li class="sev-high"> <span class="n">${high}</span>high </li>`);
    expect(summary).toContain('<li class="sev-critical zero"> <span class="n">0</span>critical </li>');
  });

  it('shows one card per failing check, with remediation, citations and its exchanges collapsed', () => {
    // The unit of the summary's "N failing checks": ACT01 fails three times and is one card.
    expect(page.match(/<article\s+id="finding-[^"]+"\s+class="finding /g)).toHaveLength(
      demo.summary.byStatus.fail,
    );
    expect(demo.results.filter((r) => r.status === 'fail').length).toBeGreaterThan(
      demo.summary.byStatus.fail,
    );
    const act01 = page.slice(page.indexOf('<article\n    id="finding-MCPP-ACT01"'));
    const card = flat(act01.slice(0, act01.indexOf('</article>')));
    expect(card).toContain('<span class="muted">· 3 places</span>');
    expect(card.match(/<h4>Remediation<\/h4>/g)).toHaveLength(1);
    const trn12 = page.slice(page.indexOf('id="finding-MCPP-TRN12"'));
    const article = trn12.slice(0, trn12.indexOf('</article>'));
    expect(article).toContain('<h4>Remediation</h4>');
    expect(article).toContain('<h4>Why it matters</h4>');
    expect(article).toContain('<h4>References</h4>');
    expect(article).toMatch(/<a href="https:\/\/[^"]+" rel="noreferrer noopener" target="_blank">/);
    expect(article).toContain('<details class="exchange" data-exchange="x9">');
    expect(article).toMatch(/<pre>OPTIONS http:\/\/127\.0\.0\.1:\d+\/mcp\n/);
    expect(article).toMatch(/<pre>HTTP \d{3}\n/);
  });

  it('shows suppressed fails in their own section, with the reason escaped', () => {
    const out = renderHtml(withSuppressedLeg07(demo));
    const failing = out.slice(out.indexOf('<section id="failing"'), out.indexOf('<section id="suppressed"'));
    expect(failing).not.toContain('<code>MCPP-LEG07</code>');
    const fails = demo.summary.byStatus.fail - 1;
    expect(failing).toContain(
      `<h2 id="failing-h">Failing findings (<span class="count" data-total="${fails}">${fails}</span>)</h2>`,
    );
    const suppressed = flat(out.slice(out.indexOf('<section id="suppressed"')));
    expect(suppressed).toContain('<code>MCPP-LEG07</code>');
    expect(suppressed).toContain(
      '<p class="suppressed"> <strong>Suppressed</strong> by configuration until 2027-01-31: accepted &lt;b&gt;risk&lt;/b&gt; | see [ticket](https://x.example) </p>',
    );
  });

  it('pretty-prints JSON bodies in exchanges, keeping invisible characters escaped', () => {
    expect(page).toMatch(/<pre>HTTP 200\n[^<]*\n\n\{\n {2}&quot;jsonrpc&quot;: &quot;2\.0&quot;,\n/);
    // Parsing decodes `\u202e`; the pretty-printed text escapes it again, so it never reorders the page.
    expect(page).toContain('\\u202eevil\\u200b');
    expect(page).not.toMatch(/[\u202e\u200b]/u);
  });

  it('renders an unreachable target with no results', () => {
    const out = renderHtml({ ...demo, outcome: 'unreachable', results: [], checks: [], exchanges: [] });
    expect(out).toContain('<span class="outcome-value">unreachable</span>');
    expect(out).toContain('<p>No failing checks.</p>');
    expect(out).toContain('</html>');
  });

  it('hides the filter bar until the script reveals it, and offers every severity and family', () => {
    expect(page).toContain('<nav id="filters" class="filters" aria-label="Filters" hidden>');
    for (const v of ['critical', 'high', 'medium', 'low', 'info', 'ACT', 'ERR', 'LEG', 'TRN'])
      expect(page).toContain(`data-value="${v}"`);
  });
});

describe('renderHtml with hostile report text', () => {
  const report: ScanReport = hostileMarkupReport();
  const page = renderHtml(report);

  it('emits only its own elements and attributes', () => {
    const tags = startTags(page);
    expect(tags.length).toBeGreaterThan(300);
    expect(startTags('<img src=x onerror=alert(1)>')).toEqual([['img', ['src', 'onerror']]]);
    for (const [tag, attrs] of tags) {
      expect(TAGS.has(tag), tag).toBe(true);
      for (const a of attrs) expect(ATTRIBUTES.has(a), `${tag} ${a}`).toBe(true);
    }
    expect(page.match(/<script/gi)).toHaveLength(1);
    expect(page).not.toMatch(/<(img|svg|iframe|object|embed|base|form|input)\b/i);
  });

  it('escapes server text in text, attributes, <pre> and <title>', () => {
    expect(page).toContain('&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;');
    expect(page).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(page).toContain('&lt;/pre&gt;&lt;/details&gt;&lt;script&gt;');
    expect(page).toContain('data-family="other"');
    expect(page).toContain('<title>mcp-posture report: http://127.0.0.1:');
    expect(page).toContain('run_&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('does not link a citation that is not absolute http(s)', () => {
    expect(page).not.toMatch(/href="\s*javascript:/i);
    expect(page).toContain(
      'evil &lt;img src=x onerror=&quot;window.__xss=1&quot;&gt; <span class="muted">(javascript:window.__xss=1)</span>',
    );
  });

  it('makes control, bidi and zero-width characters visible', () => {
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(page).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e\u200b]/u);
    expect(page).toContain('\\u{202e}evil\\u{200b}');
    expect(page).toContain('\\u{1b}[31mred');
  });
});
