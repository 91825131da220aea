/**
 * Transport-shape checks under an old negotiated version (issue 16 §4): a server reached over the
 * Streamable HTTP shape whose `initialize` negotiates 2024-11-05 is judged on that shape — 202 for
 * notifications (LEG04), the GET answer (LEG05) — not set aside as "wrong revision".
 */
import { expect, it } from 'vitest';

import { startFixtureServer } from '../../src/demo/fixture-server.js';
import { scan } from '../../src/index.js';

it('a Streamable HTTP server negotiating 2024-11-05: LEG04 fails on its 500, LEG05 is judged', async () => {
  const server = await startFixtureServer({
    supportedVersions: ['2024-11-05'],
    notificationStatus500: true,
    getMode: '405',
  });
  const { report } = await scan({ url: server.url, requestTimeoutMs: 5_000 }).finally(() => server.close());
  expect(report.target.transport).toBe('streamable-http');
  expect(report.target.revision.value).toBe('2024-11-05');
  const of = (id: string) => report.results.filter((r) => r.checkId === id);
  const leg04 = of('MCPP-LEG04');
  expect(leg04.map((r) => r.status)).toContain('fail');
  expect(leg04.find((r) => r.status === 'fail')?.message).toMatch(/500/);
  // 405 on GET is how a server says it offers no stream: a pass, and above all a verdict.
  expect(of('MCPP-LEG05').map((r) => r.status)).toEqual(['pass']);
  // The other transport-shape checks are judged too, not set aside for the revision.
  for (const id of ['MCPP-LEG06', 'MCPP-LEG07', 'MCPP-TRN13'])
    expect(
      of(id).filter((r) => r.status === 'not_applicable' && r.reason === 'revision'),
      id,
    ).toEqual([]);
});
