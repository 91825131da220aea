/** Reading the id of a refused reply without parsing below its top level (src/probe/stdio/top-level.ts). */
import { describe, expect, it } from 'vitest';

import { topLevelOf } from '../../src/probe/stdio/top-level.js';

const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe('topLevelOf', () => {
  it('reads the id before and after a value nested 100,000 levels deep, without recursion', () => {
    expect(topLevelOf(`{"jsonrpc":"2.0","id":7,"result":${deep(100_000)}}`)).toEqual({
      id: 7,
      hasMethod: false,
    });
    expect(topLevelOf(`{"result":${deep(100_000)},"id":"a\\"b","jsonrpc":"2.0"}`)).toEqual({
      id: 'a"b',
      hasMethod: false,
    });
  });

  it('reads what it can of a reply cut short, and nothing of what is cut', () => {
    expect(topLevelOf('{"jsonrpc":"2.0","id":3,"result":{"tools":[{"na')).toEqual({
      id: 3,
      hasMethod: false,
    });
    expect(topLevelOf('{"jsonrpc":"2.0","result":{"tools":[{"na')).toEqual({
      id: undefined,
      hasMethod: false,
    });
    expect(topLevelOf('{"id":12')).toEqual({ id: undefined, hasMethod: false });
  });

  it('tells a request or notification by its method, and reads nothing of a batch or non-JSON', () => {
    expect(topLevelOf(`{"jsonrpc":"2.0","method":"notifications/message","params":${deep(100)}}`)).toEqual({
      id: undefined,
      hasMethod: true,
    });
    expect(topLevelOf(`[{"jsonrpc":"2.0","id":1,"result":{}}]`)).toEqual({ id: undefined, hasMethod: false });
    expect(topLevelOf('not json {"id":1}')).toEqual({ id: undefined, hasMethod: false });
    expect(topLevelOf('{"id":{"x":1},"result":1}')).toEqual({ id: undefined, hasMethod: false });
  });
});
