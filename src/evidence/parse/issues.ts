/**
 * A bounded list of MessageIssues. A hostile body (a batch of 100 000 broken
 * messages) must not turn into 100 000 issues in the evidence, but no issue key
 * may be lost either: past the cap, only the first issue of each new key is kept.
 */
import type { MessageIssue } from '../types.js';

export const MAX_ISSUES = 100;

export class IssueList {
  readonly items: MessageIssue[] = [];
  readonly #seen = new Set<MessageIssue['key']>();

  add(key: MessageIssue['key'], detail: string): void {
    if (this.items.length >= MAX_ISSUES && this.#seen.has(key)) return;
    this.#seen.add(key);
    this.items.push({ key, detail });
  }

  addAll(issues: readonly MessageIssue[], prefix = ''): void {
    for (const i of issues) this.add(i.key, prefix + i.detail);
  }
}

/** A short, bounded description of a hostile value for issue details. */
export function describe(value: unknown): string {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const cut = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(cut);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
