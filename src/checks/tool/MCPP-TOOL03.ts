import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp, OWASP_MCP_TOP10 } from '../../spec/citations.js';
import { scanEncoded } from '../../surface/encoded.js';
import { toldToObey } from '../../surface/obey.js';
import { judgeSegments } from '../../surface/signals.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, WALL_TRAP } from './common.js';

const RANK = { info: 0, low: 1, medium: 2, high: 3, critical: 4 } as const;

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL03',
    title: 'No encoded payloads',
    requirement:
      'Metadata contains no base64, base32, hex, percent-encoded, escaped, entity-encoded, quoted-printable, binary, braille, Ascii85, reversed or ROT13 text that hides instructions, nor a JWT whose claims carry one.',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      'data-uri': 'a `data:` URI whose content is text (images are not reported)',
      base64:
        'a base64 run of 40 or more characters that decodes to text (gzip or zlib inside is inflated), or a long random-looking run',
      base32: 'a base32 run of 32 or more characters (RFC 4648 alphabet) that decodes to text',
      hex: 'a hex run of 64 or more digits that decodes to text (digest lengths are skipped)',
      percent: 'ten or more consecutive `%XX` escapes that decode to text',
      rot13: 'text said to be in ROT13 whose shifted letters read as English',
      escapes: 'eight or more `\\u`, `\\x` or octal escapes in a row that decode to text',
      'html-entities': 'eight or more numeric character references (`&#101;`, `&#x65;`) that decode to text',
      'quoted-printable': 'ten or more `=XX` quoted-printable escapes that decode to text',
      binary: 'eight or more 8-bit binary groups that decode to text',
      braille: 'ten or more braille cells that read as Grade 1 letters and spaces',
      ascii85: 'an Ascii85 run, named as such in the text, that decodes to text',
      reversed: 'text said to be written backwards whose reversed letters read as English',
      jwt: "a JWT whose claims read as an order (a JWT's claims are otherwise not reported)",
    },
    severity: 'medium',
    confidence: 'medium',
    citations: [mcp('2026-07-28', 'index', 'Security and Trust & Safety'), OWASP_MCP_TOP10],
    rationale:
      'Models decode base64 and hex readily; an encoded blob carries instructions past a person and past phrase filters.',
    remediation: 'Write metadata as plain text; move binary samples out of descriptions and schema examples.',
    evidence:
      'Every inspected string: `data:` URIs, base64 runs ≥40 characters (gzip or zlib inside inflated), base32 runs ≥32, hex runs ≥64, ≥10 consecutive `%XX` or `=XX`, ≥8 escapes, numeric entities or binary octets, ≥10 braille cells, Ascii85 named as such, text marked as ROT13 or as reversed, the claims of a JWT; each run is decoded and the decoded text is judged by the TOOL01 signal model.',
    traps: `Digests (hex of 32, 40, 56, 64, 96 or 128 digits), JWTs, and identifier- or path-like runs are skipped; random-looking bytes are reported only for long mixed-alphabet runs outside examples. ${WALL_TRAP}`,
    notes:
      'High when the decoded text is instruction-like (TOOL01 at medium or above, or addressed to the model at all) or when the sentence around the run (before or after it, glossed when it is not English) tells the model to follow, apply, obey or run it, or calls it binding; decoding alone is not an order. Medium otherwise. One result per item and encoding.',
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    for (const item of s.surface.items) {
      const found = new Map<string, { text: string; high: boolean }[]>();
      for (const str of item.strings) {
        const example = str.role === 'schema-example' || str.role === 'schema-default';
        for (const run of scanEncoded(str.text, { example })) {
          const j = run.text
            ? judgeSegments([{ text: run.text, field: str.field }], {
                itemKind: item.kind,
                itemName: item.name,
              })
            : null;
          // Hidden text that addresses whoever acts is an order; so is a run the text says to obey.
          const orders = j?.signals.includes('addressee:agent') === true;
          const high =
            (j?.severity != null && (RANK[j.severity] >= RANK.medium || orders)) ||
            toldToObey(str.text, run.start, run.end);
          // A JWT is ordinary in documentation: its claims count only when they order something.
          if (run.onlyIfOrders === true && !high) continue;
          const list = found.get(run.kind) ?? [];
          if (list.length < 5)
            list.push({
              text: `${str.field}: ${run.shown ? `decodes to "${run.shown}"` : 'random-looking bytes'}`,
              high,
            });
          found.set(run.kind, list);
        }
      }
      for (const [kind, runs] of found)
        out.push(
          ctx.fail(
            `${locationOf(item)}: encoded ${kind}. ${runs.map((r) => r.text).join('; ')}`,
            s.evidence,
            {
              location: locationOf(item),
              key: kind,
              severity: runs.some((r) => r.high) ? 'high' : 'medium',
            },
          ),
        );
    }
    if (out.length > 0) return out;
    return ctx.pass(`No encoded payloads in ${s.surface.count} strings.`, s.evidence);
  },
});
