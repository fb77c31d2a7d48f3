import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMaskedValue, maskValue, visibleTailLength } from './masking';

describe('maskValue', () => {
  it.each([
    ['1', '1'],
    ['1234', '***4'],
    ['12345', '***45'],
    ['1234567890', '********90'],
    ['12345678901', '*******8901'],
    ['123-45-6789', '*******6789'],
  ])('masks %s as %s', (value, masked) => {
    expect(maskValue(value)).toBe(masked);
  });

  it('leaves empty values empty and masks numbers', () => {
    expect(maskValue('')).toBe('');
    expect(maskValue(null)).toBe('');
    expect(maskValue(undefined)).toBe('');
    expect(maskValue(987654)).toBe('****54');
  });

  it('keeps the length and exactly the spec number of trailing characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (value) => {
        const masked = maskValue(value);
        expect(masked).toHaveLength(value.length);
        const visible = Math.min(visibleTailLength(value.length), value.length);
        expect(masked.slice(value.length - visible)).toBe(value.slice(value.length - visible));
        expect(masked.slice(0, value.length - visible)).toBe('*'.repeat(value.length - visible));
      }),
    );
  });

  it('recognises masked values so they count as empty on save', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 2, maxLength: 60 }), (value) => {
        expect(isMaskedValue(maskValue(value))).toBe(true);
      }),
    );
    expect(isMaskedValue('1234')).toBe(false);
    expect(isMaskedValue(1234)).toBe(false);
  });
});
