/**
 * The precision corpus: real MCP server packages pinned in test/real/package.json (installed by
 * the test setup, test/setup/prerequisites.ts, with install scripts off), started over stdio
 * with the SDK 1.x client in a throwaway HOME and working directory, dummy credentials and no
 * network beyond loopback. Their surfaces are fetched at test time and never written to the
 * repository (the descriptions are third-party text).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import type { Evidence } from '../../src/evidence/types.js';
import { asStdio, surfaceEvidence } from './evidence.js';

export interface CorpusServer {
  readonly pkg: string;
  /** The bin to run, when the package has several. */
  readonly bin?: string;
  readonly args?: (dir: string) => string[];
  readonly env?: Record<string, string>;
}

/** Dummy values: no server is ever reached with them (there is no network). */
const DUMMY = 'dummy-credential-for-a-listing-test';

export const CORPUS: readonly CorpusServer[] = [
  { pkg: '@modelcontextprotocol/server-filesystem', args: (d) => [d] },
  { pkg: '@modelcontextprotocol/server-memory', env: { MEMORY_FILE_PATH: 'memory.jsonl' } },
  { pkg: '@modelcontextprotocol/server-everything', args: () => ['stdio'] },
  { pkg: '@modelcontextprotocol/server-sequential-thinking' },
  { pkg: '@modelcontextprotocol/server-github', env: { GITHUB_PERSONAL_ACCESS_TOKEN: DUMMY } },
  {
    pkg: '@modelcontextprotocol/server-gitlab',
    env: { GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY, GITLAB_API_URL: 'http://127.0.0.1:9/api/v4' },
  },
  { pkg: '@modelcontextprotocol/server-slack', env: { SLACK_BOT_TOKEN: DUMMY, SLACK_TEAM_ID: 'T0000000' } },
  { pkg: '@modelcontextprotocol/server-brave-search', env: { BRAVE_API_KEY: DUMMY } },
  { pkg: '@modelcontextprotocol/server-google-maps', env: { GOOGLE_MAPS_API_KEY: DUMMY } },
  { pkg: '@modelcontextprotocol/server-postgres', args: () => ['postgresql://127.0.0.1:9/none'] },
  { pkg: '@upstash/context7-mcp' },
  { pkg: 'tavily-mcp', env: { TAVILY_API_KEY: DUMMY } },
  { pkg: 'exa-mcp-server', env: { EXA_API_KEY: DUMMY } },
  { pkg: 'firecrawl-mcp', env: { FIRECRAWL_API_KEY: DUMMY, FIRECRAWL_API_URL: 'http://127.0.0.1:9' } },
  { pkg: '@playwright/mcp' },
  { pkg: 'chrome-devtools-mcp', bin: 'chrome-devtools-mcp' },
  { pkg: '@notionhq/notion-mcp-server', env: { NOTION_TOKEN: DUMMY } },
  { pkg: '@sentry/mcp-server', env: { SENTRY_ACCESS_TOKEN: DUMMY }, args: () => [`--access-token=${DUMMY}`] },
  { pkg: '@modelcontextprotocol/server-puppeteer' },
  { pkg: '@modelcontextprotocol/server-everart', env: { EVERART_API_KEY: DUMMY } },
  { pkg: 'mongodb-mcp-server', env: { MDB_MCP_TELEMETRY: 'disabled' } },
  { pkg: '@circleci/mcp-server-circleci', env: { CIRCLECI_TOKEN: DUMMY } },
  { pkg: '@executeautomation/playwright-mcp-server' },
  { pkg: 'figma-developer-mcp', args: () => [`--figma-api-key=${DUMMY}`, '--stdio'] },
  { pkg: '@eslint/mcp' },
  { pkg: '@antv/mcp-server-chart' },
  { pkg: '@brave/brave-search-mcp-server', env: { BRAVE_API_KEY: DUMMY } },
  { pkg: '@hubspot/mcp-server', env: { PRIVATE_APP_ACCESS_TOKEN: DUMMY } },
  { pkg: '@launchdarkly/mcp-server', args: () => ['start', '--api-key', DUMMY] },
  { pkg: '@perplexity-ai/mcp-server', env: { PERPLEXITY_API_KEY: DUMMY } },
  { pkg: '@shortcut/mcp', env: { SHORTCUT_API_TOKEN: DUMMY } },
  {
    pkg: '@zereight/mcp-gitlab',
    env: { GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY, GITLAB_API_URL: 'http://127.0.0.1:9/api/v4' },
  },
  { pkg: '@drawio/mcp' },
  { pkg: '@browsermcp/mcp' },
  { pkg: 'next-devtools-mcp' },
];

/** Where the test setup installs the real servers (test/real/package.json). */
const REAL = join(import.meta.dirname, '..', 'real');

/** The bin script of a package, resolved from its package.json. */
export function binOf(s: CorpusServer): { path: string; version: string } {
  // Read from node_modules directly: some packages do not export their package.json.
  const manifest = join(REAL, 'node_modules', s.pkg, 'package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
    version: string;
    bin: string | Record<string, string>;
  };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin[s.bin ?? Object.keys(pkg.bin)[0]!]!;
  return { path: join(dirname(manifest), bin), version: pkg.version };
}

export interface ListedSurface {
  readonly pkg: string;
  readonly version: string;
  readonly tools: unknown[];
  readonly prompts: unknown[] | null;
  readonly resources: unknown[] | null;
  readonly resourceTemplates: unknown[] | null;
  readonly instructions: string | null;
  readonly serverInfo: unknown;
  readonly capabilities: Record<string, unknown>;
}

const MAX_PAGES = 20;

async function pages<T>(
  fetch: (cursor?: string) => Promise<{ nextCursor?: string } & Record<string, unknown>>,
  field: string,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const r = await fetch(cursor);
    out.push(...((r[field] as T[] | undefined) ?? []));
    if (!r.nextCursor) break;
    cursor = r.nextCursor;
  }
  return out;
}

/** Starts one server, lists its surface, and stops it. */
export async function listServer(s: CorpusServer, timeoutMs = 30_000): Promise<ListedSurface> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpp-corpus-'));
  const { path, version } = binOf(s);
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: dir,
    TMPDIR: dir,
    NO_PROXY: '*',
    // No telemetry, no update checks, no browser downloads.
    DO_NOT_TRACK: '1',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    PUPPETEER_SKIP_DOWNLOAD: '1',
    ...Object.fromEntries(
      Object.entries(s.env ?? {}).map(([k, v]) => [k, k === 'MEMORY_FILE_PATH' ? join(dir, v) : v]),
    ),
  };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path, ...(s.args?.(dir) ?? [])],
    env,
    cwd: dir,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'mcp-posture-corpus', version: '0.0.0' });
  const timer = setTimeout(() => void transport.close(), timeoutMs);
  try {
    await client.connect(transport, { timeout: timeoutMs });
    const caps = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
    const opt = { timeout: timeoutMs };
    const safe = async <T>(f: () => Promise<T[]>): Promise<T[] | null> => {
      try {
        return await f();
      } catch {
        return null;
      }
    };
    const tools = caps['tools']
      ? await pages((cursor) => client.listTools(cursor ? { cursor } : {}, opt), 'tools')
      : [];
    const prompts = caps['prompts']
      ? await safe(() => pages((c) => client.listPrompts(c ? { cursor: c } : {}, opt), 'prompts'))
      : null;
    const resources = caps['resources']
      ? await safe(() => pages((c) => client.listResources(c ? { cursor: c } : {}, opt), 'resources'))
      : null;
    const resourceTemplates = caps['resources']
      ? await safe(() =>
          pages((c) => client.listResourceTemplates(c ? { cursor: c } : {}, opt), 'resourceTemplates'),
        )
      : null;
    return {
      pkg: s.pkg,
      version,
      tools,
      prompts,
      resources,
      resourceTemplates,
      instructions: client.getInstructions() ?? null,
      serverInfo: client.getServerVersion() ?? null,
      capabilities: caps,
    };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
    // A server's own children may still be writing into its HOME for a moment after it is closed.
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** The evidence of a listed server as a stdio scan would gather it. */
export function listedEvidence(l: ListedSurface): Evidence {
  return surfaceEvidence(
    {
      tools: l.tools,
      prompts: l.prompts,
      resources: l.resources,
      resourceTemplates: l.resourceTemplates,
      instructions: l.instructions,
      serverInfo: l.serverInfo,
      capabilities: l.capabilities,
    },
    asStdio,
  );
}
