/**
 * undici's connection-pooling Agent, loaded on its own. The package entry point also loads
 * fetch, WebSocket, EventSource, cookies and the caches, and its web layer reads the global
 * `File` and `Headers`, which makes Node load its own bundled copy of undici as well: ~8 MB of
 * RSS and ~170 ms of start-up for nothing the scanner uses. undici has no `exports` map, so the
 * dispatcher module is reachable directly (declared in ./undici-agent-module.d.ts with the
 * package's own type). A static import, so the command's bundle carries it too.
 */
import AgentModule from 'undici/lib/dispatcher/agent.js';

// A CommonJS module whose export is the class itself (undici's index re-exports the same value).
export const Agent = AgentModule;
