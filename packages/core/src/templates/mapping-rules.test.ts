import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY_PATTERN } from '../forms/component.schema';
import {
  checkMapping,
  cloneName,
  defaultFieldSize,
  isBindingAllowed,
  isImageUrl,
  isTypeMatch,
  keepFieldsOnPages,
  toKey,
  typeMismatchMessage,
} from './mapping-rules';
import { type PdfField, PdfFieldSchema } from './pdf-field.schema';

const field = (over: Partial<PdfField> & Pick<PdfField, 'key'>): PdfField =>
  PdfFieldSchema.parse({ id: over.key, type: 'text', page: 1, x: 10, y: 10, width: 200, height: 18, ...over });
const pages = [
  { page: 1, width: 612, height: 792, rotation: 0 },
  { page: 2, width: 792, height: 612, rotation: 90 },
];

describe('type matches (spec 1 §5)', () => {
  it.each([
    ['number', 'number'],
    ['date', 'datetime'],
    ['text', 'textfield'],
    ['text', 'email'],
    ['text', 'phoneNumber'],
    ['text', 'select'],
    ['text', 'radio'],
    ['radio', 'radio'],
    ['radio', 'select'],
    ['radio', 'textfield'],
    ['checkboxList', 'selectboxes'],
    ['image', 'file'],
    ['signature', 'signature'],
    ['checkbox', 'checkbox'],
  ] as const)('%s matches %s', (pdf, form) => expect(isTypeMatch(pdf, form)).toBe(true));

  it.each([
    ['number', 'textfield'],
    ['date', 'day'],
    ['text', 'checkbox'],
    ['checkbox', 'selectboxes'],
    ['image', 'signature'],
    ['signature', 'file'],
    ['checkboxList', 'checkbox'],
  ] as const)('%s does not match %s', (pdf, form) => expect(isTypeMatch(pdf, form)).toBe(false));

  it('a mismatch message names both types as people say them', () => {
    expect(typeMismatchMessage('checkbox', 'textfield')).toBe(
      'A Checkbox field of the PDF cannot take its value from a Text field.',
    );
    expect(typeMismatchMessage('text', 'datetime')).toBe(
      'A Text field of the PDF cannot take its value from a Date field.',
    );
    expect(typeMismatchMessage('checkboxList', 'checkbox')).toContain('Checkbox list');
    for (const raw of ['datetime', 'textfield', 'checkboxList', 'selectboxes'])
      expect(typeMismatchMessage('checkboxList', 'selectboxes')).not.toContain(raw);
  });

  it('a lone checkbox may stand for one choice of a radio or checkbox list, nothing else new', () => {
    expect(isBindingAllowed('checkbox', 'radio')).toBe(true);
    expect(isBindingAllowed('checkbox', 'selectboxes')).toBe(true);
    expect(isBindingAllowed('checkbox', 'textfield')).toBe(false);
    expect(isBindingAllowed('text', 'checkbox')).toBe(false);
    expect(isBindingAllowed('date', 'textfield')).toBe(false);
  });
});

describe('defaults and names', () => {
  it('sizes: 200x18, and 25x25 for checkbox, checkbox list and radio', () => {
    for (const t of ['text', 'number', 'currency', 'date', 'signature', 'image'] as const)
      expect(defaultFieldSize(t)).toEqual({ width: 200, height: 18 });
    for (const t of ['checkbox', 'checkboxList', 'radio'] as const)
      expect(defaultFieldSize(t)).toEqual({ width: 25, height: 25 });
  });

  it('only png, jpeg and jpg URLs are images', () => {
    expect(isImageUrl('https://x.test/a.png')).toBe(true);
    expect(isImageUrl('https://x.test/a.JPG?sig=1')).toBe(true);
    expect(isImageUrl('https://x.test/a.jpeg#x')).toBe(true);
    expect(isImageUrl('data:image/png;base64,AAAA')).toBe(true);
    expect(isImageUrl('https://x.test/a.gif')).toBe(false);
    expect(isImageUrl('https://x.test/a.svg')).toBe(false);
    expect(isImageUrl('https://x.test/png')).toBe(false);
    expect(isImageUrl('data:image/svg+xml;base64,AAAA')).toBe(false);
  });

  it('clone names take the _Copy suffix, numbered while taken', () => {
    expect(cloneName('Bank A')).toBe('Bank A_Copy');
    const taken = new Set(['Bank A_Copy', 'Bank A_Copy2']);
    expect(cloneName('Bank A', (n) => taken.has(n))).toBe('Bank A_Copy3');
  });

  it('keys are letters, digits and underscore, unique', () => {
    fc.assert(fc.property(fc.string(), (s) => KEY_PATTERN.test(toKey(s))));
    expect(toKey('Owner name (1)')).toBe('Owner_name_1');
    expect(toKey('1st')).toBe('_1st');
    expect(toKey('***')).toBe('field');
  });
});

describe('checkMapping', () => {
  it('accepts fields inside their pages, with radio boxes sharing a key', () => {
    const fields = [
      field({ key: 'name' }),
      field({ id: 'r1', key: 'kind', type: 'radio', optionValue: 'a', width: 25, height: 25 }),
      field({ id: 'r2', key: 'kind', type: 'radio', optionValue: 'b', width: 25, height: 25, x: 50 }),
      field({ key: 'wide', page: 2, x: 500, width: 200 }),
      field({ id: 'rep', key: 'name_again', type: 'replica', replicaOf: 'name' }),
    ];
    expect(checkMapping(fields, pages)).toEqual([]);
  });

  it('refuses fields outside the page, unknown pages, duplicate keys, mismatches and loose replicas', () => {
    const problems = checkMapping(
      [
        field({ key: 'a', x: 500 }),
        field({ key: 'b', page: 3 }),
        field({ id: 'c1', key: 'c' }),
        field({ id: 'c2', key: 'c' }),
        field({ key: 'd', type: 'checkbox', width: 25, height: 25, bindingField: { key: 'd', type: 'textfield' } }),
        field({ key: 'e', type: 'replica', replicaOf: 'nope' }),
      ],
      pages,
    );
    expect(problems.map((p) => p.path)).toEqual([
      'data.0',
      'data.1.page',
      'data.3.key',
      'data.4.bindingField',
      'data.5.replicaOf',
    ]);
    expect(problems[2]?.message).toBe('This key already existed.');
  });

  it('keeps fields on pages a replacement still has', () => {
    const { kept, removed } = keepFieldsOnPages(
      [field({ key: 'a' }), field({ key: 'b', page: 2, x: 700 })],
      pages.slice(0, 1),
    );
    expect(kept.map((f) => f.key)).toEqual(['a']);
    expect(removed.map((f) => f.key)).toEqual(['b']);
  });
});
