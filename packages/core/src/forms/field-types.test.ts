import { describe, expect, it } from 'vitest';
import { END_USER_ROLES, EU_PERMISSIONS, FIELD_TYPES, LAYOUT_TYPES, NON_DATA_TYPES } from './field-types';

describe('field types', () => {
  it('lists the 24 spec types, the layouts among them and the spec enumerations', () => {
    expect(FIELD_TYPES).toHaveLength(24);
    for (const layout of LAYOUT_TYPES) expect(NON_DATA_TYPES.has(layout)).toBe(true);
    expect(EU_PERMISSIONS).toEqual([
      'editTableByPrimaryOwner',
      'editTableByShareOwner',
      'editTableByAllOwner',
      'noneEditTableForAll',
    ]);
    expect(END_USER_ROLES).toEqual(['primaryOwnerEndUser', 'sharedOwnerEndUser', 'sharedOwnerEndUserSubmitNew']);
  });
});
