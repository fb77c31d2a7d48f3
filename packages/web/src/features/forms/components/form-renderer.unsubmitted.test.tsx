import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildForm, renderWithMantine } from '../../../test/form-test-utils';
import { FormRenderer } from './form-renderer';

const form = () =>
  buildForm([
    { type: 'textfield', key: 'ein', label: 'EIN', euEncrypted: true },
    { type: 'textfield', key: 'note', label: 'Note', euEncrypted: true, euPermission: 'editTableByShareOwner' },
  ]);

const primary = 'primaryOwnerEndUser' as const;

describe('FormRenderer: encrypted fields before and after submission', () => {
  it('are read-only to the primary owner once submitted, theirs to fill in before (euPermission still applies)', async () => {
    const submitted = renderWithMantine(<FormRenderer form={form()} role={primary} />);
    expect((screen.getByLabelText('EIN') as HTMLInputElement).readOnly).toBe(true);
    submitted.unmount();

    const onChange = vi.fn();
    renderWithMantine(<FormRenderer form={form()} role={primary} unsubmitted onChange={onChange} />);
    const ein = screen.getByLabelText('EIN') as HTMLInputElement;
    expect(ein.readOnly).toBe(false);
    expect((screen.getByLabelText('Note') as HTMLInputElement).readOnly).toBe(true);
    await userEvent.setup().type(ein, '12');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ ein: '12' }));
  });
});
