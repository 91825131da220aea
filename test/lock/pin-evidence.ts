/**
 * Builders for lock entries and `pin` evidence in unit tests: a reviewed surface (two tools, a
 * prompt, a resource, instructions, serverInfo, a PRM and one authorization server), and
 * mutations of it, all in the lock's real shape (lockItem, hashOf).
 */
import type {
  Evidence,
  LockAuthorizationServer,
  LockEntry,
  LockSurface,
  PinEvidence,
} from '../../src/evidence/types.js';
import { hashOf } from '../../src/lock/canonical.js';
import { lockItem } from '../../src/lock/build.js';
import { evidence } from '../helpers/evidence.js';

export const ISSUER = 'https://as.example.com';

export interface SurfaceSpec {
  tools?: Record<string, Record<string, unknown>>;
  prompts?: Record<string, Record<string, unknown>>;
  instructions?: string | null;
  serverInfo?: unknown;
  incomplete?: LockSurface['incomplete'];
}

export const TOOLS = (): Record<string, Record<string, unknown>> => ({
  echo: {
    name: 'echo',
    description: 'Returns the text it is given.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', maxLength: 100 } },
      required: ['text'],
    },
    annotations: { readOnlyHint: true, destructiveHint: false },
  },
  get_time: {
    name: 'get_time',
    description: 'Returns the current server time.',
    inputSchema: { type: 'object' },
  },
});

export function surface(spec: SurfaceSpec = {}): LockSurface {
  const tools = spec.tools ?? TOOLS();
  const prompts = spec.prompts ?? { greeting: { name: 'greeting', description: 'A friendly greeting' } };
  const instructions = spec.instructions === undefined ? 'Use echo to repeat text.' : spec.instructions;
  const serverInfo = spec.serverInfo === undefined ? { name: 'fixture', version: '1.0.0' } : spec.serverInfo;
  return {
    tools: Object.fromEntries(Object.entries(tools).map(([k, v]) => [k, lockItem('tool', v)])),
    prompts: Object.fromEntries(Object.entries(prompts).map(([k, v]) => [k, lockItem('prompt', v)])),
    resources: { 'fixture://readme': lockItem('resource', { uri: 'fixture://readme', name: 'readme' }) },
    resourceTemplates: {},
    instructions: instructions === null ? null : { hash: hashOf(instructions), text: instructions },
    serverInfo: serverInfo === null ? null : { hash: hashOf(serverInfo), value: serverInfo },
    incomplete: spec.incomplete ?? [],
  };
}

export const AS_FIELDS = (): Record<string, unknown> => ({
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  registration_endpoint: `${ISSUER}/register`,
  jwks_uri: `${ISSUER}/jwks`,
  code_challenge_methods_supported: ['S256'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  response_types_supported: ['code'],
  authorization_response_iss_parameter_supported: true,
});

export function authServer(
  fields = AS_FIELDS(),
  thumbprints: string[] | null = ['tp-1'],
): LockAuthorizationServer {
  return { hash: hashOf(fields), fields, jwks: { uri: String(fields['jwks_uri']), thumbprints } };
}

export const PRM_FIELDS = (): Record<string, unknown> => ({
  resource: 'https://mcp.example.com/mcp',
  authorization_servers: [ISSUER],
  scopes_supported: ['mcp:tools'],
  bearer_methods_supported: ['header'],
  resource_metadata: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
});

export interface EntrySpec {
  surface?: LockSurface | null;
  prm?: Record<string, unknown> | null;
  servers?: Record<string, LockAuthorizationServer>;
  authRequired?: boolean;
  transport?: string | null;
  revisions?: string[];
  capabilities?: unknown;
}

export function entry(spec: EntrySpec = {}): LockEntry {
  const s = spec.surface === undefined ? surface() : spec.surface;
  const prm = spec.prm === undefined ? PRM_FIELDS() : spec.prm;
  const protocol = {
    revisions: spec.revisions ?? ['2025-06-18', '2025-11-25'],
    transport: spec.transport === undefined ? 'streamable-http' : spec.transport,
    capabilities: spec.capabilities ?? { tools: {} },
    authRequired: spec.authRequired ?? false,
  };
  return {
    recordedAt: '2026-01-01T00:00:00.000Z',
    listable: s !== null,
    surface: s,
    protectedResource: prm === null ? null : { hash: hashOf(prm), fields: prm },
    authorizationServers: spec.servers ?? { [ISSUER]: authServer() },
    protocol: { hash: hashOf(protocol), ...protocol },
  };
}

/** Evidence whose `pin` section compares `current` against `baseline`. */
export function pinEvidence(
  baseline: LockEntry | null,
  current: LockEntry,
  over: Partial<PinEvidence> = {},
): Evidence {
  const ev = evidence();
  return {
    ...ev,
    pin: {
      lockFile: 'mcp-posture.lock.json',
      context: 'anonymous',
      baseline,
      recordedContexts: baseline ? ['anonymous'] : [],
      reachable: true,
      current,
      jwks: [],
      ...over,
    },
  };
}

/** The reviewed entry compared with itself after one edit of its tools. */
export function withTools(
  edit: (t: Record<string, Record<string, unknown>>) => void,
  spec: SurfaceSpec = {},
): Evidence {
  const tools = TOOLS();
  edit(tools);
  return pinEvidence(entry(), entry({ surface: surface({ ...spec, tools }) }));
}
