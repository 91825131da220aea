/**
 * The built-in client profiles, in the order reports list them. A user adds a client by writing a
 * profile of the same shape (docs/clients.md#adding-a-client) and passing it to `clientMatrix`.
 */
import type { ClientProfile } from '../types.js';
import { CHATGPT } from './chatgpt.js';
import { CLAUDE_CODE } from './claude-code.js';
import { CLAUDE } from './claude.js';
import { CODEX } from './codex.js';
import { CURSOR } from './cursor.js';
import { GEMINI_CLI } from './gemini-cli.js';
import { GOOSE_PROFILE } from './goose.js';
import { VSCODE } from './vscode.js';
import { WINDSURF } from './windsurf.js';
import { ZED } from './zed.js';

export const CLIENT_PROFILES: readonly ClientProfile[] = [
  CLAUDE,
  CLAUDE_CODE,
  CHATGPT,
  CURSOR,
  VSCODE,
  GEMINI_CLI,
  CODEX,
  GOOSE_PROFILE,
  ZED,
  WINDSURF,
];
