import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { headerParams, headerText, isHeaderName, valueAt } from '../../../src/evidence/parse/x-mcp-header.js';

describe('x-mcp-header annotations', () => {
  it('lists annotated properties reachable through properties keys, in schema order', () => {
    const schema = {
      type: 'object',
      properties: {
        query: { type: 'string' },
        region: { type: 'string', 'x-mcp-header': 'Region' },
        target: {
          type: 'object',
          properties: { tenant: { type: 'integer', 'x-mcp-header': 'Tenant' } },
        },
      },
    };
    expect(headerParams(schema)).toEqual([
      { path: ['region'], name: 'Region' },
      { path: ['target', 'tenant'], name: 'Tenant' },
    ]);
  });

  it('ignores annotations outside properties chains and values that are not header tokens', () => {
    const schema = {
      type: 'object',
      'x-mcp-header': 'Root',
      properties: {
        list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } },
        choice: { oneOf: [{ type: 'string', 'x-mcp-header': 'Choice' }] },
        bad: { type: 'string', 'x-mcp-header': 'Bad Name' },
        empty: { type: 'string', 'x-mcp-header': '' },
        numeric: { type: 'string', 'x-mcp-header': 42 },
      },
    };
    expect(headerParams(schema)).toEqual([]);
  });

  it('is total on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(Array.isArray(headerParams(v))).toBe(true);
      }),
    );
  });

  it('reads values at a path and converts them to header text', () => {
    const args = { target: { tenant: 42 }, region: 'us-west1', flag: false, ratio: 0.5, none: null };
    expect(valueAt(args, ['target', 'tenant'])).toBe(42);
    expect(valueAt(args, ['target', 'missing'])).toBeUndefined();
    expect(valueAt(args, ['region', 'deeper'])).toBeUndefined();
    expect(headerText(valueAt(args, ['region']))).toBe('us-west1');
    expect(headerText(42)).toBe('42');
    expect(headerText(false)).toBe('false');
    expect(headerText(0.5)).toBeNull();
    expect(headerText(null)).toBeNull();
    expect(headerText({})).toBeNull();
  });

  it('accepts RFC 9110 tokens only as header names', () => {
    expect(isHeaderName('Region')).toBe(true);
    expect(isHeaderName("A!#$%&'*+-.^_`|~9")).toBe(true);
    for (const bad of ['', 'a b', 'a:b', 'a\r\nb', 'é']) expect(isHeaderName(bad), bad).toBe(false);
  });
});
