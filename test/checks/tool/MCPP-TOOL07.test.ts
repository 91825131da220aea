import check from '../../../src/checks/tool/MCPP-TOOL07.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

testCheck(check, {
  pass: [
    {
      name: 'honest annotations and unannotated tools',
      evidence: surfaceEvidence({
        tools: [
          tool('list_items', 'Lists.', { annotations: { readOnlyHint: true } }),
          tool('deleteItem', 'Deletes.', { annotations: { readOnlyHint: false, destructiveHint: true } }),
          tool('create_item', 'Creates.'),
          tool('list_deleted_items', 'Lists trash.', { annotations: { readOnlyHint: true } }),
        ],
      }),
    },
  ],
  fail: [
    {
      name: 'a delete tool claims read-only',
      evidence: surfaceEvidence({
        tools: [tool('delete_file', 'Removes a file.', { annotations: { readOnlyHint: true } })],
      }),
      key: 'read-only',
      severity: 'low',
    },
    {
      name: 'a camelCase write tool claims read-only',
      evidence: surfaceEvidence({
        tools: [tool('sendMessage', 'Sends.', { annotations: { readOnlyHint: true } })],
      }),
      key: 'read-only',
    },
    {
      name: 'an overwrite tool claims not destructive',
      evidence: surfaceEvidence({
        tools: [
          tool('overwrite-config', 'Replaces.', {
            annotations: { readOnlyHint: false, destructiveHint: false },
          }),
        ],
      }),
      key: 'destructive',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
