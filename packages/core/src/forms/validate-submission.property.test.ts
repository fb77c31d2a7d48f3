import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBMISSION_ERROR_CODES } from './field-values';
import { build } from './fixtures/build-form';
import { buildLargeForm, largeFormData } from './fixtures/large-form';
import { validateSubmission } from './validate-submission';

const options = [
  { label: 'A', value: 'a' },
  { label: 'B', value: 'b' },
  { label: 'C', value: 'c' },
];

const form = build([
  { type: 'textfield', key: 'text', validate: { required: true, maxLength: 40 } },
  { type: 'textarea', key: 'area', validate: { maxWords: 20 } },
  { type: 'email', key: 'email', validate: { required: true } },
  { type: 'phoneNumber', key: 'phone' },
  { type: 'number', key: 'count', validate: { min: 0, max: 1000, integer: true } },
  { type: 'currency', key: 'amount', currency: 'USD' },
  { type: 'checkbox', key: 'agree' },
  { type: 'selectboxes', key: 'boxes', values: options },
  { type: 'select', key: 'pick', data: { values: options } },
  { type: 'radio', key: 'radio', values: options },
  { type: 'datetime', key: 'when' },
  { type: 'day', key: 'day' },
  { type: 'time', key: 'time' },
  {
    type: 'panel',
    key: 'p',
    components: [{ type: 'textfield', key: 'inPanel', conditional: { show: true, when: 'pick', eq: 'a' } }],
  },
]);

const ascii = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'abcdefghij XYZ0123456789.,-'), maxLength });
const validData = fc.record({
  text: ascii(40).filter((s) => s.trim() !== '' && s !== ''),
  area: fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 20 }).map((w) => w.join(' ')),
  email: fc
    .tuple(
      fc.stringMatching(/^[a-z0-9]{1,10}$/),
      fc.stringMatching(/^[a-z]{1,10}$/),
      fc.constantFrom('com', 'io', 'bank'),
    )
    .map(([user, domain, tld]) => `${user}@${domain}.${tld}`),
  phone: fc.stringMatching(/^\d{3}-\d{3}-\d{4}$/),
  count: fc.integer({ min: 0, max: 1000 }),
  amount: fc.integer({ min: -1e8, max: 1e8 }).map((cents) => cents / 100),
  agree: fc.boolean(),
  boxes: fc.record({ a: fc.boolean(), b: fc.boolean(), c: fc.boolean() }),
  pick: fc.constantFrom('a', 'b', 'c'),
  radio: fc.constantFrom('a', 'b', 'c'),
  when: fc
    .date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  day: fc
    .date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
    .map(
      (d) =>
        `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`,
    ),
  time: fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  inPanel: ascii(20),
});

const CODES: ReadonlySet<string> = new Set(SUBMISSION_ERROR_CODES);

describe('validateSubmission properties', () => {
  it('accepts any valid generated data', () => {
    fc.assert(
      fc.property(validData, (data) => {
        const result = validateSubmission(form, data);
        expect(result.errors).toEqual([]);
        if (data.pick !== 'a') expect(result.data).not.toHaveProperty('inPanel');
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent: its output validates to itself', () => {
    fc.assert(
      fc.property(validData, (data) => {
        const first = validateSubmission(form, data);
        expect(validateSubmission(form, first.data).data).toEqual(first.data);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on junk and names every error by a field path with a known code', () => {
    const keys = [
      'text',
      'area',
      'email',
      'phone',
      'count',
      'amount',
      'agree',
      'boxes',
      'pick',
      'radio',
      'when',
      'day',
      'time',
      'inPanel',
      '__proto__',
      'x',
    ];
    const junk = fc.dictionary(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(
        fc.oneof(junk, fc.jsonValue({ maxDepth: 3 })),
        fc.constantFrom('primaryOwnerEndUser', 'sharedOwnerEndUser', undefined),
        (data, role) => {
          const result = validateSubmission(form, data, role ? { role, previousData: {} } : {});
          expect(result.valid).toBe(result.errors.length === 0);
          for (const error of result.errors) {
            expect(CODES.has(error.code)).toBe(true);
            expect(error.path === '' || keys.includes(error.path.split(/[.[]/)[0] as string)).toBe(true);
            expect(error.message.length).toBeGreaterThan(0);
          }
          for (const key of Object.keys(result.data)) expect(keys).toContain(key);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('validateSubmission timing (printed, not asserted)', () => {
  it('validates a 300-field form with conditions and calculated values', () => {
    const large = buildLargeForm();
    const data = largeFormData();
    const first = validateSubmission(large, data);
    expect(first.errors).toEqual([]);
    expect(first.data.total0).toBeCloseTo(19.99);
    const now = () => (globalThis as unknown as { performance: { now(): number } }).performance.now();
    for (let i = 0; i < 200; i++) validateSubmission(large, data);
    const samples: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const started = now();
      validateSubmission(large, data);
      samples.push(now() - started);
    }
    samples.sort((a, b) => a - b);
    const median = samples[500] as number;
    const p95 = samples[950] as number;
    // Core has no DOM or Node typings; the runner provides console.
    (globalThis as unknown as { console: { log: (line: string) => void } }).console.log(
      `validateSubmission, 300 fields: median ${median.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms`,
    );
  });
});
