/**
 * `doctor`: one client's answer in plain words, from a scan's report: can it connect and log in;
 * if not, whose layer fails (the MCP server, its PRM, the authorization server, or the client's
 * own rule) and the single next step. Pure: the run loop scans, this reads the report.
 */
import { CLIENT_PROFILES } from '../clients/profiles/index.js';
import type { RequirementKind } from '../clients/types.js';
import type { ReportClient, ReportClientRule } from './clients-model.js';
import { VERDICT_WORDS } from './clients-words.js';
import { escapeMarkdown } from '../escape/markdown.js';
import { escapeTerminal, escapeTerminalLine } from '../escape/terminal.js';
import type { ScanReport } from './model.js';

export type Layer = 'MCP server' | 'PRM' | 'authorization server' | "client's own rule";

/** Whose layer a requirement belongs to: policy as data. */
const LAYER_OF: Readonly<Record<RequirementKind, Layer>> = {
  'public-endpoint': "client's own rule",
  'https-endpoint': "client's own rule",
  transport: 'MCP server',
  'legacy-sse-fallback': 'MCP server',
  'initialize-handshake': 'MCP server',
  'prm-published': 'PRM',
  'prm-resource-matches': 'PRM',
  'same-origin-resource-metadata': 'PRM',
  'requested-scopes-known': 'PRM',
  'as-metadata': 'authorization server',
  'issuer-matches': 'authorization server',
  registration: 'authorization server',
  'pkce-s256': 'authorization server',
  'token-auth-method': 'authorization server',
  'redirect-accepted': 'authorization server',
  'tool-names': "client's own rule",
  'tool-count': "client's own rule",
  'primitives-used': "client's own rule",
};

export interface DoctorAnswer {
  readonly client: ReportClient;
  /** The layer of the rule that decides, or null when the client connects. */
  readonly layer: Layer | null;
  readonly rule: ReportClientRule | null;
  /** The single next step, in words. */
  readonly next: string;
}

function layerOf(clientId: string, rule: ReportClientRule): Layer {
  const profile = CLIENT_PROFILES.find((p) => p.id === clientId);
  const kind = profile?.rules.find((r) => r.id === rule.id)?.requirement.kind;
  return kind ? LAYER_OF[kind] : 'MCP server';
}

function nextStep(c: ReportClient, rule: ReportClientRule | null): string {
  if (c.verdict === 'connects') return 'Nothing to do: connect the client.';
  if (!rule) return c.reason;
  if (rule.status === 'unknown')
    return `Scan again with what the scan lacked (a token, --mode intrusive) to decide: ${rule.detail}`;
  return rule.fix;
}

/** The answer for each client named (every client in the report when none is). */
export function doctorAnswers(report: ScanReport, only?: string): DoctorAnswer[] {
  const clients = (report.clients ?? []).filter((c) => !only || c.id === only);
  return clients.map((c) => {
    const rule = c.rules[0] ?? null;
    return { client: c, layer: rule ? layerOf(c.id, rule) : null, rule, next: nextStep(c, rule) };
  });
}

function sentence(a: DoctorAnswer): string {
  const c = a.client;
  switch (c.verdict) {
    case 'connects':
      return `${c.name} can connect and log in.`;
    case 'degraded':
      return `${c.name} connects, with limits.`;
    case 'blocked':
      return `${c.name} cannot connect or log in.`;
    case 'unknown':
      return `Whether ${c.name} can connect is not decidable from this scan.`;
  }
}

/** One screen of plain words; every server-supplied string escaped for the terminal. */
export function renderDoctorText(report: ScanReport, answers: readonly DoctorAnswer[]): string {
  const e = escapeTerminalLine;
  const out = [`mcp-posture doctor — ${e(report.target.url)}`, ''];
  for (const a of answers) {
    out.push(e(sentence(a)));
    if (a.rule) {
      out.push(`  layer: ${a.layer ?? ''}`, `  why: ${e(a.rule.detail)}`);
      out.push(`  rule: ${e(a.rule.does)} (${a.rule.source.url}, read ${a.rule.source.checked})`);
    }
    out.push(`  next step: ${e(a.next)}`, '');
  }
  return out.join('\n');
}

/** A fence longer than any backtick run in the text, so the exchange cannot close it. */
function fenced(text: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}text`, text, fence];
}

function exchangeText(report: ScanReport, id: string): string | null {
  const x = report.exchanges.find((y) => y.id === id);
  if (!x) return null;
  const req = [
    `${x.request.method} ${x.request.url}`,
    ...Object.entries(x.request.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  const res = x.response
    ? [
        `HTTP ${x.response.status}`,
        ...Object.entries(x.response.headers).flatMap(([k, vs]) => vs.map((v) => `${k}: ${v}`)),
        ...(x.response.body ? ['', x.response.body] : []),
      ]
    : [`no response: ${x.error?.code ?? 'unknown'}`];
  return escapeTerminal([...req, '', ...res].join('\n'));
}

/** A block to paste into an issue tracker: the answer and the (redacted) exchanges that prove it. */
export function renderDoctorMarkdown(report: ScanReport, answers: readonly DoctorAnswer[]): string {
  const e = escapeMarkdown;
  const out = [`### mcp-posture doctor: ${e(report.target.url)}`, ''];
  for (const a of answers) {
    out.push(`**${e(a.client.name)}: ${e(VERDICT_WORDS[a.client.verdict])}.** ${e(sentence(a))}`, '');
    if (a.rule) {
      out.push(`- Layer: ${e(a.layer ?? '')}`, `- Why: ${e(a.rule.detail)}`);
      out.push(
        `- Client rule: ${e(a.rule.does)} (source: ${e(a.rule.source.url)}, read ${e(a.rule.source.checked)})`,
      );
    }
    out.push(`- Next step: ${e(a.next)}`, '');
    for (const id of a.rule?.evidence ?? []) {
      const text = exchangeText(report, id);
      if (text)
        out.push(`<details><summary>exchange ${e(id)}</summary>`, '', ...fenced(text), '', '</details>', '');
    }
  }
  out.push(`<sub>${e(report.tool.name)} ${e(report.tool.version)} · ${e(report.generatedAt)}</sub>`, '');
  return out.join('\n');
}
