/** SARIF `message.text` (plain text, SARIF 2.1.0 §3.11). */
import { escapeTerminal } from './terminal.js';

/**
 * Server text bound for `message.text`. JSON already escapes control
 * characters, but viewers print the decoded string: ANSI and bidi become
 * visible escapes. SARIF plain text treats `[text](target)` as an embedded
 * link (§3.11.6), and GitHub renders it as one, so brackets are escaped, and
 * so is a backslash that would otherwise read as the start of an escape.
 */
export function escapeSarifText(text: string): string {
  return escapeTerminal(text).replace(/\\(?=[\\[\]])|[[\]]/g, (c) => `\\${c}`);
}
