import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileTextRules,
  compileValueChecker,
  hasOnlyAsciiText,
  isEmptyValue,
  isPrintableAscii,
  PHONE_PATTERN,
} from './field-values';
import { build } from './fixtures/build-form';

describe('field values', () => {
  it('knows what counts as empty per type', () => {
    expect(isEmptyValue('', 'textfield')).toBe(true);
    expect(isEmptyValue(0, 'number')).toBe(false);
    expect(isEmptyValue(false, 'checkbox')).toBe(true);
    expect(isEmptyValue({ a: false }, 'selectboxes')).toBe(true);
    expect(isEmptyValue('00/00/0000', 'day')).toBe(true);
    expect(isEmptyValue([], 'file')).toBe(true);
  });

  it('checks printable ASCII and newlines only', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), (s) => {
        expect(isPrintableAscii(s)).toBe(/^[\x20-\x7e\r\n]*$/.test(s));
      }),
    );
    expect(hasOnlyAsciiText({ a: ['ok', { b: 'caf\u00e9' }] })).toBe(false);
  });

  it('follows the spec 1 §5 phone rule', () => {
    expect(PHONE_PATTERN.test('+(555) 123-456789')).toBe(true);
    expect(PHONE_PATTERN.test('555 123 456')).toBe(false);
  });

  it('normalises numeric text and reports unknown types', () => {
    const form = build([{ type: 'number', key: 'n' }]);
    const check = compileValueChecker(form.components[0] as never, 'N');
    expect(check(' 42 ')).toEqual({ ok: true, value: 42 });
    const unknown = compileValueChecker({ type: 'tags', key: 'g' } as never, 'G')(1);
    expect(unknown.ok === false && unknown.issues[0]?.code).toBe('unknownType');
  });

  it('caps system-field length rules', () => {
    const rules = compileTextRules({ maxLength: 500 }, 'Name', undefined, 100);
    expect(rules('x'.repeat(101))?.code).toBe('maxLength');
  });
});
