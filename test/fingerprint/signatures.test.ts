/**
 * The signatures as data: every one names a source at a version and the day it was read, every
 * `builtOn` names a signature, and every pattern compiles. The frameworks that cannot run here (Go,
 * Java, C#, the Cloudflare Worker) have no positive test on the real package; their documented
 * messages are put into the demo fixture's recorded evidence to show each pattern matches the text
 * its source writes, and that nothing else is named for it. The staged framework fixes resolve
 * through the `builtOn` chain and name only known checks and frameworks.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { ALL_CHECKS } from '../../src/checks/index.js';
import { startFixtureServer } from '../../src/demo/fixture-server.js';
import type { Evidence } from '../../src/evidence/types.js';
import { frameworkFixFor } from '../../src/report/framework-fix.js';
import { fingerprint, signatureMatches } from '../../src/fingerprint/judge.js';
import { SIGNATURES } from '../../src/fingerprint/signatures/index.js';
import { collectEvidence } from '../../src/probe/scan.js';

let recorded: Evidence;
beforeAll(async () => {
  const server = await startFixtureServer({});
  try {
    recorded = await collectEvidence({ url: server.url, requestTimeoutMs: 5_000 });
  } finally {
    await server.close();
  }
});
/** A fresh copy of the demo fixture's evidence (a server of no known framework). */
const demo = (): Evidence => structuredClone(recorded);

describe('framework signatures', () => {
  it('cite a source at a version, read on a given day, and compile', () => {
    for (const sig of SIGNATURES) {
      expect(sig.sources.length, sig.id).toBeGreaterThan(0);
      for (const s of sig.sources) {
        expect(s.url, sig.id).toMatch(/^https:\/\//);
        expect(s.version, sig.id).not.toBe('');
        expect(s.checked, sig.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      for (const s of [...sig.signals, ...(sig.excludes ?? [])]) {
        if ('pattern' in s.match)
          expect(() => new RegExp((s.match as { pattern: string }).pattern)).not.toThrow();
      }
      if (sig.builtOn)
        expect(
          SIGNATURES.map((s) => s.id),
          sig.id,
        ).toContain(sig.builtOn);
    }
    expect(new Set(SIGNATURES.map((s) => s.id)).size).toBe(SIGNATURES.length);
  });

  it('cover the frameworks of the brief, runnable ones marked as run', () => {
    const ran = SIGNATURES.filter((s) => s.tested === 'ran').map((s) => s.id);
    expect(ran.sort()).toEqual(
      [
        'fastmcp-python',
        'fastmcp-ts',
        'mcp-framework',
        'mcp-handler',
        'mcp-use',
        'python-sdk',
        'tmcp',
        'typescript-sdk-1',
        'typescript-sdk-2',
      ].sort(),
    );
    const dataOnly = SIGNATURES.filter((s) => s.tested === 'data-only').map((s) => s.id);
    expect(dataOnly.sort()).toEqual(
      ['cloudflare-oauth-provider', 'csharp-sdk', 'go-sdk', 'java-sdk', 'mcp-go', 'xmcp'].sort(),
    );
  });
});

/** The demo evidence with the unknown-tool answer replaced by a framework's documented one. */
function withToolError(code: number, message: string): Evidence {
  const ev = demo();
  const tp = ev.toolProbes;
  if (!tp || tp.toolUnknown.kind !== 'ok') throw new Error('demo.json has no s.tool.unknown answer');
  const reply = tp.toolUnknown.value;
  const text = message.replace('<tool>', tp.unknownTool);
  const response = { ...reply.response!, error: { code, message: text } };
  return { ...ev, toolProbes: { ...tp, toolUnknown: { ...tp.toolUnknown, value: { ...reply, response } } } };
}

/** The demo evidence with the first session probe's answer replaced by a plain-text one. */
function withSessionUnknownText(body: string): Evidence {
  const ev = demo();
  const s = ev.sessions!;
  if (s.sessionUnknown.kind !== 'ok') throw new Error('demo.json has no unknown-session answer');
  const reply = { ...s.sessionUnknown.value, status: 404, response: null, messages: [] };
  const exchanges = ev.exchanges.map((x) =>
    x.id === reply.exchange && x.response ? { ...x, response: { ...x.response, status: 404, body } } : x,
  );
  return { ...ev, exchanges, sessions: { ...s, sessionUnknown: { ...s.sessionUnknown, value: reply } } };
}

describe('data-only signatures match the texts their sources write', () => {
  const cases: [string, () => Evidence][] = [
    ['java-sdk', () => withToolError(-32602, 'Unknown tool: invalid_tool_name')],
    ['csharp-sdk', () => withToolError(-32602, "Unknown tool: '<tool>'")],
    ['go-sdk', () => withSessionUnknownText('session not found\n')],
    ['mcp-go', () => withSessionUnknownText('Invalid session ID\n')],
  ];
  for (const [id, build] of cases) {
    it(id, () => {
      const ev = build();
      // One documented text alone is a low-confidence answer; the other signatures stay silent.
      const fp = fingerprint(ev);
      expect(fp.framework === id || fp.framework === null, `${id}: ${fp.framework}`).toBe(true);
      expect(
        fingerprint(
          ev,
          SIGNATURES.filter((s) => s.id !== id),
        ).framework,
      ).toBeNull();
      const sig = SIGNATURES.find((s) => s.id === id)!;
      expect(
        signatureMatches(ev, sig).map((m) => m.feature),
        id,
      ).toContain(sig.signals[0]!.feature);
      // The unchanged evidence matches none of its signals.
      expect(signatureMatches(demo(), sig).filter((m) => m.weight >= 4)).toEqual([]);
    });
  }
});

describe('framework-specific fixes (each check’s meta.fixes)', () => {
  const fixesOf = (id: string) => ALL_CHECKS.find((c) => c.meta.id === id)?.meta.fixes;
  const frameworkFix = (id: string, framework: string) => frameworkFixFor(fixesOf(id), framework);

  it('name only known frameworks, each fix with the file it was read from', () => {
    const frameworks = new Set(SIGNATURES.map((s) => s.id));
    const withFixes = ALL_CHECKS.filter((c) => c.meta.fixes);
    expect(withFixes.map((c) => c.meta.id).sort()).toEqual([
      'MCPP-ACT01',
      'MCPP-ACT10',
      'MCPP-LEG13',
      'MCPP-TOOL18',
      'MCPP-TRN12',
    ]);
    for (const c of withFixes)
      for (const [fw, fix] of Object.entries(c.meta.fixes!)) {
        expect(frameworks.has(fw), `${c.meta.id}/${fw}`).toBe(true);
        expect(fix.source, `${c.meta.id}/${fw}`).toMatch(/\d+\.\d+/);
      }
  });

  it('fall back along builtOn: fastmcp (TypeScript) gets the SDK 1.x fix, its own CORS fix first', () => {
    expect(frameworkFix('MCPP-ACT01', 'fastmcp-ts')?.fix).toMatch(/enableDnsRebindingProtection/);
    expect(frameworkFix('MCPP-ACT01', 'fastmcp-ts')?.framework).toBe('typescript-sdk-1');
    expect(frameworkFix('MCPP-TRN12', 'fastmcp-ts')?.fix).toMatch(/httpStream\.cors/);
    expect(frameworkFix('MCPP-ACT01', 'mcp-handler')?.fix).toMatch(/createMcpExpressApp/);
    expect(frameworkFix('MCPP-ACT01', 'tmcp')).toBeNull();
    expect(frameworkFix('MCPP-PRM01', 'typescript-sdk-1')).toBeNull();
  });
});
