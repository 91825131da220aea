/** Every framework signature, base frameworks before the ones built on them. */
import type { FrameworkSignature } from '../types.js';
import { CLOUDFLARE_OAUTH_PROVIDER, CSHARP_SDK, GO_SDK, JAVA_SDK, MCP_GO } from './others.js';
import { FASTMCP_PYTHON, PYTHON_SDK } from './python.js';
import {
  FASTMCP_TS,
  MCP_FRAMEWORK,
  MCP_HANDLER,
  MCP_USE,
  TMCP,
  TYPESCRIPT_SDK_1,
  TYPESCRIPT_SDK_2,
  XMCP,
} from './typescript.js';

export const SIGNATURES: readonly FrameworkSignature[] = [
  TYPESCRIPT_SDK_1,
  TYPESCRIPT_SDK_2,
  FASTMCP_TS,
  MCP_HANDLER,
  MCP_USE,
  XMCP,
  TMCP,
  MCP_FRAMEWORK,
  PYTHON_SDK,
  FASTMCP_PYTHON,
  GO_SDK,
  MCP_GO,
  JAVA_SDK,
  CSHARP_SDK,
  CLOUDFLARE_OAUTH_PROVIDER,
];
