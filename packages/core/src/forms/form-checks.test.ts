import { describe, expect, it } from 'vitest';
import { compilePattern } from './form-checks';

describe('compilePattern', () => {
  it('anchors like Form.io, grouping alternations', () => {
    expect(compilePattern('a|b')?.test('ab')).toBe(false);
    expect(compilePattern('a|b')?.test('b')).toBe(true);
  });

  it('refuses broken and catastrophic patterns', () => {
    expect(compilePattern('(')).toBeUndefined();
    expect(compilePattern('(a+)+')).toBeUndefined();
  });
});
