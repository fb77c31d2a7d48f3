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
