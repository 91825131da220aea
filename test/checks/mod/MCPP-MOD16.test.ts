import check from '../../../src/checks/mod/MCPP-MOD16.js';
import type { ModernEvidence } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { Ev } from '../../helpers/modern.js';
import {
  dualEraEvidence,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setModern,
} from '../../helpers/modern.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';

const answer =
  (method: string, make: (b: EvidenceBuilder) => ReturnType<typeof rpcError>) =>
  (ev: Ev, b: EvidenceBuilder) => {
    const m = ev.modern as ModernEvidence;
    setModern(ev, {
      methods: m.methods.map((x) => (x.method === method ? { method, probe: b.ok(make(b)) } : x)),
    });
  };

testCheck(check, {
  pass: [
    { name: 'every method 404 with -32601', evidence: modernEvidence() },
    {
      name: 'dual-era server answers a modern initialize (not judged)',
      evidence: dualEraEvidence(answer('initialize', (b) => b.reply({ result: b.initResult() }))),
    },
  ],
  fail: [
    {
      name: 'ping served',
      evidence: modernEvidence(answer('ping', (b) => b.reply({ result: {} }))),
      key: 'ping:served',
      severity: 'medium',
    },
    {
      name: 'unknown method with 200',
      evidence: modernEvidence(answer('mcp-posture-probe/nonexistent', (b) => rpcError(b, 200, -32601))),
      key: 'mcp-posture-probe/nonexistent:status',
    },
    {
      name: 'logging/setLevel with 400 -32600',
      evidence: modernEvidence(answer('logging/setLevel', (b) => rpcError(b, 400, -32600))),
      key: 'logging/setLevel:code',
    },
    {
      name: 'modern-only server answers modern initialize',
      evidence: modernEvidence(answer('initialize', (b) => b.reply({ result: b.initResult() }))),
      key: 'initialize:served',
    },
  ],
  inconclusive: [{ name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' }],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
