import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { END_USER_ROLES, type EndUserRole, EU_PERMISSIONS, type EuPermission } from './field-types';
import { build } from './fixtures/build-form';
import { maskValue } from './masking';
import { canEditField, componentOwnerSection, isFieldEditable, ownerSectionOfKey } from './permissions';
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

describe('owner sections (decision 059)', () => {
  it('reads the owner a key names, and none from other keys', () => {
    expect(ownerSectionOfKey('owner1_ssn')).toBe(1);
    expect(ownerSectionOfKey('owner2_home_address')).toBe(2);
    expect(ownerSectionOfKey('owner_3')).toBe(3);
    expect(ownerSectionOfKey('Owner4Dob')).toBe(4);
    expect(ownerSectionOfKey('owner12_dob')).toBe(12);
    for (const key of ['ownership_percent', 'owners', 'owner', 'owner0_x', 'legal_name', 'co_owner2_ssn', 'owner_x2'])
      expect(ownerSectionOfKey(key)).toBeUndefined();
  });

  it("takes a field's own key first, else its nearest enclosing component's", () => {
    expect(componentOwnerSection({ key: 'dob' }, [{ key: 'page2' }, { key: 'owner3' }])).toBe(3);
    expect(componentOwnerSection({ key: 'owner2_dob' }, [{ key: 'owner3' }])).toBe(2);
    expect(componentOwnerSection({ key: 'dob' }, [{ key: 'owner_2' }, { key: 'details' }])).toBe(2);
    expect(componentOwnerSection({ key: 'legal_name' }, [{ key: 'page1' }])).toBeUndefined();
  });

  it('lets a shared owner write only in their own section; the primary follows euPermission alone', () => {
    const all = { euPermission: 'editTableByAllOwner' as const };
    const field = (ownerSection: number | undefined) => ({
      component: { key: 'x', ...all },
      editable: { primaryOwnerEndUser: true, sharedOwnerEndUser: true, sharedOwnerEndUserSubmitNew: true },
      encrypted: false,
      ownerSection,
    });
    for (const role of ['sharedOwnerEndUser', 'sharedOwnerEndUserSubmitNew'] as const) {
      expect(canEditField(field(2), { role, ownerSection: 2 })).toBe(true);
      expect(canEditField(field(1), { role, ownerSection: 2 })).toBe(false);
      expect(canEditField(field(3), { role, ownerSection: 2 })).toBe(false);
      expect(canEditField(field(undefined), { role, ownerSection: 2 })).toBe(true);
      // an owner without a section writes in none
      expect(canEditField(field(2), { role })).toBe(false);
    }
    for (const section of [1, 2, 3, undefined])
      expect(canEditField(field(section), { role: 'primaryOwnerEndUser', ownerSection: 1 })).toBe(true);
    expect(canEditField(field(1), { role: undefined })).toBe(true);
    // the role's rule still applies inside one's own section
    const sharedOnlyNot = { ...field(2), editable: { ...field(2).editable, sharedOwnerEndUser: false } };
    expect(canEditField(sharedOnlyNot, { role: 'sharedOwnerEndUser', ownerSection: 2 })).toBe(false);
  });

  describe('validateSubmission with an owner section', () => {
    const form = build([
      { type: 'textfield', key: 'legal_name', label: 'Legal name', euPermission: 'editTableByPrimaryOwner' },
      { type: 'textfield', key: 'website', label: 'Website', euPermission: 'editTableByAllOwner' },
      { type: 'datetime', key: 'owner1_dob', label: 'Owner 1 date of birth', euPermission: 'editTableByAllOwner' },
      {
        type: 'textfield',
        key: 'owner1_ssn',
        label: 'Owner 1 SSN',
        euEncrypted: true,
        euPermission: 'editTableByAllOwner',
      },
      {
        type: 'textfield',
        key: 'owner2_first_name',
        label: 'Owner 2 first name',
        euPermission: 'editTableByShareOwner',
        validate: { required: true },
      },
      {
        type: 'textfield',
        key: 'owner2_ssn',
        label: 'Owner 2 SSN',
        euEncrypted: true,
        euPermission: 'editTableByShareOwner',
      },
      {
        type: 'fieldset',
        key: 'owner3',
        label: 'Owner 3',
        components: [
          {
            type: 'textfield',
            key: 'third_first_name',
            label: 'Owner 3 first name',
            euPermission: 'editTableByShareOwner',
            validate: { required: true },
          },
        ],
      },
    ]);
    const previousData = { legal_name: "Joe's Diner", website: 'https://joe.example', owner1_dob: '1970-01-02' };
    const owner2 = { role: 'sharedOwnerEndUser' as const, ownerSection: 2, previousData, unsubmitted: true };

    it("refuses a co-owner's change to the primary's section and to another co-owner's, by path", () => {
      const result = validateSubmission(
        form,
        {
          ...previousData,
          owner1_dob: '1999-09-09',
          owner1_ssn: '123-45-6789',
          third_first_name: 'Mallory',
          owner2_first_name: 'Olive',
        },
        { ...owner2, partial: true },
      );
      expect(result.errors.map((e) => [e.path, e.code])).toEqual([
        ['owner1_dob', 'notEditable'],
        ['owner1_ssn', 'notEditable'],
        ['third_first_name', 'notEditable'],
      ]);
    });

    it('keeps what a co-owner writes in their own section and in fields all owners edit', () => {
      const result = validateSubmission(
        form,
        { ...previousData, website: 'https://diner.example', owner2_first_name: 'Olive', owner2_ssn: '987-65-4321' },
        { ...owner2, partial: true },
      );
      expect(result.errors).toEqual([]);
      expect(result.data).toMatchObject({ owner2_first_name: 'Olive', owner2_ssn: '987-65-4321' });
    });

    it("asks a co-owner completing their part for their own section's required fields only", () => {
      const result = validateSubmission(form, previousData, { ...owner2, requiredOnlyEditable: true });
      expect(result.errors.map((e) => [e.path, e.code])).toEqual([['owner2_first_name', 'required']]);
      const owner3 = validateSubmission(form, previousData, { ...owner2, ownerSection: 3, requiredOnlyEditable: true });
      expect(owner3.errors.map((e) => [e.path, e.code])).toEqual([['third_first_name', 'required']]);
    });

    it("leaves the primary to euPermission: their own section yes, the co-owners' shared-only fields no", () => {
      const primary = { role: 'primaryOwnerEndUser' as const, ownerSection: 1, previousData, unsubmitted: true };
      const mine = validateSubmission(
        form,
        { ...previousData, owner1_dob: '1971-03-04' },
        { ...primary, partial: true },
      );
      expect(mine.errors).toEqual([]);
      const theirs = validateSubmission(
        form,
        { ...previousData, owner2_first_name: 'X' },
        { ...primary, partial: true },
      );
      expect(theirs.errors.map((e) => [e.path, e.code])).toEqual([['owner2_first_name', 'notEditable']]);
    });
  });
});
