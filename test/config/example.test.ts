/** docs/config/mcp-posture.config.json is the example users copy: it must stay valid as the schema moves. */
import { describe, expect, it } from 'vitest';

import { loadConfig } from '../../src/config/load.js';

const EXAMPLE = 'docs/config/mcp-posture.config.json';

describe('the documented example config file', () => {
  const config = loadConfig(EXAMPLE);

  it('loads with the real loader, and shows an HTTP and a stdio target', () => {
    expect(config.targets.map((t) => t.name)).toEqual(['billing', 'docs-search', 'local-notes']);
    expect(config.targets.some((t) => t.command !== undefined)).toBe(true);
  });

  it('shows suppressions with reasons, one of them expiring, a baseline and a lock', () => {
    expect(config.suppressions?.every((s) => s.reason.trim() !== '')).toBe(true);
    expect(config.suppressions?.some((s) => s.expires !== undefined)).toBe(true);
    expect(config.baseline).toBeDefined();
    expect(config.lock).toBeDefined();
  });
});
