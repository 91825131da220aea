import check from '../../../src/checks/leg/MCPP-LEG03.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, setInits, setLegacy, setRevision } from '../../helpers/leg.js';

testCheck(check, {
  pass: [
    { name: 'every InitializeResult complete', evidence: evidence() },
    {
      name: 'extra members and string instructions',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          init2: b.ok(
            b.reply({
              result: b.initResult('2025-11-25', {
                serverInfo: { name: 'x', title: 'X', version: '1', icons: [] },
                instructions: 'Use the tools wisely.',
              }),
            }),
          ),
        }),
      ),
    },
  ],
  fail: [
    {
      name: 'capabilities missing',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          init2: b.ok(
            b.reply({ result: { protocolVersion: '2025-11-25', serverInfo: { name: 'x', version: '1' } } }),
          ),
        }),
      ),
      key: 'capabilities',
      severity: 'medium',
    },
    {
      name: 'serverInfo.version missing and instructions not a string',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          initBogus: b.ok(
            b.reply({ result: b.initResult('2025-11-25', { serverInfo: { name: 'x' }, instructions: 42 }) }),
          ),
        }),
      ),
      key: 'serverInfo.version',
    },
    {
      name: 'instructions not a string',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          initBogus: b.ok(b.reply({ result: b.initResult('2025-11-25', { instructions: { text: 'x' } }) })),
        }),
      ),
      key: 'instructions',
    },
    {
      name: 'protocolVersion not a string',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          init2: b.ok(b.reply({ result: { ...(b.initResult() as object), protocolVersion: 20251125 } })),
        }),
      ),
      key: 'protocolVersion',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    {
      name: 'no InitializeResult: every initialize timed out',
      evidence: evidence((ev, b) => {
        ev.sessions = null;
        setInits(
          ev,
          ev.detection.inits.map((a) => ({ ...a, probe: b.failed('timeout'), offered: null })),
        );
        setRevision(ev, { known: [], unconfirmed: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] });
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
