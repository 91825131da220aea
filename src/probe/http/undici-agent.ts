/**
 * undici's connection-pooling Agent, loaded on its own. The package entry point also loads
 * fetch, WebSocket, EventSource, cookies and the caches, and its web layer reads the global
 * `File` and `Headers`, which makes Node load its own bundled copy of undici as well: ~8 MB of
 * RSS and ~170 ms of start-up for nothing the scanner uses. undici has no `exports` map, so the
 * dispatcher module is reachable directly; its type is the package's own.
 */
import { createRequire } from 'node:module';

import type { Agent as AgentClass } from 'undici';

const require = createRequire(import.meta.url);

// A CommonJS module whose export is the class itself (undici's index re-exports the same value).
export const Agent = require('undici/lib/dispatcher/agent.js') as typeof AgentClass;
