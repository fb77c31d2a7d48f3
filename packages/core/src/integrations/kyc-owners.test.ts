import { describe, expect, it } from 'vitest';
import { isoDateOf, kycOwnersOf, ownerDisplayName } from './kyc-owners';

describe('kycOwnersOf', () => {
  it('reads each named owner by the starter dictionary keys, SSN as digits, dates as ISO', () => {
    const owners = kycOwnersOf({
      owner1_first_name: ' Ada ',
      owner1_last_name: 'Lovelace',
      owner1_dob: '12/10/1985',
      owner1_ssn: '123-45-6789',
      owner1_home_address: '1 Main St',
      owner1_home_city: 'Springfield',
      owner1_home_state: 'IL',
      owner1_home_zip: '62701',
      owner2_first_name: '',
      owner3_last_name: 'Solo',
    });
    expect(owners).toEqual([
      {
        ownerNumber: 1,
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1985-12-10',
        ssn: '123456789',
        address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' },
      },
      { ownerNumber: 3, firstName: '', lastName: 'Solo', dateOfBirth: null, ssn: null, address: null },
    ]);
    expect(owners.map(ownerDisplayName)).toEqual(['Ada Lovelace', 'Solo']);
  });

  it('reads no owner from answers without names', () => {
    expect(kycOwnersOf({ owner1_ssn: '123-45-6789' })).toEqual([]);
  });

  it('dates: US and ISO forms, anything else is null', () => {
    expect(isoDateOf('1/2/1990')).toBe('1990-01-02');
    expect(isoDateOf('1990-01-02T00:00:00.000Z')).toBe('1990-01-02');
    expect(isoDateOf('next week')).toBeNull();
  });
});
