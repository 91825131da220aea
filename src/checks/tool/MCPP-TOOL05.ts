import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp, OWASP_MCP_TOP10 } from '../../spec/citations.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { SENSITIVE_PATHS } from '../../surface/lexicon.js';
import { usedPart } from '../../surface/references.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, WALL_TRAP } from './common.js';
import { clausesOf, proseOf } from './prose.js';
import { prefilter } from '../../surface/prefilter.js';

/** Capture, tunnel and webhook services, and chat webhooks. */
const CAPTURE =
  /\b(ngrok(-free)?\.(io|app|dev)|trycloudflare\.com|loca\.lt|localtunnel\.me|serveo\.net|pipedream\.net|requestbin\.\w+|webhook\.site|hookbin\.com|beeceptor\.com|burpcollaborator\.net|oastify\.com|interact\.sh|oast\.(fun|live|site|online|pro|me)|canarytokens\.\w+|discord(app)?\.com\/api\/webhooks|hooks\.slack\.com\/services|requestcatcher\.com|postb\.in)\b/;
const RAW_IP_URL = /\b(?:https?|wss?|ftp):\/\/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?=[:/\s"'`)]|$)/g;

/** A raw IP on the public internet (loopback, private, link-local and documentation ranges are not). */
function publicIp(a: number, b: number, c: number): boolean {
  if (a === 10 || a === 127 || a === 0 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if (
    (a === 192 && b === 0 && c === 2) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  )
    return false;
  return true;
}

function urlHit(c: string): boolean {
  if (CAPTURE.test(c)) return true;
  for (const m of c.matchAll(RAW_IP_URL)) if (publicIp(Number(m[1]), Number(m[2]), Number(m[3]))) return true;
  return false;
}

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL05',
    title: 'No sensitive paths or exfiltration endpoints',
    requirement:
      'Metadata does not reference credential files (SSH keys, cloud credentials, `.env`, MCP client configuration files, shell history, wallets) or capture, tunnel and webhook services or raw-IP URLs.',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      paths:
        'a credential file or store is named (SSH keys, cloud credentials, `.env`, MCP client configuration, shell history, wallets)',
      urls: 'a capture, tunnel or webhook service, or a URL on a raw public IP address',
    },
    severity: 'medium',
    confidence: 'medium',
    citations: [mcp('2026-07-28', 'index', 'Security and Trust & Safety'), OWASP_MCP_TOP10],
    rationale:
      'Poisoned tools name the files an attacker wants read (keys, tokens, client configs) and the places to send them; neither belongs in an honest description.',
    remediation:
      'Remove references to credential files and to capture or tunnel endpoints; if the tool protects such paths, say so in a sentence that says it rejects them.',
    evidence:
      'Pattern lists over the normalised prose of every item, clause by clause (keys `paths`, `urls`).',
    traps: `File-management servers name paths legitimately: only credential stores count, and a clause that rejects, blocks, excludes or never needs them ("paths like ~/.ssh are rejected", "never needs ~/.aws/credentials", read through the gloss in another language) is counter-evidence, as is text quoted or exemplified ("patterns such as 'read ~/.ssh/id_rsa first'"). Loopback, private and documentation addresses are not raw-IP findings. ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    for (const item of s.surface.items) {
      const hits = { paths: [] as string[], urls: [] as string[] };
      for (const str of proseOf(item)) {
        for (const c of clausesOf(str)) {
          // Rejected, excluded or never needed (in any language the judge glosses), or only quoted: not a reference.
          const used = usedPart(c);
          if (used.trim() === '') continue;
          const path = SENSITIVE_PATHS.find(([, re]) => re.test(used));
          if (path && hits.paths.length < 5)
            hits.paths.push(`${str.field} (${path[0]}): "${escapeExcerpt(c, 160)}"`);
          if (urlHit(used) && hits.urls.length < 5)
            hits.urls.push(`${str.field}: "${escapeExcerpt(c, 160)}"`);
        }
      }
      for (const key of ['paths', 'urls'] as const)
        if (hits[key].length > 0)
          out.push(
            ctx.fail(
              `${locationOf(item)} references ${key === 'paths' ? 'sensitive paths' : 'exfiltration endpoints'}: ${hits[key].join('; ')}`,
              s.evidence,
              {
                location: locationOf(item),
                key,
              },
            ),
          );
    }
    if (out.length > 0) return out;
    return ctx.pass(
      `No sensitive paths or exfiltration endpoints in ${s.surface.items.length} items.`,
      s.evidence,
    );
  },
});

// The patterns' literal prefilter (./prefilter.ts).
prefilter(CAPTURE);
