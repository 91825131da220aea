import check from '../../../src/checks/mod/MCPP-MOD31.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  inputRequired,
  intrusive,
  modernEvidence,
  rpcError,
  setDesignated,
  toolResult,
} from '../../helpers/modern.js';

testCheck(check, {
  pass: [
    { name: '400 with -32021 and data.requiredCapabilities', evidence: modernEvidence(intrusive()) },
    {
      name: 'the same when the tool also has no x-mcp-header parameter',
      evidence: modernEvidence(
        intrusive((_d, b) => ({
          annotated: [],
          param: null,
          paramMissing: b.skipped('not_needed'),
          paramMismatch: b.skipped('not_needed'),
        })),
      ),
    },
  ],
  fail: [
    {
      name: 'an InputRequiredResult asks for the undeclared elicitation',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ noCapabilities: b.ok(b.reply({ result: inputRequired() })) })),
      ),
      key: 'mrtr',
      severity: 'medium',
    },
    {
      name: 'an InputRequiredResult asks for sampling',
      evidence: modernEvidence(
        intrusive((_d, b) => ({
          noCapabilities: b.ok(b.reply({ result: inputRequired('sampling/createMessage') })),
        })),
      ),
      key: 'mrtr',
    },
    {
      name: '-32021 without data.requiredCapabilities',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ noCapabilities: b.ok(rpcError(b, 400, -32021, 'missing')) })),
      ),
      key: 'data',
    },
    {
      name: '-32021 with HTTP 200',
      evidence: modernEvidence(
        intrusive((_d, b) => ({
          noCapabilities: b.ok(
            rpcError(b, 200, -32021, 'missing', { requiredCapabilities: { elicitation: {} } }),
          ),
        })),
      ),
      key: 'status',
    },
    {
      name: '400 with -32602 while the call declaring capabilities was served',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ noCapabilities: b.ok(rpcError(b, 400, -32602, 'client cannot elicit')) })),
      ),
      key: 'code',
    },
    {
      name: '200 with an internal error',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ noCapabilities: b.ok(rpcError(b, 200, -32603, 'boom')) })),
      ),
      key: 'status',
    },
    {
      name: 'a tool error result where the call declaring capabilities succeeded',
      evidence: modernEvidence(
        intrusive((_d, b) => ({
          control: b.ok(b.reply({ result: toolResult() })),
          noCapabilities: b.ok(b.reply({ result: toolResult(true) })),
        })),
      ),
      key: 'tool-error',
    },
  ],
  inconclusive: [
    { name: 'safe scan', evidence: modernEvidence(), reason: 'mode_disabled' },
    {
      name: 'no tool designated',
      evidence: modernEvidence((ev, b) => {
        intrusive()(ev, b);
        setDesignated(ev, { kind: 'skipped', reason: 'not_designated', detail: 'no tool designated' });
      }),
      reason: 'needs_designation',
    },
    {
      name: 'evidence from before the designated-tool probe',
      evidence: modernEvidence((ev, b) => {
        intrusive()(ev, b);
        setDesignated(ev, undefined);
      }),
      reason: 'needs_designation',
    },
    {
      name: 'the tool completed without capabilities (it needs none)',
      evidence: modernEvidence(
        intrusive((_d, b) => ({
          control: b.ok(b.reply({ result: toolResult() })),
          noCapabilities: b.ok(b.reply({ result: toolResult() })),
        })),
      ),
      reason: 'needs_designation',
    },
    {
      name: 'the same refusal as the call declaring capabilities',
      evidence: modernEvidence(
        intrusive((_d, b) => ({
          control: b.ok(rpcError(b, 200, -32602, 'bad region')),
          noCapabilities: b.ok(rpcError(b, 200, -32602, 'bad region')),
        })),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'rate limited',
      evidence: modernEvidence(
        intrusive((_d, b) => ({ noCapabilities: b.ok(b.reply({ status: 429, mediaType: null })) })),
      ),
      reason: 'rate_limited',
    },
    {
      name: 'the call timed out',
      evidence: modernEvidence(intrusive((_d, b) => ({ noCapabilities: b.failed() }))),
      reason: 'fetch_failed',
    },
    {
      name: 'the tool list failed, so nothing was called',
      evidence: modernEvidence((ev, b) => {
        intrusive()(ev, b);
        setDesignated(ev, { kind: 'skipped', reason: 'dependency_failed', detail: 'no listing' });
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    {
      name: 'legacy-only server',
      evidence: evidence((ev) => {
        ev.settings.mode = 'intrusive';
      }),
      reason: 'revision',
    },
  ],
});
