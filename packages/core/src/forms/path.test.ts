import { describe, expect, it } from 'vitest';
import { FORBIDDEN_KEYS, formatPath, isPlainObject, joinPath } from './path';

describe('paths', () => {
  it('joins keys and indexes the way errors name them', () => {
    expect(joinPath(joinPath(joinPath('', 'components'), 3), 'key')).toBe('components[3].key');
    expect(formatPath(['components', 0, 'columns', 1, 'components', 2])).toBe('components[0].columns[1].components[2]');
  });

  it('knows the prototype keys and plain objects', () => {
    expect([...FORBIDDEN_KEYS]).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(null)).toBe(false);
  });
});
