/**
 * The registration ledger (docs/clients.md#the-ledger): every OAuth client an intrusive scan
 * created at an authorization server, and whether it was deleted again (RFC 7592). Read from the
 * evidence of every probe that registers (`i.client`, `i.dcr(unsafe)`, `i.proxy`, `i.shape`); a
 * client that could not be deleted says so in plain words, with what an administrator looks for.
 */
import type { ClientRegistration, DcrDeletion } from '../evidence/auth-types.js';
import type { ShapeAttempt } from '../evidence/shape-types.js';
import type { Evidence, ExchangeId } from '../evidence/types.js';

export interface LedgerEntry {
  /** The probe that registered the client (`i.shape(custom-scheme)`). */
  readonly probe: string;
  /** Why it was registered, in words. */
  readonly purpose: string;
  /** The redirect URI it registered. */
  readonly redirectUri: string;
  /** The registration endpoint it was created at. */
  readonly registrationEndpoint: string;
  readonly deleted: boolean;
  /** How it was deleted, or why not and what to do. */
  readonly detail: string;
  /** The registration, and the deletion when one was sent. */
  readonly evidence: readonly ExchangeId[];
}

/** The `client_name` every registered client carries: what an administrator searches for. */
const BY_HAND =
  'an administrator must delete it by hand (its client_name is "mcp-posture-probe (delete me)")';

function deletionWords(deletion: DcrDeletion | null): { deleted: boolean; detail: string } {
  if (deletion === null)
    return {
      deleted: false,
      detail: `Not deleted: the server returned no registration_client_uri and registration_access_token (RFC 7592), so ${BY_HAND}.`,
    };
  if (deletion.deleted)
    return { deleted: true, detail: `Deleted (RFC 7592 DELETE answered ${deletion.status}).` };
  return {
    deleted: false,
    detail: `Not deleted: the RFC 7592 DELETE answered ${deletion.status ?? 'nothing'}, so ${BY_HAND}.`,
  };
}

function entry(
  probe: string,
  purpose: string,
  redirectUri: string,
  registration: ClientRegistration,
): LedgerEntry {
  const d = deletionWords(registration.deletion);
  return {
    probe,
    purpose,
    redirectUri,
    registrationEndpoint: registration.registrationEndpoint,
    ...d,
    evidence: [registration.exchange, ...(registration.deletion ? [registration.deletion.exchange] : [])],
  };
}

function shapeEntry(endpoint: string, a: ShapeAttempt): LedgerEntry[] {
  if (a.registration.kind !== 'ok' || !a.registration.value.created) return [];
  return [
    entry(`i.shape(${a.shape})`, `the ${a.shape} redirect URI shape`, a.redirectUri, {
      registrationEndpoint: endpoint,
      exchange: a.registration.value.exchange,
      deletion: a.deletion,
    }),
  ];
}

/** Every client the scan created, in the order the probes ran; empty when none was. */
export function registrationLedger(ev: Evidence): LedgerEntry[] {
  const o = ev.oauth;
  if (!o) return [];
  const out: LedgerEntry[] = [];
  if (o.authz?.kind === 'ok' && o.authz.value.registered)
    out.push(
      entry(
        'i.client',
        'a client for the intrusive authorization requests',
        o.authz.value.redirectUri,
        o.authz.value.registered,
      ),
    );
  if (o.dcrUnsafe?.kind === 'ok') {
    const d = o.dcrUnsafe.value;
    for (const [probe, p] of [
      ['i.dcr(unsafe-http)', d.http],
      ['i.dcr(unsafe-javascript)', d.javascript],
    ] as const) {
      if (p.kind !== 'ok' || !p.value.clientId || p.value.status < 200 || p.value.status >= 300) continue;
      out.push(
        entry(probe, 'a registration with an unsafe redirect URI (MCPP-ACT09)', p.value.redirectUri, {
          registrationEndpoint: d.registrationEndpoint,
          exchange: p.value.exchange,
          deletion: p.value.deletion,
        }),
      );
    }
  }
  if (o.proxy?.kind === 'ok')
    o.proxy.value.attempts.forEach((a, i) =>
      out.push(
        entry(
          `i.proxy.register(${i + 1})`,
          `fresh client ${i + 1} of 2 (MCPP-ACT12)`,
          a.redirectUri,
          a.registration,
        ),
      ),
    );
  if (o.shapes?.kind === 'ok') {
    const s = o.shapes.value;
    for (const a of s.attempts) out.push(...shapeEntry(s.registrationEndpoint, a));
  }
  return out;
}

/** One line for every format: how many clients were created and deleted. */
export function ledgerSummary(entries: readonly LedgerEntry[]): string {
  const kept = entries.filter((e) => !e.deleted).length;
  const created = `${entries.length} client${entries.length === 1 ? '' : 's'} registered by this scan`;
  return kept === 0
    ? `${created}, every one deleted again.`
    : `${created}; ${kept} could not be deleted and remain at the authorization server.`;
}

/** A ledger line in words (every format escapes it for itself: the URIs and endpoint are the server's). */
export function ledgerLine(e: LedgerEntry): string {
  return `${e.deleted ? 'deleted' : 'NOT DELETED'}: ${e.probe} (${e.purpose}), redirect URI ${e.redirectUri}, at ${e.registrationEndpoint}. ${e.detail}`;
}
