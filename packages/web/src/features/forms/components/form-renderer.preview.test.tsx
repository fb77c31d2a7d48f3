import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/form-test-utils';
import { FormRenderer } from './form-renderer';

const FORM = {
  display: 'form',
  components: [
    { type: 'textfield', key: 'legal', label: 'Legal name', input: true, validate: { required: true } },
    { type: 'textfield', key: 'nick', label: 'Nickname', input: true },
    {
      type: 'textfield',
      key: 'officer',
      label: 'Officer code',
      input: true,
      validate: { required: true },
      euPermission: 'editTableByShareOwner',
    },
  ],
};

const labelOf = (text: string) => screen.getByText(text).closest('label');

describe('a read-only preview (issue 21 section 5)', () => {
  it('marks the fields the applicant must fill in, as the applicant will see them', async () => {
    renderWithMantine(<FormRenderer form={FORM as never} readOnly />);
    await screen.findByText('Legal name');
    expect(labelOf('Legal name')?.getAttribute('data-required')).toBe('true');
    expect(labelOf('Legal name')?.textContent).toBe('Legal name *');
    expect(labelOf('Nickname')?.getAttribute('data-required')).toBeNull();
    // the applicant may not edit it: no mark for them
    expect(labelOf('Officer code')?.getAttribute('data-required')).toBeNull();
  });
});
