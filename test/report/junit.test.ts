import { describe, expect, it } from 'vitest';

import { escapeXml } from '../../src/escape/xml.js';
import { renderJunit } from '../../src/report/junit.js';
import { hostile, hostileStatusReport } from '../helpers/hostile-report.js';
import { demoReport, replaceResults, retarget } from '../helpers/pinned-report.js';

interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  readonly text: string;
}

const ELEMENTS = new Set([
  'testsuites',
  'testsuite',
  'properties',
  'property',
  'testcase',
  'failure',
  'error',
  'skipped',
  'system-out',
  'system-err',
]);

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A strict little parser for the XML subset the renderer writes: one prolog,
 * known element names, quoted attributes, the five entities. It throws on
 * anything else, so a successful parse means well-formed output whose every
 * `<` opens or closes a known element.
 */
function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  for (const ch of xml) {
    const cp = ch.codePointAt(0)!;
    const ok =
      cp === 0x9 ||
      cp === 0xa ||
      cp === 0xd ||
      (cp >= 0x20 && cp <= 0xd7ff) ||
      (cp >= 0xe000 && cp <= 0xfffd) ||
      (cp >= 0x10000 && cp <= 0x10ffff);
    if (!ok) throw new Error(`character U+${cp.toString(16)} is not allowed in XML 1.0`);
  }
  const expect = (s: string) => {
    if (!xml.startsWith(s, i)) fail(`expected ${s}`);
    i += s.length;
  };
  const space = () => {
    while (/\s/.test(xml[i] ?? '')) i++;
  };
  const name = () => {
    const m = /^[A-Za-z][\w.-]*/.exec(xml.slice(i));
    if (!m) return fail('expected a name');
    i += m[0].length;
    return m[0];
  };
  const chars = (stop: string) => {
    let out = '';
    while (i < xml.length && !stop.includes(xml[i]!)) {
      if (xml[i] === '&') {
        const end = xml.indexOf(';', i);
        const ent = xml.slice(i + 1, end);
        if (end < 0 || !(ent in ENTITIES)) fail('bad entity');
        out += ENTITIES[ent];
        i = end + 1;
      } else if (xml[i] === '<' || xml[i] === '>') {
        fail('raw markup character in character data');
      } else out += xml[i++];
    }
    return out;
  };
  const element = (): XmlElement => {
    expect('<');
    const tag = name();
    if (!ELEMENTS.has(tag)) fail(`unknown element ${tag}`);
    const attrs: Record<string, string> = {};
    for (;;) {
      space();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return { name: tag, attrs, children: [], text: '' };
      }
      if (xml[i] === '>') break;
      const a = name();
      if (a in attrs) fail(`duplicate attribute ${a}`);
      space();
      expect('=');
      space();
      expect('"');
      attrs[a] = chars('"');
      expect('"');
    }
    i++;
    const children: XmlElement[] = [];
    let text = '';
    while (!xml.startsWith('</', i)) {
      if (i >= xml.length) fail(`unclosed ${tag}`);
      if (xml[i] === '<') children.push(element());
      else text += chars('<');
    }
    expect(`</${tag}`);
    space();
    expect('>');
    if (children.length && text.trim()) fail(`mixed content in ${tag}`);
    return { name: tag, attrs, children, text: children.length ? '' : text };
  };
  expect('<?xml version="1.0" encoding="UTF-8"?>');
  space();
  const root = element();
  space();
  if (i !== xml.length) fail('trailing content');
  return root;
}

const child = (e: XmlElement, name: string) => e.children.find((c) => c.name === name);
const cases = (suite: XmlElement) => suite.children.filter((c) => c.name === 'testcase');
const caseOf = (suite: XmlElement, id: string) =>
  cases(suite).find((c) => c.attrs['name']!.startsWith(`${id} `))!;

describe('JUnit counts and mapping', () => {
  const demo = demoReport();
  const root = parseXml(renderJunit([demo]));
  const suite = root.children[0]!;

  it('writes one suite per target and one case per check and client, with counts matching the report', () => {
    expect(root.name).toBe('testsuites');
    expect(root.children).toHaveLength(1);
    expect(suite.attrs['name']).toBe(demo.target.url);
    const s = demo.summary.byStatus;
    const clients = demo.clients ?? [];
    const clientsAre = (v: string) => clients.filter((c) => c.verdict === v).length;
    expect(cases(suite)).toHaveLength(demo.summary.checks + clients.length);
    expect(suite.attrs).toMatchObject({
      tests: String(demo.summary.checks + clients.length),
      failures: String(s.fail + clientsAre('blocked')),
      errors: String(s.error),
      skipped: String(s.inconclusive + s.not_applicable + clientsAre('unknown')),
    });
    // The counts agree with the elements actually written.
    const count = (el: string) => cases(suite).filter((c) => child(c, el)).length;
    expect(Number(suite.attrs['failures'])).toBe(count('failure'));
    expect(Number(suite.attrs['errors'])).toBe(count('error'));
    expect(Number(suite.attrs['skipped'])).toBe(count('skipped'));
    expect(root.attrs).toMatchObject({ tests: suite.attrs['tests'], failures: suite.attrs['failures'] });
  });

  it('writes one case per client: blocked fails with the rule that blocks it, the others pass', () => {
    const clientCases = cases(suite).filter((c) => c.attrs['classname'] === 'client');
    expect(clientCases.map((c) => c.attrs['name']!.split(' ')[0])).toEqual(
      (demo.clients ?? []).map((c) => c.id),
    );
    const chatgpt = clientCases.find((c) => c.attrs['name']!.startsWith('chatgpt '))!;
    const failure = child(chatgpt, 'failure')!;
    expect(failure.attrs['message']).toBe('The endpoint is http, not https.');
    expect(failure.text).toContain('verdict: blocked');
    const cursor = clientCases.find((c) => c.attrs['name']!.startsWith('cursor '))!;
    expect(cursor.children).toEqual([]);
  });

  it('names cases by family and `ID title`, and maps statuses to elements', () => {
    for (const c of demo.checks) {
      const tc = caseOf(suite, c.id);
      expect(tc.attrs['classname']).toBe(c.id.slice('MCPP-'.length, -2));
      expect(tc.attrs['name']).toBe(`${c.id} ${c.title}`);
    }
    expect(caseOf(suite, 'MCPP-TRN01').children).toEqual([]);
    const act01 = child(caseOf(suite, 'MCPP-ACT01'), 'failure')!;
    expect(act01.attrs['type']).toBe('high');
    // All three failing results of ACT01 are in the failure body.
    expect(act01.text.split('\n')).toHaveLength(3);
    expect(child(caseOf(suite, 'MCPP-LEG20'), 'skipped')!.attrs['message']).toBe('not_applicable: transport');
    expect(suite.children[0]!.name).toBe('properties');
  });

  it('sums counts over several targets', () => {
    const two = parseXml(renderJunit([demo, retarget(hostileStatusReport(), 'https://b.example/mcp')]));
    expect(two.children).toHaveLength(2);
    for (const k of ['tests', 'failures', 'errors', 'skipped'])
      expect(Number(two.attrs[k])).toBe(two.children.reduce((n, s) => n + Number(s.attrs[k]), 0));
    expect(two.children.map((s) => s.attrs['id'])).toEqual(['0', '1']);
  });

  it('flags an ungraded target on the suite', () => {
    const down = parseXml(renderJunit([{ ...demo, outcome: 'unreachable' }])).children[0]!;
    expect(child(down, 'system-err')!.text).toContain('unreachable');
  });
});

describe('JUnit statuses are distinguishable', () => {
  const suite = parseXml(renderJunit([hostileStatusReport()])).children[0]!;
  const statusLine = (id: string) => child(caseOf(suite, id), 'system-out')?.text.split('\n')[0];

  it('fail wins over error and inconclusive, which stay visible in system-out', () => {
    const tc = caseOf(suite, 'MCPP-TRN12');
    expect(tc.children.map((c) => c.name)).toEqual(['failure', 'system-out']);
    expect(child(tc, 'failure')!.attrs['type']).toBe('medium');
    const out = child(tc, 'system-out')!.text;
    expect(out).toContain('error (internal) endpoint key=x: probe crashed');
    expect(out).toContain('inconclusive (ambiguous) endpoint key=y: could not tell');
  });

  it('tells failure, error, inconclusive and not applicable apart', () => {
    const shape = (id: string) => {
      const tc = caseOf(suite, id);
      const main = tc.children[0];
      return {
        element: main?.name,
        message: main?.name === 'skipped' ? main.attrs['message'] : undefined,
        status: statusLine(id),
      };
    };
    expect(shape('MCPP-ACT01')).toEqual({ element: 'failure', message: undefined, status: 'status: fail' });
    expect(shape('MCPP-TRN07')).toEqual({ element: 'error', message: undefined, status: 'status: error' });
    expect(shape('MCPP-TRN06')).toEqual({
      element: 'skipped',
      message: 'inconclusive: needs_token',
      status: 'status: inconclusive',
    });
    expect(shape('MCPP-LEG13')).toEqual({
      element: 'skipped',
      message: 'not_applicable: feature_absent',
      status: 'status: not_applicable',
    });
    expect(shape('MCPP-TRN01')).toEqual({ element: undefined, message: undefined, status: undefined });
    const skipped = cases(suite).filter((c) => child(c, 'skipped')).length;
    expect(suite.attrs).toMatchObject({ errors: '1', skipped: String(skipped) });
  });
});

describe('JUnit escaping', () => {
  it('is checked by a parser that rejects markup, unknown entities and illegal characters', () => {
    const prolog = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(() => parseXml(`${prolog}<testsuites><script/></testsuites>`)).toThrow(/unknown element/);
    expect(() => parseXml(`${prolog}<testsuites name="a<b"/>`)).toThrow(/raw markup/);
    expect(() => parseXml(`${prolog}<testsuites>a > b</testsuites>`)).toThrow(/raw markup/);
    expect(() => parseXml(`${prolog}<testsuites>&nbsp;</testsuites>`)).toThrow(/bad entity/);
    expect(() => parseXml(`${prolog}<testsuites>\u001b</testsuites>`)).toThrow(/not allowed/);
    expect(() => parseXml(`${prolog}<testsuites><testsuite></testsuites>`)).toThrow();
  });

  const h = hostile();
  const xml = renderJunit([hostileStatusReport()]);

  it('parses as well-formed XML with no raw markup from the server', () => {
    const root = parseXml(xml);
    expect(root.children).toHaveLength(1);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('<img');
    expect(xml).not.toContain('<b>');
    expect(xml).toContain('run_&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps the hostile text readable but inert after parsing', () => {
    const suite = parseXml(xml).children[0]!;
    const act = caseOf(suite, 'MCPP-ACT01');
    const failure = child(act, 'failure')!;
    expect(failure.attrs['message']).toContain(`The tool ${h.name} described as`);
    expect(failure.text).toContain('<img src=x onerror=alert(1)>');
    // ESC and the bidi override arrive as visible escapes, never as the characters themselves.
    expect(failure.text).toContain('\\u{1b}[31mred');
    expect(failure.text).toContain('\\u{202e}evil');
    for (const c of ['\u001b', '\u202e', '\u200b']) expect(xml).not.toContain(c);
    expect(child(caseOf(suite, 'MCPP-TRN07'), 'error')!.attrs['message']).toContain(
      '[click](javascript:alert(1))',
    );
  });

  it('keeps attribute values on one line', () => {
    const suite = parseXml(
      renderJunit([
        replaceResults(demoReport(), 'MCPP-LEG07', [
          { checkId: '', status: 'fail', severity: 'low', message: 'line one\nline "two"\r\n\ttabbed' },
        ]),
      ]),
    ).children[0]!;
    const failure = child(caseOf(suite, 'MCPP-LEG07'), 'failure')!;
    expect(failure.attrs['message']).toMatch(/^line one\\nline "two"\S+\\ttabbed$/);
    expect(failure.attrs['message']).not.toMatch(/[\r\n\t]/);
    expect(failure.text).toContain('line one\nline "two"');
  });

  it('drops characters XML 1.0 cannot carry', () => {
    const nasty = 'a\u0000b\u0008c\u000bd\u000ce\u001ff\ufffeg\uffffh\ud800i\udc00j\u{1f600}k';
    const report = replaceResults(demoReport(), 'MCPP-LEG07', [
      { checkId: '', status: 'fail', severity: 'low', message: nasty, key: nasty },
    ]);
    const failure = child(caseOf(parseXml(renderJunit([report])).children[0]!, 'MCPP-LEG07'), 'failure')!;
    expect(failure.attrs['message']).toMatch(/^a.*b.*c.*d.*e.*f.*ghij\u{1f600}k$/u);
    expect(escapeXml(nasty)).toBe('abcdefghij\u{1f600}k');
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
  });
});
