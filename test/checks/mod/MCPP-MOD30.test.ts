import check from '../../../src/checks/mod/MCPP-MOD30.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  inputRequired,
  intrusive,
  legacyOnly,
  listing,
  modernEvidence,
  rpcError,
  setDesignated,
  setModern,
  toolResult,
  TOOLS,
} from '../../helpers/modern.js';
import type { Ev } from '../../helpers/modern.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import type { ModernEvidence } from '../../../src/evidence/types.js';

/** An intrusive scan whose designated-tool probe is replaced afterwards. */
function designatedAs(patch: (ev: Ev, b: EvidenceBuilder) => void) {
  return modernEvidence((ev, b) => {
    intrusive()(ev, b);
    patch(ev, b);
  });
}

const notDesignated = (ev: Ev) =>
  setDesignated(ev, { kind: 'skipped', reason: 'not_designated', detail: 'no tool designated' });

/** Only tools without `x-mcp-header` parameters are listed. */
const plainTools = (ev: Ev, b: EvidenceBuilder) =>
  setModern(ev, {
    lists: (ev.modern as ModernEvidence).lists.map((l) =>
      l.method === 'tools/list' ? { ...l, probe: listing(b, 'tools', [...TOOLS]) } : l,
    ),
  });

testCheck(check, {
  pass: [
    {
      name: 'both variants rejected with -32020, the control asked for input',
      evidence: modernEvidence(intrusive()),
    },
    {
      name: 'both variants rejected, the control executed',
      evidence: modernEvidence(intrusive((_d, b) => ({ control: b.ok(b.reply({ result: toolResult() })) }))),
    },
    {
      name: 'the control refused with another error, the variants with -32020',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ control: b.ok(rpcError(b, 200, -32602, 'bad region')) })),
      ),
    },
  ],
  fail: [
    {
      name: 'the call without the header was executed',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ paramMissing: b.ok(b.reply({ result: toolResult() })) })),
      ),
      key: 'missing-executed',
      severity: 'high',
    },
    {
      name: 'the mismatched call got an InputRequiredResult (processed)',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ paramMismatch: b.ok(b.reply({ result: inputRequired() })) })),
      ),
      key: 'mismatch-executed',
      severity: 'high',
    },
    {
      name: 'the mismatched call got 400 with another code',
      evidence: modernEvidence(intrusive((_d, b) => ({ paramMismatch: b.ok(rpcError(b, 400, -32600)) }))),
      key: 'mismatch-code',
      severity: 'low',
    },
    {
      name: 'the call without the header reached dispatch and got a 200 error',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ paramMissing: b.ok(rpcError(b, 200, -32602, 'Invalid params')) })),
      ),
      key: 'missing-status',
      severity: 'medium',
    },
  ],
  inconclusive: [
    { name: 'safe scan', evidence: modernEvidence(), reason: 'mode_disabled' },
    {
      name: 'no tool designated while a listed tool has x-mcp-header parameters',
      evidence: designatedAs(notDesignated),
      reason: 'needs_designation',
    },
    {
      name: 'evidence from before the designated-tool probe',
      evidence: designatedAs((ev) => setDesignated(ev, undefined)),
      reason: 'needs_designation',
    },
    {
      name: 'the designated tool has no x-mcp-header parameter, another tool has',
      evidence: modernEvidence(intrusive(() => ({ annotated: [], param: null }))),
      reason: 'needs_designation',
    },
    {
      name: 'the designated arguments give the parameter no value',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ arguments: {}, param: null, paramMissing: b.skipped('not_needed') })),
      ),
      reason: 'needs_designation',
    },
    {
      name: 'the control was rejected with -32020 too',
      evidence: modernEvidence(intrusive((_d, b) => ({ control: b.ok(rpcError(b, 400, -32020)) }))),
      reason: 'ambiguous',
    },
    {
      name: 'the variant got the same refusal as the control',
      evidence: modernEvidence(
        intrusive((_d, b) => ({
          control: b.ok(rpcError(b, 200, -32602, 'bad region')),
          paramMismatch: b.ok(rpcError(b, 200, -32602, 'bad region')),
          paramMissing: b.ok(rpcError(b, 200, -32602, 'bad region')),
        })),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'the variant got 500',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ paramMissing: b.ok(b.reply({ status: 500, mediaType: null })) })),
      ),
      reason: 'fetch_failed',
    },
    {
      name: 'the control timed out, so a -32020 cannot be attributed',
      evidence: modernEvidence(intrusive((_d, b) => ({ control: b.failed() }))),
      reason: 'fetch_failed',
    },
    {
      name: 'the tool list was cut short and no tool was designated',
      evidence: designatedAs((ev, b) => {
        notDesignated(ev);
        const value = { items: [...TOOLS], pages: 5, truncated: true, replies: [b.reply({ result: {} })] };
        setModern(ev, {
          lists: (ev.modern as ModernEvidence).lists.map((l) =>
            l.method === 'tools/list' ? { ...l, probe: b.ok(value, value.replies[0]!.exchange) } : l,
          ),
        });
      }),
      reason: 'needs_designation',
    },
  ],
  notApplicable: [
    {
      name: 'no listed tool has an x-mcp-header parameter (nothing designated)',
      evidence: designatedAs((ev, b) => {
        notDesignated(ev);
        plainTools(ev, b);
      }),
      reason: 'feature_absent',
    },
    {
      name: 'no listed tool has an x-mcp-header parameter (a plain tool designated)',
      evidence: modernEvidence((ev, b) => {
        intrusive(() => ({ name: 'echo', annotated: [], param: null }))(ev, b);
        plainTools(ev, b);
      }),
      reason: 'feature_absent',
    },
    // The revision decides before the tier: a safe scan of a legacy server is not "mode_disabled".
    { name: 'legacy-only server, safe scan', evidence: legacyOnly(), reason: 'revision' },
    {
      name: 'legacy-only server',
      evidence: evidence((ev) => {
        ev.settings.mode = 'intrusive';
      }),
      reason: 'revision',
    },
  ],
});
