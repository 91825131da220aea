/**
 * Where MCP clients keep their server lists (docs/stdio.md#discovery): one row per client
 * configuration file, with its scope, format and the path to the server map inside it. Paths
 * are relative to the user's home (`home`), the project directory (`project`) or the system
 * root (`system`, for managed settings); `os` limits a row to one platform. Each row names
 * its source: the client's own documentation at the time of writing.
 */

export type ClientScope = 'user' | 'project' | 'managed';
export type ConfigFormat = 'json' | 'jsonc' | 'toml';
/** How the server map is laid out: name → entry (`map`), or a list of entries with a `name` (`list`). */
export type ServerLayout = 'map' | 'list';

export interface ClientConfigRow {
  readonly client: string;
  readonly scope: ClientScope;
  readonly base: 'home' | 'project' | 'system';
  readonly path: string;
  readonly os?: 'linux' | 'darwin' | 'win32';
  readonly format: ConfigFormat;
  /** Keys leading to the server map (or list). */
  readonly key: readonly string[];
  readonly layout?: ServerLayout;
  /** The entries of `projects` in the file each hold their own server map under `key` (Claude Code). */
  readonly perProject?: boolean;
  /**
   * With `perProject`: each listed project directory also keeps a file of its own (relative to the
   * project path, same format and key), read with the same caps; `source` says where the rule is from.
   */
  readonly projectFile?: { readonly path: string; readonly source: string };
  readonly source: string;
}

const CLAUDE_DESKTOP = 'Claude Desktop documentation (modelcontextprotocol.io quickstart, user guide)';
const VSCODE = 'VS Code documentation, "Use MCP servers in VS Code"';

export const CLIENT_CONFIGS: readonly ClientConfigRow[] = [
  // Claude Desktop
  {
    client: 'claude-desktop',
    scope: 'user',
    base: 'home',
    os: 'darwin',
    path: 'Library/Application Support/Claude/claude_desktop_config.json',
    format: 'json',
    key: ['mcpServers'],
    source: CLAUDE_DESKTOP,
  },
  {
    client: 'claude-desktop',
    scope: 'user',
    base: 'home',
    os: 'win32',
    path: 'AppData/Roaming/Claude/claude_desktop_config.json',
    format: 'json',
    key: ['mcpServers'],
    source: CLAUDE_DESKTOP,
  },
  {
    client: 'claude-desktop',
    scope: 'user',
    base: 'home',
    os: 'linux',
    path: '.config/Claude/claude_desktop_config.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Claude Desktop on Linux (community builds) use the XDG config directory',
  },
  // Claude Code
  {
    client: 'claude-code',
    scope: 'user',
    base: 'home',
    path: '.claude.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Claude Code documentation, "MCP" (user scope in ~/.claude.json)',
  },
  {
    client: 'claude-code',
    scope: 'project',
    base: 'home',
    path: '.claude.json',
    format: 'json',
    key: ['mcpServers'],
    perProject: true,
    projectFile: {
      path: '.mcp.json',
      source:
        'Claude Code documentation, "Connect Claude Code to tools via MCP" (docs.anthropic.com/en/docs/claude-code/mcp): ' +
        'project-scope servers live in .mcp.json at the project root; checked 2026-12-03',
    },
    source: 'Claude Code documentation, "MCP" (local scope: per-project entries of ~/.claude.json)',
  },
  {
    client: 'claude-code',
    scope: 'project',
    base: 'project',
    path: '.mcp.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Claude Code documentation, "MCP" (project scope: .mcp.json)',
  },
  {
    client: 'claude-code',
    scope: 'managed',
    base: 'system',
    os: 'linux',
    path: 'etc/claude-code/managed-mcp.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Claude Code documentation, "Settings" (managed MCP configuration)',
  },
  {
    client: 'claude-code',
    scope: 'managed',
    base: 'system',
    os: 'darwin',
    path: 'Library/Application Support/ClaudeCode/managed-mcp.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Claude Code documentation, "Settings" (managed MCP configuration)',
  },
  {
    client: 'claude-code',
    scope: 'managed',
    base: 'system',
    os: 'win32',
    path: 'ProgramData/ClaudeCode/managed-mcp.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Claude Code documentation, "Settings" (managed MCP configuration)',
  },
  // Cursor
  {
    client: 'cursor',
    scope: 'user',
    base: 'home',
    path: '.cursor/mcp.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Cursor documentation, "Model Context Protocol" (global)',
  },
  {
    client: 'cursor',
    scope: 'project',
    base: 'project',
    path: '.cursor/mcp.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Cursor documentation, "Model Context Protocol" (project)',
  },
  // VS Code
  {
    client: 'vscode',
    scope: 'user',
    base: 'home',
    os: 'linux',
    path: '.config/Code/User/mcp.json',
    format: 'jsonc',
    key: ['servers'],
    source: VSCODE,
  },
  {
    client: 'vscode',
    scope: 'user',
    base: 'home',
    os: 'darwin',
    path: 'Library/Application Support/Code/User/mcp.json',
    format: 'jsonc',
    key: ['servers'],
    source: VSCODE,
  },
  {
    client: 'vscode',
    scope: 'user',
    base: 'home',
    os: 'win32',
    path: 'AppData/Roaming/Code/User/mcp.json',
    format: 'jsonc',
    key: ['servers'],
    source: VSCODE,
  },
  {
    client: 'vscode',
    scope: 'user',
    base: 'home',
    os: 'linux',
    path: '.config/Code/User/settings.json',
    format: 'jsonc',
    key: ['mcp', 'servers'],
    source: `${VSCODE} (the older "mcp" setting)`,
  },
  {
    client: 'vscode',
    scope: 'user',
    base: 'home',
    os: 'darwin',
    path: 'Library/Application Support/Code/User/settings.json',
    format: 'jsonc',
    key: ['mcp', 'servers'],
    source: `${VSCODE} (the older "mcp" setting)`,
  },
  {
    client: 'vscode',
    scope: 'user',
    base: 'home',
    os: 'win32',
    path: 'AppData/Roaming/Code/User/settings.json',
    format: 'jsonc',
    key: ['mcp', 'servers'],
    source: `${VSCODE} (the older "mcp" setting)`,
  },
  {
    client: 'vscode',
    scope: 'project',
    base: 'project',
    path: '.vscode/mcp.json',
    format: 'jsonc',
    key: ['servers'],
    source: VSCODE,
  },
  // Windsurf
  {
    client: 'windsurf',
    scope: 'user',
    base: 'home',
    path: '.codeium/windsurf/mcp_config.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Windsurf documentation, "Cascade MCP"',
  },
  // Codex
  {
    client: 'codex',
    scope: 'user',
    base: 'home',
    path: '.codex/config.toml',
    format: 'toml',
    key: ['mcp_servers'],
    source: 'Codex CLI documentation, config.md ("mcp_servers")',
  },
  // Gemini CLI
  {
    client: 'gemini-cli',
    scope: 'user',
    base: 'home',
    path: '.gemini/settings.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Gemini CLI documentation, "MCP servers"',
  },
  {
    client: 'gemini-cli',
    scope: 'project',
    base: 'project',
    path: '.gemini/settings.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Gemini CLI documentation, "MCP servers" (project settings)',
  },
  // Zed
  {
    client: 'zed',
    scope: 'user',
    base: 'home',
    os: 'linux',
    path: '.config/zed/settings.json',
    format: 'jsonc',
    key: ['context_servers'],
    source: 'Zed documentation, "Model Context Protocol"',
  },
  {
    client: 'zed',
    scope: 'user',
    base: 'home',
    os: 'darwin',
    path: '.config/zed/settings.json',
    format: 'jsonc',
    key: ['context_servers'],
    source: 'Zed documentation, "Model Context Protocol"',
  },
  {
    client: 'zed',
    scope: 'project',
    base: 'project',
    path: '.zed/settings.json',
    format: 'jsonc',
    key: ['context_servers'],
    source: 'Zed documentation, "Model Context Protocol" (project settings)',
  },
  // Continue
  {
    client: 'continue',
    scope: 'user',
    base: 'home',
    path: '.continue/config.json',
    format: 'json',
    key: ['experimental', 'modelContextProtocolServers'],
    layout: 'list',
    source: 'Continue documentation, config.json reference ("experimental.modelContextProtocolServers")',
  },
  // Cline
  {
    client: 'cline',
    scope: 'user',
    base: 'home',
    os: 'linux',
    path: '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Cline documentation, "MCP" (cline_mcp_settings.json in the extension storage)',
  },
  {
    client: 'cline',
    scope: 'user',
    base: 'home',
    os: 'darwin',
    path: 'Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Cline documentation, "MCP"',
  },
  {
    client: 'cline',
    scope: 'user',
    base: 'home',
    os: 'win32',
    path: 'AppData/Roaming/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    format: 'json',
    key: ['mcpServers'],
    source: 'Cline documentation, "MCP"',
  },
  // opencode
  {
    client: 'opencode',
    scope: 'user',
    base: 'home',
    path: '.config/opencode/opencode.json',
    format: 'jsonc',
    key: ['mcp'],
    source: 'opencode documentation, "MCP servers"',
  },
  {
    client: 'opencode',
    scope: 'project',
    base: 'project',
    path: 'opencode.json',
    format: 'jsonc',
    key: ['mcp'],
    source: 'opencode documentation, "MCP servers" (project config)',
  },
];
