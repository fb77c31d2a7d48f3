import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { build } from './fixtures/build-form';
import wizard from './fixtures/wizard.formio.json';
import { importFormio } from './import-formio';
import { checkSystemFields, createSystemFieldComponent, isSystemField, SYSTEM_FIELDS } from './system-fields';
import { validateSubmission } from './validate-submission';

describe('system fields', () => {
  it('lists the five spec fields, CompanyName labelled DBA Name, and recordId', () => {
    expect(SYSTEM_FIELDS.map((f) => f.key)).toEqual([
      'Firstname',
      'Lastname',
      'PhoneNumber',
      'Email',
      'CompanyName',
      'recordId',
    ]);
    expect(SYSTEM_FIELDS.find((f) => f.key === 'CompanyName')?.label).toBe('DBA Name');
    expect(isSystemField({ key: 'recordId' })).toBe(true);
    expect(isSystemField({ key: 'other', isSystemField: true })).toBe(true);
    expect(isSystemField({ key: 'other' })).toBe(false);
  });

  it('finds them all in a complete form', () => {
    const form = importFormio(wizard).form;
    expect(form && checkSystemFields(form)).toEqual([]);
  });

  it('names each missing or weakened system field', () => {
    const form = build([
      ...SYSTEM_FIELDS.filter((f) => f.key !== 'Email' && f.key !== 'Lastname').map(createSystemFieldComponent),
      { type: 'textfield', key: 'Lastname', validate: { maxLength: 500 } },
    ]);
    expect(checkSystemFields(form)).toEqual([
      {
        path: 'components[4].validate.required',
        code: 'systemField',
        message: MESSAGES.systemFieldNotRequired('Last Name'),
      },
      {
        path: 'components[4].validate.maxLength',
        code: 'systemField',
        message: MESSAGES.systemFieldMaxLength('Last Name', 100),
      },
      { path: 'components', code: 'systemField', message: MESSAGES.systemFieldMissing('Email') },
    ]);
  });

  it('are required and at most 100 characters (recordId 30) whatever the form says; the hidden recordId is never required', () => {
    const form = build([
      { type: 'textfield', key: 'Firstname', label: 'First Name' },
      { type: 'hidden', key: 'recordId', label: 'recordId', disabled: true, validate: { required: true } },
    ]);
    // The portal sets recordId; an applicant could never fix "recordId is required" (issue 10).
    expect(validateSubmission(form, {}).errors.map((e) => [e.path, e.code])).toEqual([['Firstname', 'required']]);
    const long = validateSubmission(form, { Firstname: 'x'.repeat(101), recordId: 'r'.repeat(31) });
    expect(long.errors.map((e) => [e.path, e.code])).toEqual([
      ['Firstname', 'maxLength'],
      ['recordId', 'maxLength'],
    ]);
  });

  it('does not take a field inside a grid row for a system field', () => {
    const form = build([
      { type: 'datagrid', key: 'owners', components: [{ type: 'email', key: 'Email', label: 'Email' }] },
    ]);
    expect(checkSystemFields(form).map((i) => i.message)).toContain(MESSAGES.systemFieldMissing('Email'));
  });
});
