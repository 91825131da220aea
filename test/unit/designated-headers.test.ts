/** The `Mcp-Param-*` headers i.tool(name) sends, and the values its mismatch variant uses. */
import { describe, expect, it } from 'vitest';

import { MISMATCH_VALUE, mismatchOf, paramHeaders } from '../../src/probe/modern/designated.js';

const schema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    greeting: { type: 'string', 'x-mcp-header': 'Greeting' },
    tenant: { type: 'integer', 'x-mcp-header': 'Tenant' },
    dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
  },
};

describe('designated-tool headers', () => {
  it('mirrors every annotated argument with a value, Base64-encoding unsafe text', () => {
    const got = paramHeaders(schema, { query: 'x', greeting: 'Hello, 世界', tenant: 42, dryRun: true });
    expect(got.headers).toEqual({
      'mcp-param-greeting': '=?base64?SGVsbG8sIOS4lueVjA==?=',
      'mcp-param-tenant': '42',
      'mcp-param-dry-run': 'true',
    });
    expect(got.param).toEqual({
      path: 'greeting',
      header: 'Mcp-Param-Greeting',
      value: '=?base64?SGVsbG8sIOS4lueVjA==?=',
      mismatch: MISMATCH_VALUE,
    });
    expect(got.key).toBe('mcp-param-greeting');
    expect(got.annotated.map((a) => a.header)).toEqual([
      'Mcp-Param-Greeting',
      'Mcp-Param-Tenant',
      'Mcp-Param-Dry-Run',
    ]);
  });

  it('changes the first annotated parameter that has a value; absent and null ones get no header', () => {
    const got = paramHeaders(schema, { greeting: null, tenant: 7 });
    expect(got.headers).toEqual({ 'mcp-param-tenant': '7' });
    expect(got.param).toMatchObject({ path: 'tenant', value: '7', mismatch: '8' });
  });

  it('has no parameter to change without annotations or values', () => {
    expect(paramHeaders(schema, {}).param).toBeNull();
    expect(paramHeaders({ type: 'object' }, { a: 1 })).toMatchObject({
      annotated: [],
      headers: {},
      param: null,
    });
  });

  it('mismatches keep the JSON type and always differ', () => {
    expect(mismatchOf(true)).toBe('false');
    expect(mismatchOf(false)).toBe('true');
    expect(mismatchOf(Number.MAX_SAFE_INTEGER)).toBe(String(Number.MAX_SAFE_INTEGER - 1));
    expect(mismatchOf('us-west1')).toBe(MISMATCH_VALUE);
    expect(mismatchOf(MISMATCH_VALUE)).not.toBe(MISMATCH_VALUE);
  });
});
