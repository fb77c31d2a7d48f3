import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build } from './fixtures/build-form';
import { validateSubmission } from './validate-submission';

/** The options the applicant's drafts and owners' parts use (issue 12; decision 036). */
const form = build([
  { type: 'textfield', key: 'name', label: 'Name', validate: { required: true, maxLength: 5 } },
  {
    type: 'textfield',
    key: 'mine',
    label: 'Mine',
    euPermission: 'editTableByPrimaryOwner',
    validate: { required: true },
  },
  {
    type: 'textfield',
    key: 'theirs',
    label: 'Theirs',
    euPermission: 'editTableByShareOwner',
    validate: { required: true },
  },
  { type: 'textfield', key: 'ssn', label: 'SSN', euEncrypted: true, validate: { required: true } },
  {
    type: 'textfield',
    key: 'odd',
    label: 'Odd',
    validate: { custom: { '==': [{ var: 'input' }, 'odd'] } },
  },
  {
    type: 'address',
    key: 'addr',
    label: 'Address',
    components: [{ type: 'textfield', key: 'city', label: 'City', validate: { required: true } }],
  },
]);

describe('validateSubmission for drafts and owners', () => {
  it('partial: required fields are not enforced, every other rule is', () => {
    const empty = validateSubmission(form, {}, { role: 'primaryOwnerEndUser', partial: true, unsubmitted: true });
    expect(empty.errors).toEqual([]);
    const full = validateSubmission(form, {}, { role: 'primaryOwnerEndUser', unsubmitted: true });
    expect(full.errors.map((e) => e.path).sort()).toEqual(['mine', 'name', 'odd', 'ssn', 'theirs']);
    const tooLong = validateSubmission(form, { name: 'toolong', addr: { city: '' } }, { partial: true });
    expect(tooLong.errors.map((e) => [e.path, e.code])).toEqual([['name', 'maxLength']]);
  });

  it('partial: a write to a field the role may not edit is still refused by path', () => {
    const r = validateSubmission(form, { mine: 'x' }, { role: 'sharedOwnerEndUser', partial: true, previousData: {} });
    expect(r.errors.map((e) => [e.path, e.code])).toEqual([['mine', 'notEditable']]);
  });

  it('requiredOnlyEditable: an owner answers only for the required fields their role may edit', () => {
    const shared = validateSubmission(form, {}, { role: 'sharedOwnerEndUser', requiredOnlyEditable: true });
    expect(shared.errors.map((e) => e.path).sort()).toEqual(['name', 'odd', 'theirs']);
    const primary = validateSubmission(form, {}, { role: 'primaryOwnerEndUser', requiredOnlyEditable: true });
    expect(primary.errors.map((e) => e.path).sort()).toEqual(['mine', 'name', 'odd']);
  });

  it('unsubmitted: encrypted fields follow euPermission; once submitted they are read-only', () => {
    const open = validateSubmission(
      form,
      { ssn: '123456789' },
      { role: 'primaryOwnerEndUser', partial: true, unsubmitted: true },
    );
    expect(open.errors).toEqual([]);
    expect(open.data.ssn).toBe('123456789');
    const closed = validateSubmission(form, { ssn: '123456789' }, { role: 'primaryOwnerEndUser', partial: true });
    expect(closed.errors.map((e) => [e.path, e.code])).toEqual([['ssn', 'notEditable']]);
  });

  it('a masked value keeps the stored one', () => {
    const r = validateSubmission(
      form,
      { ssn: '*******89' },
      { role: 'primaryOwnerEndUser', partial: true, unsubmitted: true, previousData: { ssn: '123456789' } },
    );
    expect(r.data.ssn).toBe('123456789');
  });

  it('an address with encrypted parts: a masked part keeps the stored part, another mask is no value (review of #12)', () => {
    const address = build([
      {
        type: 'address',
        key: 'home',
        label: 'Home',
        components: [
          { type: 'textfield', key: 'address1', label: 'Street', euEncrypted: true },
          { type: 'textfield', key: 'city', label: 'City' },
        ],
      },
    ]);
    const stored = { home: { mode: 'manual', address: { address1: '1 Secret Road', city: 'Town' } } };
    const opts = { role: 'primaryOwnerEndUser' as const, partial: true, unsubmitted: true, previousData: stored };
    // what the browser got: the part masked (spec 1 §5), sent back with a changed city
    const sent = { home: { mode: 'manual', address: { address1: '*********Road', city: 'City' } } };
    const kept = validateSubmission(address, sent, opts);
    expect(kept.errors).toEqual([]);
    expect(kept.data.home).toEqual({ mode: 'manual', address: { address1: '1 Secret Road', city: 'City' } });
    // a mask that is not the stored part's is never stored as text
    const foreign = { home: { mode: 'manual', address: { address1: '***et Road', city: 'Town' } } };
    const dropped = validateSubmission(address, foreign, opts);
    expect((dropped.data.home as { address: Record<string, unknown> }).address.address1).toBeUndefined();
    // a new part is taken as typed
    const typed = { home: { mode: 'manual', address: { address1: '2 Other Road', city: 'Town' } } };
    expect(
      (validateSubmission(address, typed, opts).data.home as { address: Record<string, unknown> }).address,
    ).toEqual({ address1: '2 Other Road', city: 'Town' });
  });

  it('in the browser, a stored encrypted value known only masked passes its format rules unchanged', () => {
    // the web validates with the data it was sent: the mask (the server opens the real value and checks that)
    const pattern = build([
      {
        type: 'textfield',
        key: 'ein',
        label: 'EIN',
        euEncrypted: true,
        validate: { required: true, pattern: '[0-9]{9}' },
      },
    ]);
    const masked = { ein: '*******21' };
    const r = validateSubmission(pattern, masked, {
      role: 'primaryOwnerEndUser',
      unsubmitted: true,
      previousData: masked,
    });
    expect(r.errors).toEqual([]);
    expect(r.data.ein).toBe('*******21');
    // a new value is still checked, and a mask that is not the stored one is no value at all
    const typed = validateSubmission(pattern, { ein: 'abc' }, { role: 'primaryOwnerEndUser', unsubmitted: true });
    expect(typed.errors.map((e) => e.path)).toEqual(['ein']);
    const foreign = validateSubmission(pattern, masked, { role: 'primaryOwnerEndUser', unsubmitted: true });
    expect(foreign.errors.map((e) => [e.path, e.code])).toEqual([['ein', 'required']]);
  });
});

/** Groups and hidden fields must not open fields to a role that may not change them (review of issue 12). */
describe('validateSubmission: groups and hidden fields keep what the role may not change', () => {
  const groups = build([
    { type: 'textfield', key: 'show', label: 'Show' },
    {
      type: 'datagrid',
      key: 'rows',
      label: 'Rows',
      components: [
        { type: 'textfield', key: 'who', label: 'Who' },
        { type: 'textfield', key: 'bank', label: 'Bank', euPermission: 'editTableByPrimaryOwner' },
      ],
    },
    {
      type: 'container',
      key: 'box',
      label: 'Box',
      components: [{ type: 'textfield', key: 'ein', label: 'EIN', euPermission: 'editTableByPrimaryOwner' }],
    },
    {
      type: 'textfield',
      key: 'secret',
      label: 'Secret',
      euPermission: 'editTableByPrimaryOwner',
      clearOnHide: false,
      conditional: { show: true, when: 'show', eq: 'yes' },
    },
  ]);
  const stored = {
    show: 'yes',
    rows: [
      { who: 'a', bank: 'A-1' },
      { who: 'b', bank: 'B-2' },
    ],
    box: { ein: '12-3456789' },
    secret: 's1',
  };
  const shared = { role: 'sharedOwnerEndUser' as const, previousData: stored, partial: true, unsubmitted: true };

  it('refuses emptying a grid or a container that holds values the role may not change, and keeps them', () => {
    for (const data of [
      { ...stored, rows: [] },
      { ...stored, rows: null },
      { ...stored, box: null },
    ]) {
      const r = validateSubmission(groups, data, shared);
      expect(r.errors.map((e) => e.code)).toEqual(['notEditable']);
      expect(r.data.rows).toEqual(stored.rows);
      expect(r.data.box).toEqual(stored.box);
    }
  });

  it('refuses removing a row that holds such a value (at the end or in the middle)', () => {
    const tail = validateSubmission(groups, { ...stored, rows: [stored.rows[0]] }, shared);
    expect(tail.errors).toEqual([expect.objectContaining({ path: 'rows', code: 'notEditable' })]);
    expect(tail.data.rows).toEqual(stored.rows);
    const middle = validateSubmission(groups, { ...stored, rows: [stored.rows[1]] }, shared);
    expect(middle.valid).toBe(false);
  });

  it('the primary may still remove rows, and a role edits its own column', () => {
    const primary = validateSubmission(
      groups,
      { ...stored, rows: [stored.rows[0]] },
      { ...shared, role: 'primaryOwnerEndUser' },
    );
    expect(primary.errors).toEqual([]);
    const own = validateSubmission(
      groups,
      {
        ...stored,
        rows: [
          { who: 'x', bank: 'A-1' },
          { who: 'y', bank: 'B-2' },
        ],
      },
      shared,
    );
    expect(own.errors).toEqual([]);
    expect(own.data.rows).toEqual([
      { who: 'x', bank: 'A-1' },
      { who: 'y', bank: 'B-2' },
    ]);
  });

  it('hiding a field does not open it: a different value is refused by path and the stored one kept', () => {
    const r = validateSubmission(groups, { ...stored, show: 'no', secret: 'changed' }, shared);
    expect(r.errors).toEqual([expect.objectContaining({ path: 'secret', code: 'notEditable' })]);
    expect(r.data.secret).toBe('s1');
    const same = validateSubmission(groups, { ...stored, show: 'no' }, shared);
    expect(same.errors).toEqual([]);
    expect(same.data.secret).toBe('s1');
  });
});

describe('validateSubmission: a mask stands for the value stored at its own place only', () => {
  const grid = build([
    {
      type: 'datagrid',
      key: 'accounts',
      label: 'Accounts',
      components: [{ type: 'textfield', key: 'number', label: 'Account number', euEncrypted: true }],
    },
  ]);
  const stored = { accounts: [{ number: '111111111' }, { number: '222222222' }] };
  const ctx = { role: 'primaryOwnerEndUser' as const, previousData: stored, partial: true, unsubmitted: true };

  it('keeps a row’s value for its own mask, and never takes another row’s value for a mask that moved', () => {
    const kept = validateSubmission(grid, { accounts: [{ number: '*******11' }, { number: '*******22' }] }, ctx);
    expect(kept.data.accounts).toEqual(stored.accounts);
    // the first row removed: the second row's mask now sits in row 0, whose stored value is another number
    const moved = validateSubmission(grid, { accounts: [{ number: '*******22' }] }, ctx);
    expect(moved.data.accounts).toEqual([{}]);
  });
});

describe('keepTyped: a draft stores what was typed, valid or not (issue 21)', () => {
  const typed = build([
    {
      type: 'textfield',
      key: 'ein',
      label: 'Federal Tax ID (EIN)',
      euEncrypted: true,
      validate: { minLength: 9, maxLength: 9, pattern: '\\d{9}' },
    },
    { type: 'number', key: 'years', label: 'Years', validate: { min: 0, max: 300 } },
    { type: 'email', key: 'mail', label: 'Mail' },
    { type: 'textfield', key: 'odd', label: 'Odd', validate: { custom: { '==': [{ var: 'input' }, 'odd'] } } },
    { type: 'select', key: 'pick', label: 'Pick', data: { values: [{ label: 'A', value: 'a' }] } },
    { type: 'textfield', key: 'mine', label: 'Mine', euPermission: 'editTableByPrimaryOwner' },
  ]);
  const draft = { role: 'primaryOwnerEndUser' as const, partial: true, unsubmitted: true, keepTyped: true };

  it('keeps invalid values as typed and names their problems in kept; submit refuses them', () => {
    const data = { ein: '12-345678', years: 'ten', mail: 'not mail', odd: 'even' };
    const r = validateSubmission(typed, data, draft);
    expect(r.valid).toBe(true);
    expect(r.errors).toEqual([]);
    expect(r.data).toEqual(data);
    expect(r.kept.map((e) => [e.path, e.code])).toEqual([
      ['ein', 'pattern'],
      ['years', 'number'],
      ['mail', 'email'],
      ['odd', 'custom'],
    ]);
    expect(r.kept[0]?.message).toBe('Federal Tax ID (EIN) must be 9 digits, like 12-3456789');
    const submit = validateSubmission(typed, r.data, { role: 'primaryOwnerEndUser', unsubmitted: true });
    expect(submit.valid).toBe(false);
    expect(submit.errors.map((e) => e.path)).toEqual(['ein', 'years', 'mail', 'odd']);
  });

  it('a valid value is stored normalised, as before', () => {
    const r = validateSubmission(typed, { ein: '12-3456789', years: '7' }, draft);
    expect(r.data).toEqual({ ein: '123456789', years: 7 });
    expect(r.kept).toEqual([]);
  });

  it('still refuses what protects the server: wrong types, oversized text, options not offered, locked fields', () => {
    const wrongType = validateSubmission(typed, { ein: { a: 1 } }, draft);
    expect(wrongType.errors.map((e) => [e.path, e.code])).toEqual([['ein', 'type']]);
    const huge = validateSubmission(typed, { odd: 'x'.repeat(100_001) }, draft);
    expect(huge.errors.map((e) => [e.path, e.code])).toEqual([['odd', 'tooLong']]);
    const option = validateSubmission(typed, { pick: 'zzz' }, draft);
    expect(option.errors.map((e) => [e.path, e.code])).toEqual([['pick', 'option']]);
    const locked = validateSubmission(typed, { mine: 'x' }, { ...draft, role: 'sharedOwnerEndUser' as const });
    expect(locked.errors.map((e) => [e.path, e.code])).toEqual([['mine', 'notEditable']]);
  });

  it('any text typed into a formatted field is kept (property; asterisks are a mask, spec 1 §5)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((t) => !t.includes('*')),
        (text) => {
          const r = validateSubmission(typed, { ein: text, odd: text }, draft);
          expect(r.errors).toEqual([]);
          if (text !== '') {
            expect(r.data.odd).toBe(text);
            expect(typeof r.data.ein).toBe('string');
          }
        },
      ),
    );
  });
});
