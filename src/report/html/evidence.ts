/** One recorded exchange (HTTP, or a local server's stdio) as a collapsible block: the proof behind a finding. */
import { escapeJsonText } from '../../escape/json.js';
import type { ExchangeId, HttpExchange } from '../../evidence/types.js';
import type { StdioExchangeView } from '../stdio-exchanges.js';
import type { SafeHtml } from './template.js';
import { html } from './template.js';

/**
 * A JSON body pretty-printed (two-space indent), anything else as it came. Parsing only reformats:
 * the text still goes through the `html` tag's escaping like every other server string.
 */
function bodyText(body: string): string {
  const t = body.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return body;
  try {
    // Parsing turns `\u202e` escapes into the characters themselves: escape them again, as the JSON report does.
    return escapeJsonText(JSON.stringify(JSON.parse(t), null, 2));
  } catch {
    return body;
  }
}

function requestText(x: HttpExchange): string {
  const head = Object.entries(x.request.headers).map(([k, v]) => `${k}: ${v}`);
  return [
    `${x.request.method} ${x.request.url}`,
    ...head,
    ...(x.request.body ? ['', bodyText(x.request.body)] : []),
  ].join('\n');
}

function responseText(res: NonNullable<HttpExchange['response']>): string {
  const head = Object.entries(res.headers).flatMap(([k, vs]) => vs.map((v) => `${k}: ${v}`));
  return [`HTTP ${res.status}`, ...head, ...(res.body ? ['', bodyText(res.body)] : [])].join('\n');
}

function outcome(x: HttpExchange): string {
  if (x.response) return String(x.response.status);
  return x.error ? x.error.code : 'no response';
}

export function exchangeBlock(x: HttpExchange): SafeHtml {
  const res = x.response;
  return html`<details class="exchange" data-exchange="${x.id}">
    <summary>
      <code>${x.id}</code> ${x.probe}: ${x.request.method} ${x.request.url} → <strong>${outcome(x)}</strong>
      <span class="muted">(${x.durationMs} ms)</span>
    </summary>
    <p class="muted">${x.purpose}${x.remoteAddress ? ` · ${x.remoteAddress}` : ''}</p>
    <h4>Request</h4>
    <pre>${requestText(x)}</pre>
    ${
      res
        ? html`<h4>Response</h4>
            <pre>${responseText(res)}</pre>
            ${res.truncated ? html`<p class="muted">Body excerpt cut; ${res.bodyBytes} bytes received.</p>` : ''}`
        : ''
    }
    ${x.error ? html`<p><strong>No response:</strong> ${x.error.code}: ${x.error.message}</p>` : ''}
  </details>`;
}

/** A request written to a local server and the line that answered it. */
function stdioExchangeBlock(x: StdioExchangeView): SafeHtml {
  const outcome = x.response !== null ? 'answered' : (x.error?.code ?? 'no answer');
  return html`<details class="exchange" data-exchange="${x.id}">
    <summary>
      <code>${x.id}</code> ${x.probe}: stdio (${x.launch}) → <strong>${outcome}</strong>
      <span class="muted">(${x.durationMs} ms)</span>
    </summary>
    <p class="muted">${x.purpose}</p>
    <h4>Written to stdin</h4>
    <pre>${x.request !== null ? bodyText(x.request) : '(not recorded: past the line cap)'}</pre>
    ${
      x.response !== null
        ? html`<h4>Answer on stdout</h4>
            <pre>${bodyText(x.response)}</pre>`
        : ''
    }
    ${x.error ? html`<p><strong>No answer:</strong> ${x.error.code}: ${x.error.message}</p>` : ''}
  </details>`;
}

/** An exchange the report recorded, over HTTP or stdio. */
export type RecordedExchange = HttpExchange | StdioExchangeView;

const isHttp = (x: RecordedExchange): x is HttpExchange =>
  typeof x.request === 'object' && x.request !== null;

/** The exchanges a result cites, in citation order; an ID with no recorded exchange is said so. */
export function evidenceBlocks(
  ids: readonly ExchangeId[],
  byId: ReadonlyMap<string, RecordedExchange>,
): SafeHtml {
  if (ids.length === 0) return html``;
  const blocks = ids.map((id) => {
    const x = byId.get(id);
    if (!x) return html`<p class="muted">Exchange <code>${id}</code> was not recorded.</p>`;
    return isHttp(x) ? exchangeBlock(x) : stdioExchangeBlock(x);
  });
  return html`<h4>Evidence (${ids.length} ${ids.length === 1 ? 'exchange' : 'exchanges'})</h4>
    ${blocks}`;
}
