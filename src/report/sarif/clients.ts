/**
 * SARIF for the client matrix: one rule per client profile (`MCPP-CLI-<client>`, described by the
 * profile's own rules and their sources) and one result per blocked client, citing the rule that
 * blocks it. Degraded and unknown cells are not results: only a client that cannot connect is.
 */
import { createHash } from 'node:crypto';

import { CLIENT_PROFILES } from '../../clients/profiles/index.js';
import type { ReportClient } from '../clients-model.js';
import { ledgerLine } from '../ledger.js';
import type { ScanReport } from '../model.js';
import { pascalCase } from './rules.js';
import { escapeSarifText } from '../../escape/sarif.js';
import type { SarifLocation, SarifNotification, SarifResult, SarifRule } from './types.js';

export function clientRuleId(clientId: string): string {
  return `MCPP-CLI-${clientId}`;
}

/** The blocked clients of a report, in report order. */
export function blockedClients(report: ScanReport): ReportClient[] {
  return (report.clients ?? []).filter((c) => c.verdict === 'blocked');
}

/**
 * The rule's documentation: docs/clients.md beside the hosted check pages, else the first public
 * source of the client's profile (as a check's rule falls back to its first citation).
 */
function helpUriOf(c: ReportClient, docsBaseUrl: string | undefined): string {
  if (docsBaseUrl)
    return new URL('../clients.md', docsBaseUrl.endsWith('/') ? docsBaseUrl : `${docsBaseUrl}/`).href;
  const profile = CLIENT_PROFILES.find((p) => p.id === c.id);
  return profile?.rules[0]?.source.url ?? c.rules[0]?.source.url ?? 'https://modelcontextprotocol.io/clients';
}

export function clientRule(c: ReportClient, docsBaseUrl: string | undefined): SarifRule {
  const profile = CLIENT_PROFILES.find((p) => p.id === c.id);
  const title = `${c.name} can connect and log in`;
  const rules = (profile?.rules ?? []).map(
    (r) =>
      `- ${r.does} (${r.verdict === 'blocks' ? 'blocks' : 'degrades'} when unmet; ${r.source.url}, read ${r.source.checked}${r.source.version ? `, ${r.source.version}` : ''})`,
  );
  const full = profile
    ? `What ${c.name} needs from a server to connect and log in (${profile.covers}).`
    : title;
  const text = [full, 'Rules:', ...rules, 'Documentation: docs/clients.md in the mcp-posture package.'];
  return {
    id: clientRuleId(c.id),
    name: `Client${pascalCase(c.id)}Connects`,
    shortDescription: { text: title },
    fullDescription: { text: full },
    helpUri: helpUriOf(c, docsBaseUrl),
    help: { text: text.join('\n') },
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['mcp', 'client-compatibility', c.id], precision: 'high' },
  };
}

export function clientResult(
  report: ScanReport,
  c: ReportClient,
  ruleIndex: number,
  location: SarifLocation,
): SarifResult {
  const rule = c.rules[0];
  const detail = rule ? `${rule.detail} Fix: ${rule.fix}` : c.reason;
  const fingerprint = createHash('sha256')
    .update(`${clientRuleId(c.id)}\u0000${report.target.url}\u0000${rule?.id ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  return {
    ruleId: clientRuleId(c.id),
    ruleIndex,
    kind: 'fail',
    level: 'error',
    message: { text: escapeSarifText(`${c.name} cannot connect: ${detail}`) },
    locations: [location],
    partialFingerprints: { primaryLocationLineHash: fingerprint },
    properties: {
      status: 'fail',
      client: c.id,
      rule: rule?.id ?? null,
      rules: c.rules.map((r) => r.id),
      source: rule?.source ?? null,
      evidence: c.evidence,
      fixes: c.fixes,
      target: report.target.url,
    },
  };
}

/**
 * The registration ledger as tool notifications: a warning for each client the scan created and
 * could not delete (an administrator must), a note for each it deleted.
 */
export function ledgerNotifications(report: ScanReport): SarifNotification[] {
  return (report.registrations ?? []).map((x) => ({
    level: x.deleted ? 'note' : 'warning',
    message: { text: escapeSarifText(ledgerLine(x)) },
    properties: { probe: x.probe, redirectUri: x.redirectUri, deleted: x.deleted, evidence: [...x.evidence] },
  }));
}
