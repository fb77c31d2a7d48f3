import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import { type DictionaryEntry, formFromMapping } from '../templates/form-from-mapping';
import { PdfFieldSchema } from '../templates/pdf-field.schema';
import { STARTER_DICTIONARY } from '../templates/starter-dictionary';
import { build } from './fixtures/build-form';
import { validateSubmission } from './validate-submission';

/** The starter dictionary's identifier entries, as a master form made from it gets them (decision 030). */
const entry = (name: string) => {
  const found = STARTER_DICTIONARY.find((e) => e.name === name);
  if (!found) throw new Error(name);
  return found;
};
const field = (name: string) => {
  const e = entry(name);
  const validate: Record<string, unknown> = { minLength: e.minLength, maxLength: e.maxLength };
  const pattern = (e.data as { pattern?: string } | undefined)?.pattern;
  if (pattern) validate.pattern = pattern;
  return { type: 'textfield', key: e.name, label: e.label, euEncrypted: e.encrypted === true, validate };
};
const form = build([
  field('federal_tax_id'),
  field('owner1_ssn'),
  field('owner1_phone'),
  field('bank_routing_number'),
  field('bank_account_number'),
  { type: 'phoneNumber', key: 'PhoneNumber', label: 'Phone Number' },
]);
const check = (data: Record<string, unknown>) => validateSubmission(form, data, { partial: true });

/** Separators people put between digits. */
const separator = fc.constantFrom('', ' ', '-', '.', ' - ', '  ');
/** The digits written with a separator (or none) after each one. */
const written = (digits: string) =>
  fc
    .array(separator, { minLength: digits.length, maxLength: digits.length })
    .map((seps) => [...digits].map((d, i) => d + (i < digits.length - 1 ? seps[i] : '')).join(''));
const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));

describe('numbers written the ways people write them (issue 21)', () => {
  it('accepts the examples of the issue and stores them normalised', () => {
    const r = check({
      federal_tax_id: '12-3456789',
      owner1_ssn: '123 45 6789',
      owner1_phone: '(555) 123-4567',
      bank_routing_number: '021 000 021',
      bank_account_number: '0001-2345-6789',
      PhoneNumber: '555.123.4567',
    });
    expect(r.errors).toEqual([]);
    expect(r.data).toEqual({
      federal_tax_id: '123456789',
      owner1_ssn: '123-45-6789',
      owner1_phone: '555-123-4567',
      bank_routing_number: '021000021',
      bank_account_number: '000123456789',
      PhoneNumber: '(555) 123-4567',
    });
    expect(check({ PhoneNumber: '+1 555 123 4567' }).data.PhoneNumber).toBe('+1 (555) 123-4567');
    expect(check({ owner1_phone: '+1 (555) 123-4567' }).data.owner1_phone).toBe('555-123-4567');
  });

  it("another country's number written with + is never rewritten as a US +1 number", () => {
    // a draft stores it (valid or kept as typed): exactly as written
    const stored = validateSubmission(
      form,
      { PhoneNumber: '+65 6123 4567', owner1_phone: '+65 6123 4567' },
      { partial: true, keepTyped: true },
    ).data;
    expect(stored.PhoneNumber).toBe('+65 6123 4567');
    expect(stored.owner1_phone).toBe('+65 6123 4567');
  });

  it('an EIN of 9 digits is accepted however its digits are separated, and stored as the 9 digits', () => {
    fc.assert(
      fc.property(
        digits(9).chain((d) => written(d).map((w) => [d, w] as const)),
        ([d, w]) => {
          const r = check({ federal_tax_id: w, bank_routing_number: w });
          expect(r.errors).toEqual([]);
          expect(r.data).toEqual({ federal_tax_id: d, bank_routing_number: d });
        },
      ),
    );
  });

  it('an SSN is stored as AAA-GG-SSSS however it was written', () => {
    const issued = fc
      .tuple(fc.integer({ min: 1, max: 899 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }))
      .filter(([a]) => a !== 666)
      .map(([a, g, s]) => `${String(a).padStart(3, '0')}${String(g).padStart(2, '0')}${String(s).padStart(4, '0')}`);
    fc.assert(
      fc.property(
        issued.chain((d) => written(d).map((w) => [d, w] as const)),
        ([d, w]) => {
          const r = check({ owner1_ssn: w });
          expect(r.errors).toEqual([]);
          expect(r.data.owner1_ssn).toBe(`${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`);
        },
      ),
    );
  });

  it('a wrong number of digits (or letters) is refused with the form expected and an example, never a count', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 20 })
          .filter((n) => n !== 9)
          .chain(digits)
          .chain(written),
        (w) => {
          const r = check({ federal_tax_id: w });
          expect(r.errors).toEqual([
            { path: 'federal_tax_id', code: expect.any(String), message: MESSAGES.formatEin('Federal Tax ID (EIN)') },
          ]);
        },
      ),
    );
    expect(MESSAGES.formatEin('EIN')).toBe('EIN must be 9 digits, like 12-3456789');
    const r = check({
      owner1_ssn: '912-34-5678',
      owner1_phone: '555-1234',
      bank_routing_number: '12345678a',
      bank_account_number: '123',
      PhoneNumber: '12-34',
    });
    expect(r.errors.map((e) => [e.path, e.message])).toEqual([
      ['owner1_ssn', MESSAGES.formatSsn('Owner 1 Social Security Number')],
      ['owner1_phone', MESSAGES.formatPhone('Owner 1 phone')],
      ['bank_routing_number', MESSAGES.formatRouting('Bank routing number')],
      ['bank_account_number', MESSAGES.formatBankAccount('Bank account number')],
      ['PhoneNumber', MESSAGES.formatContactNumber('Phone Number')],
    ]);
    for (const e of r.errors) expect(e.message).toMatch(/like /);
  });

  it('a master form made from the starter dictionary gets the formats', () => {
    const ein = { ...entry('federal_tax_id'), id: 'd0' } as DictionaryEntry;
    const made = formFromMapping(
      [
        PdfFieldSchema.parse({
          id: 'tax',
          key: 'tax',
          type: 'text',
          page: 1,
          x: 40,
          y: 40,
          width: 200,
          height: 18,
          bindingField: { key: ein.name, type: 'textfield', dictionaryId: ein.id },
        }),
      ],
      [ein],
    );
    const r = validateSubmission(made.form, { federal_tax_id: '12-3456789' }, { partial: true });
    expect(r.errors).toEqual([]);
    expect(r.data.federal_tax_id).toBe('123456789');
  });
});
