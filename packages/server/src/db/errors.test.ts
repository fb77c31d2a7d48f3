import { describe, expect, it } from 'vitest';
import { isClosedDatabase } from './errors';

describe('isClosedDatabase', () => {
  it("knows PGlite's and node-postgres's closed database, directly or as a driver error's cause", () => {
    expect(isClosedDatabase(new Error('PGlite is closed'))).toBe(true);
    expect(isClosedDatabase({ message: 'Failed query: update …', cause: new Error('PGlite is closed') })).toBe(true);
    expect(
      isClosedDatabase({
        message: 'Failed query',
        cause: new Error('Cannot use a pool after calling end on the pool'),
      }),
    ).toBe(true);
    expect(isClosedDatabase(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isClosedDatabase({ message: 'Failed query', cause: { code: '40001' } })).toBe(false);
  });
});
