import check from '../../../src/checks/mod/MCPP-MOD28.js';
import { testCheck } from '../../helpers/check-tester.js';
import { discoverResult, legacyOnly, modernEvidence, setDiscover } from '../../helpers/modern.js';

const extensions = (ext: Record<string, unknown>) =>
  modernEvidence((ev, b) =>
    setDiscover(
      ev,
      b.ok(b.reply({ result: discoverResult({ capabilities: { tools: {}, extensions: ext } }) })),
    ),
  );

testCheck(check, {
  pass: [
    {
      name: 'official and vendor prefixes',
      evidence: extensions({ 'io.modelcontextprotocol/tasks': {}, 'com.example/feature-x': {} }),
    },
  ],
  fail: [
    { name: 'no prefix', evidence: extensions({ tasks: {} }), key: 'tasks', severity: 'low' },
    { name: 'empty label', evidence: extensions({ 'com..example/x': {} }), key: 'com..example/x' },
    { name: 'name missing', evidence: extensions({ 'com.example/': {} }), key: 'com.example/' },
  ],
  notApplicable: [
    { name: 'no extensions', evidence: modernEvidence(), reason: 'feature_absent' },
    { name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' },
  ],
});
