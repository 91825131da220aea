/** The meta of a throwaway check for the engine's tests: one place, so each test says only what differs. */
import type { CheckMeta } from '../../src/checks/define-check.js';
import { mcp } from '../../src/spec/citations.js';

export const TEST_CHECK_META: Omit<CheckMeta, 'keys' | 'requires' | 'revisions'> = {
  id: 'MCPP-TRN99',
  title: 'test',
  requirement: 'test requirement',
  keyword: 'MUST',
  transports: ['streamable-http'],
  mode: 'passive',
  severity: 'high',
  citations: [mcp('2025-11-25', 'basic/transports')],
  rationale: 'test rationale',
  remediation: 'test remediation',
  evidence: 'none',
  rating: { scope: 'protocol' },
};
