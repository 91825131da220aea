import type { HttpReply } from '../../../src/evidence/types.js';
import check from '../../../src/checks/trn/MCPP-TRN14.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { modernEvidence } from '../../helpers/modern.js';
import { authWall, setDetection, setLegacy } from '../../helpers/trn.js';
import { launch, stdioEvidence } from '../stdio/stdio-evidence.js';
import type { StdioExchange } from '../../../src/evidence/stdio-types.js';

const stdioExchange = (id: `x${number}`, patch: Partial<StdioExchange> = {}): StdioExchange => ({
  id,
  probe: 'p.init(2025-11-25)',
  purpose: 'initialize',
  sent: 1,
  answer: 2,
  durationMs: 5,
  ...patch,
});

testCheck(check, {
  pass: [
    {
      name: 'stdio: every answer read on stdout is well-formed',
      evidence: stdioEvidence([launch({ exchanges: [stdioExchange('x1'), stdioExchange('x2')] })]),
    },
    { name: 'well-formed replies (default)', evidence: evidence() },
    { name: 'a well-behaved 2026-07-28 server', evidence: modernEvidence() },
    {
      name: 'issues in a WAF 403 body that is not JSON-RPC are excluded',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          status: 403,
          bodyKind: 'json',
          messages: [{ kind: 'invalid', raw: { error: 'blocked' } }],
          issues: [{ key: 'version', detail: 'jsonrpc member missing' }],
        });
        setLegacy(ev, { sessionNone: b.ok(r) });
      }),
    },
    {
      name: 'an HTTP-level rejection carrying an error without id',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          status: 400,
          bodyKind: 'json',
          messages: [
            { kind: 'invalid', raw: { jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request' } } },
          ],
          issues: [{ key: 'id', detail: 'response has no id' }],
        });
        setLegacy(ev, { sessionNone: b.ok(r) });
      }),
    },
    {
      name: 'a non-JSON-RPC body on a notification answer is LEG04, not here',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          bodyKind: 'json',
          messages: [{ kind: 'invalid', raw: { status: 'ok' } }],
          issues: [{ key: 'version', detail: 'jsonrpc member missing' }],
        });
        setLegacy(ev, { initialized: b.ok(r) });
      }),
    },
  ],
  fail: [
    {
      name: 'stdio: an answer without jsonrpc "2.0"',
      evidence: stdioEvidence([
        launch({
          exchanges: [
            stdioExchange('x1'),
            stdioExchange('x2', { issues: [{ key: 'version', detail: 'jsonrpc is missing' }] }),
          ],
        }),
      ]),
      key: 'version',
      severity: 'medium',
    },
    {
      name: 'a modern list page without the jsonrpc member',
      evidence: modernEvidence((ev, b) => {
        const r = b.reply({
          result: { tools: [] },
          issues: [{ key: 'version', detail: 'jsonrpc member missing' }],
        });
        Object.assign(ev.modern!, { resourceMissing: b.ok(r) });
      }),
      key: 'version',
      severity: 'medium',
    },
    {
      name: 'jsonrpc version missing',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          result: { tools: [] },
          issues: [{ key: 'version', detail: 'jsonrpc member missing' }],
        });
        setLegacy(ev, { baseline: b.ok(r) });
      }),
      key: 'version',
      severity: 'medium',
    },
    {
      name: 'string error code',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          status: 400,
          error: { code: '-32000', message: 'x' },
          issues: [{ key: 'code', detail: 'error.code is "-32000", not an integer' }],
        });
        setLegacy(ev, { versionBad: b.ok(r) });
      }),
      key: 'code',
    },
    {
      name: 'non-JSON-RPC SSE payloads are low',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          mediaType: 'text/event-stream',
          result: { tools: [] },
          issues: [{ key: 'sse-data', detail: 'event #1: not valid JSON' }],
        });
        setLegacy(ev, { baseline: b.ok(r) });
      }),
      key: 'sse-data',
      severity: 'low',
    },
    {
      name: 'invalid UTF-8',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          result: { tools: [] },
          issues: [{ key: 'utf8', detail: 'invalid UTF-8 at byte 12' }],
        });
        setLegacy(ev, { baseline: b.ok(r) });
      }),
      key: 'utf8',
    },
    {
      name: 'response id does not echo the request',
      evidence: evidence((ev, b) => {
        const r = b.reply({ messages: [{ kind: 'response', id: 99, result: { tools: [] } }] });
        setLegacy(ev, { baseline: b.ok(r) });
      }),
      key: 'id',
    },
    {
      name: 'body that is not JSON at all',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          bodyKind: 'json',
          issues: [{ key: 'json', detail: 'not valid JSON: Unexpected token <' }],
        });
        setDetection(ev, { discover: b.ok(r) });
      }),
      key: 'json',
    },
  ],
  inconclusive: [
    {
      name: 'stdio: no request was answered',
      evidence: stdioEvidence([launch({ exchanges: [stdioExchange('x1', { answer: null })] })]),
      reason: 'probe_unavailable',
    },
    {
      name: 'behind an authorization wall',
      evidence: evidence((ev, b) => authWall(ev, b)),
      reason: 'auth_wall',
    },
    {
      name: 'stdio target: no stdio evidence yet',
      evidence: evidence((ev, b) => {
        const skipped = b.skipped<HttpReply>('not_needed');
        setDetection(ev, { transport: 'stdio', discover: skipped, inits: [] });
        Object.assign(ev, { sessions: null });
        Object.assign(ev.origin!, {
          baseline: null,
          foreign: skipped,
          nullOrigin: skipped,
          lookalike: skipped,
          preflight: skipped,
          host: skipped,
        });
      }),
      reason: 'probe_unavailable',
    },
  ],
});
