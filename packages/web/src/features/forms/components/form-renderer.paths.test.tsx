import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildForm, renderWithMantine } from '../../../test/form-test-utils';
import { FormRenderer } from './form-renderer';

describe('FormRenderer: a key repeated inside a grid', () => {
  it('keeps a top-level field’s error on its own page when a later page’s grid has a field of the same key', async () => {
    const user = userEvent.setup();
    const form = buildForm(
      [
        {
          type: 'panel',
          key: 'business',
          title: 'Business',
          components: [{ type: 'textfield', key: 'ssn', label: 'SSN', validate: { required: true } }],
        },
        {
          type: 'panel',
          key: 'people',
          title: 'Owners',
          components: [
            {
              type: 'datagrid',
              key: 'owners',
              label: 'Owners',
              components: [{ type: 'textfield', key: 'ssn', label: 'Owner SSN' }],
            },
          ],
        },
      ],
      'wizard',
    );
    renderWithMantine(<FormRenderer form={form} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Read by key alone, `ssn` was on page 2 (the grid's), so Next let page 1 through with SSN empty.
    expect(await screen.findByText('SSN is required')).toBeTruthy();
    expect(screen.getByText(/Step 1 of 2/)).toBeTruthy();
  });
});
