import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { END_USER_ROLES, type EndUserRole, EU_PERMISSIONS, type EuPermission } from './field-types';
import { build } from './fixtures/build-form';
import { maskValue } from './masking';
import { isFieldEditable } from './permissions';
import { validateSubmission } from './validate-submission';

const EXPECTED: Record<EuPermission, Record<EndUserRole, boolean>> = {
  editTableByPrimaryOwner: { primaryOwnerEndUser: true, sharedOwnerEndUser: false, sharedOwnerEndUserSubmitNew: false },
  editTableByShareOwner: { primaryOwnerEndUser: false, sharedOwnerEndUser: true, sharedOwnerEndUserSubmitNew: true },
  editTableByAllOwner: { primaryOwnerEndUser: true, sharedOwnerEndUser: true, sharedOwnerEndUserSubmitNew: true },
  noneEditTableForAll: { primaryOwnerEndUser: false, sharedOwnerEndUser: false, sharedOwnerEndUserSubmitNew: false },
};

describe('isFieldEditable', () => {
  for (const permission of EU_PERMISSIONS) {
    for (const role of END_USER_ROLES) {
      it(`${permission} for ${role} is ${EXPECTED[permission][role]}`, () => {
        expect(isFieldEditable({ key: 'x', euPermission: permission }, role)).toBe(EXPECTED[permission][role]);
      });
    }
  }

  it('lets every owner edit a field without euPermission', () => {
    for (const role of END_USER_ROLES) expect(isFieldEditable({ key: 'x' }, role)).toBe(true);
  });

  it('keeps system fields to the primary owner', () => {
    expect(isFieldEditable({ key: 'Email' }, 'primaryOwnerEndUser')).toBe(true);
    expect(isFieldEditable({ key: 'Email', euPermission: 'editTableByAllOwner' }, 'sharedOwnerEndUser')).toBe(false);
    expect(isFieldEditable({ key: 'other', isSystemField: true }, 'sharedOwnerEndUserSubmitNew')).toBe(false);
  });

  it('makes encrypted fields read-only except for the submit-new role', () => {
    expect(isFieldEditable({ key: 'ssn', euEncrypted: true }, 'primaryOwnerEndUser')).toBe(false);
    expect(isFieldEditable({ key: 'ssn', euEncrypted: true }, 'sharedOwnerEndUser')).toBe(false);
    expect(isFieldEditable({ key: 'ssn', euEncrypted: true }, 'sharedOwnerEndUserSubmitNew')).toBe(true);
  });

  it('never lets end users change a disabled field', () => {
    expect(isFieldEditable({ key: 'x', disabled: true }, 'primaryOwnerEndUser')).toBe(false);
  });
});

describe('validateSubmission with an end-user role', () => {
  const form = build([
    { type: 'textfield', key: 'primaryOnly', label: 'Primary only', euPermission: 'editTableByPrimaryOwner' },
    { type: 'textfield', key: 'sharedOnly', label: 'Shared only', euPermission: 'editTableByShareOwner' },
    { type: 'textfield', key: 'ssn', label: 'SSN', euEncrypted: true },
    { type: 'number', key: 'score', label: 'Score', euPermission: 'noneEditTableForAll' },
    { type: 'textfield', key: 'Firstname', label: 'First Name', validate: { required: true, maxLength: 100 } },
  ]);
  const previousData = { primaryOnly: 'p', sharedOnly: 's', ssn: '123-45-6789', score: 7, Firstname: 'Jane' };

  it('refuses a change to a field the role may not edit, naming it', () => {
    const result = validateSubmission(
      form,
      { ...previousData, primaryOnly: 'changed', Firstname: 'Janet' },
      { role: 'sharedOwnerEndUser', previousData },
    );
    expect(result.errors).toEqual([
      { path: 'primaryOnly', code: 'notEditable', message: MESSAGES.fieldNotEditable('Primary only') },
      { path: 'Firstname', code: 'notEditable', message: MESSAGES.fieldNotEditable('First Name') },
    ]);
    expect(result.data.primaryOnly).toBe('p');
  });

  it('accepts unchanged read-only values, numeric text included, and keeps omitted ones', () => {
    const result = validateSubmission(
      form,
      { sharedOnly: 'new', score: '7' },
      { role: 'sharedOwnerEndUser', previousData },
    );
    expect(result.errors).toEqual([]);
    expect(result.data).toEqual({ ...previousData, sharedOnly: 'new' });
  });

  it('treats a masked encrypted value as unchanged and keeps the stored value', () => {
    const result = validateSubmission(
      form,
      { ...previousData, ssn: maskValue(previousData.ssn) },
      { role: 'primaryOwnerEndUser', previousData },
    );
    expect(result.errors).toEqual([]);
    expect(result.data.ssn).toBe('123-45-6789');
    const changed = validateSubmission(
      form,
      { ...previousData, ssn: '999-99-9999' },
      { role: 'primaryOwnerEndUser', previousData },
    );
    expect(changed.errors.map((e) => [e.path, e.code])).toEqual([['ssn', 'notEditable']]);
  });

  it('lets the submit-new role fill in encrypted fields', () => {
    const result = validateSubmission(
      form,
      { sharedOnly: 's', ssn: '111-22-3333' },
      { role: 'sharedOwnerEndUserSubmitNew', previousData: { Firstname: 'Jane' } },
    );
    expect(result.errors).toEqual([]);
    expect(result.data.ssn).toBe('111-22-3333');
  });

  it('checks nothing about roles without one', () => {
    expect(validateSubmission(form, { ...previousData, score: 1, Firstname: 'Al' }).errors).toEqual([]);
  });
});
