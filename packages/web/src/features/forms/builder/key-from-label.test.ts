import { describe, expect, it } from 'vitest';
import { camelKey, freeName, newOption, relabelOption } from './key-from-label';

describe('camelKey', () => {
  it('writes labels as camelCase keys of letters and digits', () => {
    expect(camelKey('Legal name')).toBe('legalName');
    expect(camelKey('DBA Name')).toBe('dbaName');
    expect(camelKey('Owner 2 — SSN (encrypted)')).toBe('owner2SsnEncrypted');
    expect(camelKey('Café address')).toBe('cafeAddress');
    expect(camelKey('2nd owner')).toBe('field2ndOwner');
    expect(camelKey('  ')).toBe('');
  });
});

describe('freeName', () => {
  it('numbers a taken name', () => {
    expect(freeName(new Set(['legalName']), 'legalName')).toBe('legalName1');
    expect(freeName(new Set(['legalName', 'legalName1']), 'legalName')).toBe('legalName2');
    expect(freeName(new Set(), 'legalName')).toBe('legalName');
  });
});

describe('relabelOption', () => {
  const defaults = [
    { label: 'Option 1', value: 'option1' },
    { label: 'Option 2', value: 'option2' },
  ];
  it('makes the value follow the label while it was not typed by hand, unique among the options', () => {
    let options = relabelOption(defaults, 0, 'Sole proprietor');
    expect(options[0]).toEqual({ label: 'Sole proprietor', value: 'soleProprietor' });
    options = relabelOption(options, 0, 'Sole proprietorship');
    expect(options[0]?.value).toBe('soleProprietorship');
    options = relabelOption(options, 1, 'Sole proprietorship');
    expect(options[1]?.value).toBe('soleProprietorship1');
  });
  it('keeps a value typed by hand', () => {
    const options = relabelOption([{ label: 'Yes', value: 'Y' }], 0, 'Yes, we do');
    expect(options[0]).toEqual({ label: 'Yes, we do', value: 'Y' });
  });
});

describe('newOption', () => {
  it('numbers the new option after the others and never repeats a value left by an earlier removal', () => {
    expect(newOption([{ label: 'A', value: 'a' }])).toEqual({ label: 'Option 2', value: 'option2' });
    // Option 1 of [option1, option2] was removed: the new second option must not be `option2` again.
    const after = newOption([{ label: 'Option 2', value: 'option2' }]);
    expect(after.value).not.toBe('option2');
    expect(after).toEqual({ label: 'Option 2', value: 'option1' });
  });
});
