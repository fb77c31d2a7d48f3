import { describe, expect, it } from 'vitest';
import { scrub } from './vantiv.service';

/** What Worldpay's error texts may quote back never reaches the stored staging (decision 088). */
describe('scrub', () => {
  it('removes an EIN, SSN or account number however Worldpay spells it back', () => {
    const sealed = ['123456789', '987-65-4321', '000111222333', undefined];
    expect(
      scrub(
        [
          'taxId 12-3456789 does not match the pattern',
          'ssn 987654321 is invalid; account 000 111 222 333 refused',
          'nothing secret here: MCC 5999',
        ],
        sealed,
      ),
    ).toEqual([
      'taxId [removed] does not match the pattern',
      'ssn [removed] is invalid; account [removed] refused',
      'nothing secret here: MCC 5999',
    ]);
  });

  it('removes a birth date and text values exactly, and ignores values under four characters', () => {
    expect(
      scrub(['dateOfBirth 1980-05-01 is in the future', 'name a.b (x) kept'], ['1980-05-01', 'a.b (x)', '12']),
    ).toEqual(['dateOfBirth [removed] is in the future', 'name [removed] kept']);
  });
});
