import type { Revision } from './revisions.js';

/**
 * A reference a check rests on. Built by the helpers below so that URLs are
 * derived in one place (no URL literals in check files) and the key reads the
 * way the catalogue writes it: `2025-11-25/basic/transports#Session Management`,
 * `RFC 9728 §3.3`.
 */
export interface Citation {
  readonly key: string;
  readonly title: string;
  readonly url: string;
}

const MCP_SPEC_BASE = 'https://modelcontextprotocol.io/specification';

/** GitHub-style heading anchor, as the spec site generates them. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** A page (and optional section heading) of the MCP specification at one revision. */
export function mcp(revision: Revision, page: string, heading?: string): Citation {
  const key = `${revision}/${page}${heading ? `#${heading}` : ''}`;
  const url = `${MCP_SPEC_BASE}/${revision}/${page}${heading ? `#${anchorOf(heading)}` : ''}`;
  return { key, title: `MCP ${revision} ${page}${heading ? ` — ${heading}` : ''}`, url };
}

/** An RFC, optionally a section (`rfc(9728, '3.3')`). */
export function rfc(num: number, section?: string): Citation {
  const key = `RFC ${num}${section ? ` §${section}` : ''}`;
  const url = `https://www.rfc-editor.org/rfc/rfc${num}${section ? `#section-${section}` : ''}`;
  return { key, title: key, url };
}

/** OAuth 2.1 draft-13, cited by section. */
export function oauth21(section: string): Citation {
  return {
    key: `OAuth 2.1 (draft-13) §${section}`,
    title: `OAuth 2.1 (draft-ietf-oauth-v2-1-13) §${section}`,
    url: `https://datatracker.ietf.org/doc/html/draft-ietf-oauth-v2-1-13#section-${section}`,
  };
}

/**
 * A Specification Enhancement Proposal of MCP, by its pull request in the specification
 * repository: a proposal, not yet a requirement (checks citing one are marked upcoming).
 */
export function mcpSep(num: number, title: string): Citation {
  return {
    key: `SEP-${num}`,
    title: `SEP-${num}: ${title} (proposal)`,
    url: `https://github.com/modelcontextprotocol/modelcontextprotocol/pull/${num}`,
  };
}

/** Non-RFC references used by policy checks. */
export const FETCH_CORS: Citation = {
  key: 'Fetch Standard (CORS protocol)',
  title: 'WHATWG Fetch Standard — CORS protocol',
  url: 'https://fetch.spec.whatwg.org/#http-cors-protocol',
};
export const OWASP_ERROR_HANDLING: Citation = {
  key: 'OWASP Error Handling Cheat Sheet',
  title: 'OWASP Error Handling Cheat Sheet',
  url: 'https://cheatsheetseries.owasp.org/cheatsheets/Error_Handling_Cheat_Sheet.html',
};
export const OIDC_DISCOVERY = (section: string): Citation => ({
  key: `OIDC Discovery §${section}`,
  title: `OpenID Connect Discovery 1.0 §${section}`,
  url: `https://openid.net/specs/openid-connect-discovery-1_0.html#section-${section}`,
});

/** References of the tool-surface checks (TOOL). */
export const UNICODE_TR36: Citation = {
  key: 'Unicode TR36',
  title: 'Unicode Technical Report #36: Unicode Security Considerations',
  url: 'https://www.unicode.org/reports/tr36/',
};
export const UNICODE_TR39: Citation = {
  key: 'Unicode TR39',
  title: 'Unicode Technical Standard #39: Unicode Security Mechanisms',
  url: 'https://www.unicode.org/reports/tr39/',
};
export const CVE_2021_42574: Citation = {
  key: 'CVE-2021-42574',
  title: 'CVE-2021-42574 (Trojan Source: bidirectional control characters)',
  url: 'https://www.cve.org/CVERecord?id=CVE-2021-42574',
};
export const OWASP_MCP_TOP10: Citation = {
  key: 'OWASP MCP Top 10',
  title: 'OWASP MCP Top 10',
  url: 'https://owasp.org/www-project-mcp-top-10/',
};
/** Documented client limits on the tools offered to a model in one request (TOOL20). */
export const OPENAI_TOOLS_LIMIT: Citation = {
  key: 'OpenAI Chat Completions API (tools: at most 128 functions)',
  title: 'OpenAI API reference — Chat Completions, `tools` parameter',
  url: 'https://platform.openai.com/docs/api-reference/chat/create',
};
export const VSCODE_TOOL_CALLING_LIMIT: Citation = {
  key: 'VS Code API LanguageModelChatCapabilities.toolCalling (maximum tools per request)',
  title: 'VS Code API — LanguageModelChatCapabilities.toolCalling',
  url: 'https://code.visualstudio.com/api/references/vscode-api#LanguageModelChatCapabilities',
};
/** Credentials written into a file (CFG01). */
export const CWE_798: Citation = {
  key: 'CWE-798',
  title: 'CWE-798: Use of Hard-coded Credentials',
  url: 'https://cwe.mitre.org/data/definitions/798.html',
};
