/** When the CLI runs a command in a second process with the fleet's heap setting (src/fleet/heap.ts). */
import { describe, expect, it } from 'vitest';

import { FLEET_CHILD_ENV, FLEET_NODE_FLAGS, fleetNodeArgs } from '../../src/fleet/heap.js';

describe('fleetNodeArgs', () => {
  it('starts every fleet form of scan again with the flags, keeping the node options given', () => {
    for (const flag of ['--targets', '--targets=t.txt', '--registry', '--discovered'])
      expect(fleetNodeArgs(['scan', flag, 'x'], ['--enable-source-maps'], {})).toEqual([
        ...FLEET_NODE_FLAGS,
        '--enable-source-maps',
      ]);
  });

  it('runs anything else in this process', () => {
    expect(fleetNodeArgs(['scan', 'https://example.com/mcp'], [], {})).toBeNull();
    expect(fleetNodeArgs(['fleet', 'report', '--db', 'h.db'], [], {})).toBeNull();
    expect(fleetNodeArgs(['checks', 'list'], [], {})).toBeNull();
  });

  it('never starts a third process, and leaves a young-generation size the user chose', () => {
    expect(fleetNodeArgs(['scan', '--targets', 't'], [], { [FLEET_CHILD_ENV]: '1' })).toBeNull();
    expect(fleetNodeArgs(['scan', '--targets', 't'], ['--max-semi-space-size=16'], {})).toBeNull();
    expect(
      fleetNodeArgs(['scan', '--targets', 't'], [], { NODE_OPTIONS: '--max-semi-space-size=8' }),
    ).toBeNull();
  });
});
