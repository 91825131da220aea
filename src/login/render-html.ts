/**
 * `login --format html`: the login report as one self-contained page — the result, the trust
 * chain drawn as inline SVG with the step the login stopped at highlighted, each step, and the
 * failure with the request and response that show it. No script at all; the report's hashed
 * stylesheet is the only thing the Content-Security-Policy allows. Every server string goes
 * through the report's `html` tag; the report holds no token, code or verifier to leak.
 */
import { chainSection } from '../report/html/chain-svg.js';
import { page } from '../report/html/page.js';
import { STYLE } from '../report/html/style.js';
import type { SafeHtml } from '../report/html/template.js';
import { html } from '../report/html/template.js';
import { loginTrustChain } from './chain.js';
import type { LoginReport } from './diagnosis.js';

const MARK = { ok: '✓', failed: '✗', skipped: '·' } as const;

function outcome(r: LoginReport): SafeHtml {
  const f = r.failure;
  if (!f)
    return html`<section id="result" aria-labelledby="result-h">
      <h2 id="result-h">Logged in</h2>
      <dl class="facts">
        <dt>Resource</dt>
        <dd><code>${r.resource ?? ''}</code></dd>
        <dt>Issuer</dt>
        <dd><code>${r.issuer ?? ''}</code></dd>
        <dt>Client</dt>
        <dd><code>${r.client?.clientId ?? ''}</code> (${r.client?.kind ?? ''})</dd>
        <dt>Redirect URI</dt>
        <dd><code>${r.redirectUri ?? ''}</code></dd>
        ${
          r.scope
            ? html`<dt>Scope</dt>
                <dd><code>${r.scope}</code></dd>`
            : ''
        }
        ${
          r.expiresAt
            ? html`<dt>Expires</dt>
                <dd>${new Date(r.expiresAt).toISOString()}</dd>`
            : ''
        }
      </dl>
    </section>`;
  const x = f.exchange ? r.exchanges.find((e) => e.id === f.exchange) : undefined;
  return html`<section id="result" aria-labelledby="result-h" class="finding sev-high">
    <h2 id="result-h">Login failed at the ${f.step} step (<code>${f.code}</code>)</h2>
    <p class="message">${f.message}</p>
    <dl class="facts">
      <dt>Spec</dt>
      <dd>${f.clause}</dd>
      <dt>Fix</dt>
      <dd>${f.fix}</dd>
    </dl>
    ${
      x
        ? html`<h3>Request</h3>
            <pre>${x.request.method} ${x.request.url}</pre>
            ${
              x.response
                ? html`<h3>Response</h3>
                    <pre>${x.response.status} ${x.response.body.slice(0, 2000)}</pre>`
                : ''
            }`
        : ''
    }
  </section>`;
}

export function renderLoginHtml(r: LoginReport): string {
  // Written at the depth of a child of <body> in the page shell, so the page keeps its bytes.
  // prettier-ignore
  const body = html`<header>
          <h1>mcp-posture login</h1>
          <p class="target"><code>${r.target}</code></p>
        </header>
        <main>
          ${outcome(r)} ${chainSection(loginTrustChain(r))}
          <section id="steps" aria-labelledby="steps-h">
            <h2 id="steps-h">Steps (${r.steps.length})</h2>
            <ul class="plain">
              ${r.steps.map(
                (s) =>
                  html`<li data-step="${s.step}" data-status="${s.status}">
                    ${MARK[s.status]} <strong>${s.step}</strong> ${s.detail}
                    ${s.url ? html`<br /><code>${s.url}</code>` : ''}
                  </li>`,
              )}
            </ul>
          </section>
        </main>`;
  return page({ title: `mcp-posture login: ${r.target}`, style: STYLE }, body);
}
