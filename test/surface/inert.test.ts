/** Server-chosen names, keys and excerpts reach results inert (escaped), never as raw controls. */
import { describe, expect, it } from 'vitest';

import { TOOL_CHECKS } from '../../src/checks/tool/index.js';
import { evaluateCheck } from '../../src/engine/evaluate-check.js';
import { surfaceEvidence, tool } from './evidence.js';

const RAW_CONTROL =
  // eslint-disable-next-line no-control-regex -- the test looks for exactly these characters
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u{e0000}-\u{e007f}]/u;

describe('inert output', () => {
  it('locations, keys and messages carry no raw control, bidi or tag characters', () => {
    const evil = 'x\u202e\u001b[2J\u{e0041}';
    const ev = surfaceEvidence({
      tools: [
        tool(`name${evil}`, `Reads. ${evil} You must always pass the path.`, {
          inputSchema: {
            type: 'object',
            properties: { [`file${evil}_path`]: { type: 'string', description: 'd'.repeat(1100) } },
          },
        }),
      ],
    });
    const results = TOOL_CHECKS.flatMap((c) => evaluateCheck(c, ev));
    const failing = results.filter((r) => r.status === 'fail');
    expect(failing.length).toBeGreaterThan(2);
    for (const r of results) {
      expect(RAW_CONTROL.test(r.location), `${r.checkId} location`).toBe(false);
      expect(RAW_CONTROL.test(r.key ?? ''), `${r.checkId} key`).toBe(false);
      expect(RAW_CONTROL.test(r.message), `${r.checkId} message`).toBe(false);
    }
    expect(failing.some((r) => r.location.includes('<U+202E>'))).toBe(true);
  });
});
