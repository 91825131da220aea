/**
 * Fingerprints on real frameworks: each framework's minimal server (test/fixtures/frameworks, the
 * packages pinned in test/real) is scanned and must be named, in its default configuration (the
 * signatures were tuned on it) and in a second configuration they were not tuned on. Every
 * scan is also the negative test of every other signature: judged against that signature alone,
 * it must not be named unless it is the framework's own base (fastmcp is built on the SDK 1.x).
 * The official SDK fixtures, a protected SDK 1.x server (held out) and the scanner's own fixture
 * servers complete the confusion table, which is asserted as a whole at the end
 * (docs/fingerprints.md#precision).
 */
import { afterAll, describe, expect, it } from 'vitest';

import { startFixtureServer } from '../../src/demo/fixture-server.js';
import type { Evidence } from '../../src/evidence/types.js';
import { fingerprint } from '../../src/fingerprint/judge.js';
import { SIGNATURES } from '../../src/fingerprint/signatures/index.js';
import { collectEvidence } from '../../src/probe/scan.js';
import { startHostileServer } from '../fixtures/servers/hostile.js';
import { clientCredentialsToken, startOidcProvider } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import { startSdk1 } from '../fixtures/servers/sdk1.js';
import { startSdk2 } from '../fixtures/servers/sdk2.js';
import { HAS_VARIANT, RUNNABLE, startFramework } from './frameworks.js';
import type { RunnableFramework } from './frameworks.js';

/** What each real framework must be named (mcp-handler adds nothing observable to the SDK 2.x). */
const EXPECTED: Record<RunnableFramework, string> = {
  'fastmcp-ts': 'fastmcp-ts',
  'mcp-handler': 'typescript-sdk-2',
  'mcp-use': 'mcp-use',
  tmcp: 'tmcp',
  'mcp-framework': 'mcp-framework',
  'python-sdk': 'python-sdk',
  'fastmcp-python': 'fastmcp-python',
};

type Outcome = 'right' | 'base' | 'wrong' | 'unknown';
const confusion: { target: string; truth: string | null; named: string | null; outcome: Outcome }[] = [];

function baseChain(id: string): string[] {
  const sig = SIGNATURES.find((s) => s.id === id);
  return sig?.builtOn ? [sig.builtOn, ...baseChain(sig.builtOn)] : [];
}

/** Judges, records the outcome, and runs the negative test of every other signature. */
function judge(target: string, truth: string | null, ev: Evidence) {
  const fp = fingerprint(ev);
  const named = fp.framework;
  const outcome: Outcome =
    named === null
      ? 'unknown'
      : named === truth
        ? 'right'
        : truth && baseChain(truth).includes(named)
          ? 'base'
          : 'wrong';
  confusion.push({ target, truth, named, outcome });
  const ids = new Set(ev.exchanges.map((x) => x.id));
  for (const s of fp.signals) for (const x of s.evidence) expect(ids.has(x), `${target}: ${x}`).toBe(true);
  for (const sig of SIGNATURES) {
    if (sig.id === truth || (truth && baseChain(truth).includes(sig.id))) continue;
    expect(fingerprint(ev, [sig]).framework, `${target} judged by ${sig.id} alone`).toBeNull();
  }
  return fp;
}

async function scanOf(url: string, token?: string): Promise<Evidence> {
  return collectEvidence({ url, requestTimeoutMs: 5_000, ...(token ? { token } : {}) });
}

describe('fingerprints: the real frameworks', () => {
  for (const name of Object.keys(RUNNABLE) as RunnableFramework[]) {
    const variants = HAS_VARIANT.includes(name) ? (['default', 'alt'] as const) : (['default'] as const);
    for (const variant of variants) {
      it(`${name} (${variant === 'alt' ? 'held-out configuration' : 'tuned'})`, async () => {
        const fw = await startFramework(name, variant);
        try {
          const fp = judge(
            `${name}/${variant}`,
            name === 'mcp-handler' ? 'mcp-handler' : name,
            await scanOf(fw.url),
          );
          expect(fp.framework).toBe(EXPECTED[name]);
          expect(fp.level === 'high' || fp.level === 'medium').toBe(true);
        } finally {
          await fw.close();
        }
      }, 60_000);
    }
  }

  it('FastMCP (Python) reports its own version when serverInfo.version is left at the default', async () => {
    const fw = await startFramework('fastmcp-python');
    try {
      expect(fingerprint(await scanOf(fw.url)).versionRange).toMatch(/^4\.0\.10 /);
    } finally {
      await fw.close();
    }
  }, 60_000);
});

describe('fingerprints: the official TypeScript SDK fixtures', () => {
  it('SDK 1.x, JSON answers with Host validation, and SSE answers without', async () => {
    for (const opts of [
      { responseMode: 'json', hostValidation: true },
      { responseMode: 'sse', hostValidation: false },
    ] as const) {
      const server = await startSdk1(opts);
      try {
        const fp = judge(`sdk1/${opts.responseMode}`, 'typescript-sdk-1', await scanOf(server.url));
        expect(fp.framework).toBe('typescript-sdk-1');
        expect(fp.versionRange).toBe('1.x (newest protocol 2025-11-25)');
      } finally {
        await server.close();
      }
    }
  });

  it('SDK 2.x createMcpHandler behind express and behind the node adapter', async () => {
    for (const variant of ['express', 'node'] as const) {
      const server = await startSdk2({ variant, legacy: 'stateless' });
      try {
        const fp = judge(`sdk2/${variant}`, 'typescript-sdk-2', await scanOf(server.url));
        expect(fp.framework).toBe('typescript-sdk-2');
        expect(fp.versionRange).toBe('2.x');
      } finally {
        await server.close();
      }
    }
  });

  it("SDK 2.x with legacy: 'reject' leaves too little to name (unknown, not a guess)", async () => {
    const server = await startSdk2({ variant: 'express', legacy: 'reject' });
    try {
      expect(judge('sdk2/reject', 'typescript-sdk-2', await scanOf(server.url)).framework).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('held out: a protected SDK 1.x resource server, scanned with a token', async () => {
    const oidc = await startOidcProvider({ toggles: { cc: true } });
    const rs = await startResourceServer({ issuer: oidc.issuer });
    try {
      const token = await clientCredentialsToken(oidc.issuer, rs.url);
      const fp = judge('sdk1/resource-server', 'typescript-sdk-1', await scanOf(rs.url, token));
      expect(fp.framework).toBe('typescript-sdk-1');
      // Without the token, a 401 wall hides the answers the signatures read: unknown, not a guess.
      expect(
        judge('sdk1/resource-server/no-token', 'typescript-sdk-1', await scanOf(rs.url)).framework,
      ).toBeNull();
    } finally {
      await rs.close();
      await oidc.close();
    }
  });
});

describe('fingerprints: servers of no known framework', () => {
  it('the demo fixture and a hostile server are unknown', async () => {
    const fixture = await startFixtureServer({});
    try {
      expect(judge('demo-fixture', null, await scanOf(fixture.url)).framework).toBeNull();
    } finally {
      await fixture.close();
    }
    const hostile = await startHostileServer('terminal-injection');
    try {
      expect(judge('hostile', null, await scanOf(hostile.url)).framework).toBeNull();
    } finally {
      await hostile.close();
    }
  });
});

afterAll(() => {
  const count = (o: Outcome) => confusion.filter((c) => c.outcome === o).length;
  // The published table (docs/fingerprints.md): every real framework named, mcp-handler as its base,
  // SDK 2.x 'reject', the wall without a token and the scanner's own servers unknown, nothing wrong.
  expect({
    right: count('right'),
    base: count('base'),
    wrong: count('wrong'),
    unknown: count('unknown'),
  }).toEqual({
    right: 16,
    base: 1,
    wrong: 0,
    unknown: 4,
  });
});
