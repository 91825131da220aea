/**
 * Is a rendered report inert? Server text may contain anything; once rendered, no output
 * may carry a raw character a terminal, editor or browser acts on, and no markup the format
 * would interpret. Each function returns human-readable problems (empty when clean).
 */

/**
 * C0 controls other than tab and newline (CR included: it overwrites a terminal line), DEL,
 * C1 controls, the Arabic letter mark, zero-width and directional marks, line and paragraph
 * separators, bidi embeddings, overrides and isolates, word joiners, the BOM, and Unicode
 * tag characters (invisible "ASCII smuggling").
 */
export const DANGEROUS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\u{e0000}-\u{e007f}]/u;

/** SGR colour sequences the text renderer itself emits with `color: true`. */
// eslint-disable-next-line no-control-regex -- the renderer's own escape sequences
const OWN_SGR = /\x1b\[[0-9;]*m/g;

function dangerousChars(text: string): string[] {
  const out: string[] = [];
  const re = new RegExp(DANGEROUS.source, 'gu');
  for (const m of text.matchAll(re)) {
    const at = m.index;
    const around = JSON.stringify(text.slice(Math.max(0, at - 30), at + 30));
    out.push(`raw U+${m[0].codePointAt(0)!.toString(16).padStart(4, '0')} near ${around}`);
    if (out.length >= 5) break;
  }
  return out;
}

function tagsOf(text: string): { name: string; tag: string; at: number }[] {
  return [...text.matchAll(/<\/?([a-zA-Z][\w:-]*)\b[^>]*>?/g)].map((m) => ({
    name: m[1]!.toLowerCase(),
    tag: m[0],
    at: m.index,
  }));
}

const ACTIVE_TAGS = new Set([
  'img',
  'svg',
  'iframe',
  'object',
  'embed',
  'math',
  'base',
  'form',
  'video',
  'audio',
  'source',
  'frame',
  'frameset',
  'textarea',
  'input',
  'meta-refresh',
  // Inside SVG: elements that run, load or embed something.
  'foreignobject',
  'use',
  'image',
  'animate',
  'set',
]);

/** The report's own diagram: one inline SVG of boxes and text (src/report/html/chain-svg.ts). */
const OWN_SVG = /^<svg\s+class="chain"\s+xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s>]/;

function htmlProblems(html: string): string[] {
  const out: string[] = [];
  const scripts = (html.match(/<script\b/gi) ?? []).length;
  if (scripts !== 1) out.push(`${scripts} <script> elements (the template has exactly one)`);
  let ownSvgs = 0;
  for (const { name, tag } of tagsOf(html)) {
    const own = name === 'svg' && (OWN_SVG.test(tag) || tag === '</svg>');
    if (own && tag !== '</svg>') ownSvgs++;
    if (ACTIVE_TAGS.has(name) && !own) out.push(`active element ${tag.slice(0, 80)}`);
    if (/\son[a-z]+\s*=/i.test(tag)) out.push(`event handler attribute in ${tag.slice(0, 80)}`);
    if (/\b(?:href|src|action)\s*=\s*["']?\s*javascript:/i.test(tag))
      out.push(`javascript: URL in ${tag.slice(0, 80)}`);
  }
  if (ownSvgs > 1) out.push(`${ownSvgs} trust-chain diagrams (the report draws at most one)`);
  return out;
}

/** The Markdown report's own constructs: doc links for check IDs and a few HTML elements. */
const OWN_DOC_LINK = /\[MCPP\\-[A-Z]+\d{2}\]\(docs\/checks\/MCPP-[A-Z]+\d{2}\.md\)/g;
/** `br`: a table cell of several lines (a finding's places, an inconclusive group's messages). */
const OWN_MD_TAGS = new Set(['sub', 'details', 'summary', 'br']);

function markdownProblems(md: string): string[] {
  const out: string[] = [];
  const text = md.replace(OWN_DOC_LINK, '');
  for (const m of text.matchAll(/(?<!\\)\]\(/g))
    out.push(
      `unescaped link "](" near ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 20))}`,
    );
  for (const m of text.matchAll(/(?<!\\)!\[/g))
    out.push(
      `unescaped image "![" near ${JSON.stringify(text.slice(Math.max(0, m.index - 20), m.index + 40))}`,
    );
  for (const { name, tag, at } of tagsOf(text)) {
    // An escaped "<" ("\<") is text; only a bare one opens an element.
    if (at > 0 && text[at - 1] === '\\') continue;
    if (!OWN_MD_TAGS.has(name)) out.push(`raw HTML ${tag.slice(0, 60)}`);
  }
  if (/(?<![\\<])\bjavascript:/i.test(text.replace(/javascript\\:/gi, '')))
    out.push('unescaped javascript: (GFM autolink)');
  return out.slice(0, 10);
}

const JUNIT_TAGS = new Set([
  'testsuites',
  'testsuite',
  'testcase',
  'failure',
  'error',
  'skipped',
  'properties',
  'property',
  'system-out',
  'system-err',
]);

function junitProblems(xml: string): string[] {
  const out: string[] = [];
  if (/<script/i.test(xml)) out.push('raw <script in XML');
  if (/<!\[CDATA\[/.test(xml)) out.push('CDATA section (a server "]]>" could close it)');
  for (const { name, tag } of tagsOf(xml.replace(/^<\?xml[^>]*\?>/, ''))) {
    if (!JUNIT_TAGS.has(name)) out.push(`unexpected element ${tag.slice(0, 60)}`);
  }
  return out.slice(0, 10);
}

function jsonProblems(text: string): string[] {
  try {
    // A multi-report render of `json` would be several documents; one report is one document.
    JSON.parse(text);
    return [];
  } catch (err) {
    return [`not JSON: ${(err as Error).message}`];
  }
}

/** Everything wrong with one rendered output. `colour`: the text renderer's own SGR codes are allowed. */
export function outputProblems(format: string, text: string, colour = false): string[] {
  const plain = colour ? text.replace(OWN_SGR, '') : text;
  const out = dangerousChars(plain);
  switch (format) {
    case 'json':
    case 'sarif':
      out.push(...jsonProblems(text));
      break;
    case 'html':
      out.push(...htmlProblems(text));
      break;
    case 'markdown':
      out.push(...markdownProblems(text));
      break;
    case 'junit':
      out.push(...junitProblems(text));
      break;
    default:
      break;
  }
  return out;
}
