/**
 * The login report as text: one line per step, then the failure with its clause and fix. Server
 * text is escaped for the terminal; no token ever reaches this function (the report holds none).
 */
import { escapeTerminalLine } from '../escape/terminal.js';
import type { LoginReport } from './diagnosis.js';

const MARK = { ok: '✓', failed: '✗', skipped: '·' } as const;

export function renderLoginText(r: LoginReport): string {
  const e = escapeTerminalLine;
  const lines: string[] = [`mcp-posture login ${e(r.target)}`, ''];
  for (const s of r.steps) {
    lines.push(`  ${MARK[s.status]} ${s.step.padEnd(18)} ${e(s.detail)}`);
    if (s.url) lines.push(`    ${' '.repeat(18)} ${e(s.url)}`);
  }
  lines.push('');
  if (r.failure) {
    const f = r.failure;
    lines.push(`Login failed at the ${f.step} step (${f.code}):`);
    lines.push(`  ${e(f.message)}`);
    lines.push(`  Spec: ${f.clause}`);
    lines.push(`  Fix:  ${f.fix}`);
    if (f.exchange) {
      const x = r.exchanges.find((ex) => ex.id === f.exchange);
      if (x) {
        lines.push(`  Request:  ${x.request.method} ${e(x.request.url)}`);
        if (x.response) lines.push(`  Response: ${x.response.status} ${e(x.response.body.slice(0, 300))}`);
      }
    }
  } else {
    lines.push(`Logged in: a token for ${e(r.resource ?? '')} from ${e(r.issuer ?? '')}`);
    lines.push(
      `  client ${e(r.client?.clientId ?? '')} (${r.client?.kind ?? ''}), redirect ${e(r.redirectUri ?? '')}`,
    );
    if (r.scope) lines.push(`  scope "${e(r.scope)}"`);
    if (r.expiresAt) lines.push(`  expires ${new Date(r.expiresAt).toISOString()}`);
    lines.push('  The token is stored in your config directory; `mcp-posture scan URL --login` uses it.');
  }
  return `${lines.join('\n')}\n`;
}
