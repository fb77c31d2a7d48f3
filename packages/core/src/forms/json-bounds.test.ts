import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { checkJsonBounds } from './json-bounds';

describe('checkJsonBounds', () => {
  it('accepts plain JSON', () => {
    expect(checkJsonBounds({ a: [1, 'x', null, true, { b: undefined }] })).toEqual([]);
  });

  it('refuses non-JSON values, prototype keys, long strings and deep nesting by path', () => {
    expect(checkJsonBounds({ f: () => 1 })).toEqual([{ path: 'f', message: MESSAGES.notJson }]);
    expect(checkJsonBounds({ n: Number.NaN })).toEqual([{ path: 'n', message: MESSAGES.notJson }]);
    expect(checkJsonBounds({ d: new Date(0) })).toEqual([{ path: 'd', message: MESSAGES.notJson }]);
    expect(checkJsonBounds(JSON.parse('{"a":{"constructor":{}}}'))).toEqual([
      { path: 'a.constructor', message: MESSAGES.forbiddenKey('constructor') },
    ]);
    expect(checkJsonBounds({ s: 'x'.repeat(11) }, { maxString: 10 })).toEqual([
      { path: 's', message: MESSAGES.stringTooLong(10) },
    ]);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkJsonBounds(deep)[0]?.message).toBe(MESSAGES.jsonTooDeep(160));
    expect(
      checkJsonBounds(
        Array.from({ length: 20 }, () => 1),
        { maxValues: 10 },
      )[0]?.message,
    ).toBe(MESSAGES.tooManyValues(10));
  });
});
