import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildLargeForm } from '@under/core/forms/fixtures/large-form';
import { importFormio } from '@under/core/forms/import-formio';
import { MESSAGES } from '@under/core/messages';
import { describe, expect, it, vi } from 'vitest';
import kitchenSink from '../../../../../core/src/forms/fixtures/kitchen-sink.formio.json';
import wizardJson from '../../../../../core/src/forms/fixtures/wizard.formio.json';
import { buildForm, renderWithMantine } from '../../../test/form-test-utils';
import { FormRenderer } from './form-renderer';

const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

function imported(json: unknown) {
  const result = importFormio(json);
  if (!result.form) throw new Error(JSON.stringify(result.errors));
  return result.form;
}

// jsdom renders Mantine slowly; a busy CI machine needs more than the default 5 s for the kitchen sink.
describe('FormRenderer', { timeout: 20_000 }, () => {
  it('renders every field type of the kitchen-sink form with its label', async () => {
    renderWithMantine(<FormRenderer form={imported(kitchenSink)} />);
    for (const name of [
      'First Name',
      'Last Name',
      'DBA Name',
      'Email',
      'Phone Number',
      'Business Description',
      'Years in Business',
      'Portal Password',
      'Business Type',
      'Monthly Volume',
      'Annual Volume',
      'Date Established',
      'Preferred Call Time',
      'Tax ID',
      'Voided Check',
    ]) {
      expect(screen.getByLabelText(label(name)), name).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: label('I accept the terms') })).toBeTruthy();
    expect(screen.getByRole('group', { name: label('Card Brands Accepted') })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: label('Has a Website') })).toBeTruthy();
    expect(screen.getByRole('group', { name: label('Owner Date of Birth') })).toBeTruthy();
    expect(screen.getByLabelText('Owner Date of Birth month')).toBeTruthy();
    expect(screen.getByRole('group', { name: label('Business Address') })).toBeTruthy();
    expect(screen.getByLabelText(label('City'))).toBeTruthy();
    expect(await screen.findByText(/processing volume/)).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'Type your name' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('shows and hides a conditional field as the user types', async () => {
    const user = userEvent.setup();
    const form = buildForm([
      { type: 'textfield', key: 'kind', label: 'Kind' },
      { type: 'textfield', key: 'extra', label: 'Extra', conditional: { show: true, when: 'kind', eq: 'llc' } },
      {
        type: 'textfield',
        key: 'other',
        label: 'Other',
        conditional: { json: { '==': [{ var: 'data.kind' }, 'sole'] } },
      },
    ]);
    renderWithMantine(<FormRenderer form={form} />);
    expect(screen.queryByLabelText('Extra')).toBeNull();
    await user.type(screen.getByLabelText('Kind'), 'llc');
    expect(screen.getByLabelText('Extra')).toBeTruthy();
    await user.clear(screen.getByLabelText('Kind'));
    expect(screen.queryByLabelText('Extra')).toBeNull();
    await user.type(screen.getByLabelText('Kind'), 'sole');
    expect(screen.getByLabelText('Other')).toBeTruthy();
  });

  it('updates a calculated value live', async () => {
    const user = userEvent.setup();
    const form = buildForm([
      { type: 'number', key: 'count', label: 'Count' },
      { type: 'currency', key: 'price', label: 'Price' },
      {
        type: 'currency',
        key: 'total',
        label: 'Total',
        disabled: true,
        calculateValue: { '*': [{ var: 'data.count' }, { var: 'data.price' }] },
      },
    ]);
    renderWithMantine(<FormRenderer form={form} />);
    await user.type(screen.getByLabelText('Count'), '3');
    await user.type(screen.getByLabelText('Price'), '2.5');
    expect((screen.getByLabelText('Total') as HTMLInputElement).value).toBe('7.50');
  });

  it('shows required errors under fields and a summary whose links focus the field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const form = buildForm([
      { type: 'textfield', key: 'name', label: 'Name', validate: { required: true } },
      { type: 'email', key: 'mail', label: 'Mail', validate: { required: true } },
    ]);
    renderWithMantine(<FormRenderer form={form} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(MESSAGES.missingRequiredFieldsTitle)).toBeTruthy();
    expect(within(summary).getByText(MESSAGES.missingRequiredFields)).toBeTruthy();
    const name = screen.getByLabelText(label('Name'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = name.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').find((id) => id.endsWith('error')) ?? '')?.textContent).toBe(
      'Name is required',
    );
    await user.click(within(summary).getByRole('link', { name: 'Mail is required' }));
    expect(document.activeElement).toBe(screen.getByLabelText(label('Mail')));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(label('Name')), 'Ann');
    await user.type(screen.getByLabelText(label('Mail')), 'ann@bank.com');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Ann', mail: 'ann@bank.com' });
  });

  it("wizard Next checks only the current page: its fields' errors, focus on the first, no summary, no submit", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    const form = buildForm(
      [
        {
          type: 'panel',
          key: 'one',
          title: 'One',
          components: [
            { type: 'textfield', key: 'a', label: 'A', validate: { required: true } },
            { type: 'textfield', key: 'b', label: 'B', validate: { required: true } },
            { type: 'hidden', key: 'recordId', label: 'recordId', validate: { required: true } },
          ],
        },
        {
          type: 'panel',
          key: 'two',
          title: 'Two',
          components: [{ type: 'textfield', key: 'c', label: 'C', validate: { required: true } }],
        },
        {
          type: 'panel',
          key: 'three',
          title: 'Three',
          components: [{ type: 'textfield', key: 'd', label: 'D', validate: { required: true } }],
        },
      ],
      'wizard',
    );
    renderWithMantine(<FormRenderer form={form} onSubmit={onSubmit} onInvalid={onInvalid} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('A is required')).toBeTruthy();
    expect(screen.getByText('B is required')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/recordId/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(label('A'))));
    expect(screen.getByText(/Step 1 of 3/)).toBeTruthy();
    // Errors follow the values of a checked page; filling it lets Next through.
    await user.type(screen.getByLabelText(label('A')), 'x');
    await waitFor(() => expect(screen.queryByText('A is required')).toBeNull());
    await user.type(screen.getByLabelText(label('B')), 'y');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Step 2 of 3/)).toBeTruthy();
    // focus moves to the new page's step line (read out; the next Tab reaches the page's first field)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText(/Step 2 of 3/)));
    expect(screen.queryByText('C is required')).toBeNull();
    // Enter in a field of a middle page goes on (checking the page), never submits.
    await user.type(screen.getByLabelText(label('C')), '{Enter}');
    expect(await screen.findByText('C is required')).toBeTruthy();
    expect(screen.getByText(/Step 2 of 3/)).toBeTruthy();
    await user.type(screen.getByLabelText(label('C')), 'z{Enter}');
    expect(await screen.findByText(/Step 3 of 3/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onInvalid).not.toHaveBeenCalled();
    // Only the last page's Submit checks the whole form.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'D is required' })).toBeTruthy();
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });

  it('calls answers in the wrong form "Answers to correct", never missing; with missing ones, both headings (issue 21)', async () => {
    const user = userEvent.setup();
    const form = buildForm([
      { type: 'textfield', key: 'name', label: 'Name', validate: { required: true } },
      {
        type: 'textfield',
        key: 'ein',
        label: 'EIN',
        validate: { minLength: 9, maxLength: 9, pattern: '\\d{9}' },
      },
    ]);
    renderWithMantine(<FormRenderer form={form} data={{ name: 'Ann', ein: '12-34567' }} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(MESSAGES.answersToCorrectTitle)).toBeTruthy();
    expect(within(summary).queryByText(MESSAGES.missingRequiredFieldsTitle)).toBeNull();
    expect(within(summary).getByRole('link', { name: 'EIN must be 9 digits, like 12-3456789' })).toBeTruthy();
    await user.clear(screen.getByLabelText(label('Name')));
    await waitFor(() => expect(within(summary).getByText(MESSAGES.missingRequiredFieldsTitle)).toBeTruthy());
    const missing = within(summary).getByRole('list', { name: MESSAGES.missingRequiredFieldsTitle });
    expect(
      within(missing)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Name is required']);
    const wrong = within(summary).getByRole('list', { name: MESSAGES.answersToCorrectTitle });
    expect(
      within(wrong)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['EIN must be 9 digits, like 12-3456789']);
  });

  it('opens a wizard on the page it is given and tells every page change (issue 21: where the applicant left off)', async () => {
    const user = userEvent.setup();
    const form = buildForm(
      [
        { type: 'panel', key: 'one', title: 'One', components: [{ type: 'textfield', key: 'a', label: 'A' }] },
        { type: 'panel', key: 'two', title: 'Two', components: [{ type: 'textfield', key: 'b', label: 'B' }] },
        { type: 'panel', key: 'three', title: 'Three', components: [{ type: 'textfield', key: 'c', label: 'C' }] },
      ],
      'wizard',
    );
    const onPageChange = vi.fn();
    renderWithMantine(<FormRenderer form={form} initialPage="two" onPageChange={onPageChange} />);
    expect(screen.getByLabelText('B')).toBeTruthy();
    expect(onPageChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onPageChange).toHaveBeenCalledWith('three'));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith('two'));
  });

  it('switches wizard page when a summary link points at another page', async () => {
    const user = userEvent.setup();
    renderWithMantine(<FormRenderer form={imported(wizardJson)} />);
    const firstPage = screen.getByLabelText(label('First Name'));
    await user.type(firstPage, 'Ann');
    // "Next" stops at the page's own problems; the step list opens any page, the last one included.
    const steps = within(screen.getByRole('navigation', { name: 'Form pages' })).getAllByRole('button');
    await user.click(steps.at(-1) as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    await user.click(within(summary).getByRole('link', { name: 'Last Name is required' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(label('Last Name'))));
  });

  it('replaces read-only text fields by plain text and masks encrypted values', () => {
    const form = buildForm([
      {
        type: 'textfield',
        key: 'ssn',
        label: 'SSN',
        euEncrypted: true,
        inputMask: '999-99-9999',
        validate: { required: true, pattern: '\\d+' },
        prefix: '#',
      },
      { type: 'textfield', key: 'bank', label: 'Bank', euPermission: 'editTableByPrimaryOwner' },
      { type: 'textfield', key: 'note', label: 'Note', euPermission: 'editTableByShareOwner' },
      {
        type: 'radio',
        key: 'pick',
        label: 'Pick',
        euPermission: 'noneEditTableForAll',
        values: [{ label: 'A', value: 'a' }],
      },
    ]);
    const role = 'sharedOwnerEndUser' as const;
    renderWithMantine(<FormRenderer form={form} role={role} data={{ ssn: '123456789', bank: 'First Bank' }} />);
    const ssn = screen.getByLabelText('SSN') as HTMLInputElement;
    expect(ssn.readOnly).toBe(true);
    expect(ssn.value).toBe('*******89');
    expect(ssn.required).toBe(false);
    expect(screen.getByText('#')).toBeTruthy();
    expect((screen.getByLabelText('Bank') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Note') as HTMLInputElement).readOnly).toBe(false);
    expect((screen.getByRole('radio', { name: 'A' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('sanitizes content: no scripts, event handlers or javascript: URLs', async () => {
    const form = buildForm([
      {
        type: 'content',
        key: 'intro',
        html: '<p>Hello <b>there</b></p><script>window.hacked=1</script><img src="x" onerror="window.hacked=1"><a href="javascript:alert(1)">x</a>',
      },
      {
        type: 'htmlelement',
        key: 'note',
        tag: 'div',
        content: '<span onclick="alert(1)">Note</span>',
        attrs: [{ attr: 'onmouseover', value: 'alert(1)' }],
      },
    ]);
    renderWithMantine(<FormRenderer form={form} />);
    const intro = await screen.findByTestId('html-intro');
    expect(intro.textContent).toContain('Hello there');
    expect(intro.innerHTML).not.toMatch(/script|onerror|javascript:/i);
    const note = await screen.findByTestId('html-note');
    expect(note.textContent).toBe('Note');
    expect(note.innerHTML).not.toMatch(/onclick|onmouseover/i);
  });

  it('refuses a file of the wrong type or over 25 MB before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const upload = vi.fn(async (file: File) => ({ url: '/f/1', name: file.name, size: file.size, type: file.type }));
    const form = buildForm([{ type: 'file', key: 'doc', label: 'Document' }]);
    renderWithMantine(<FormRenderer form={form} upload={upload} />);
    const input = screen.getByLabelText('Document') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(MESSAGES.fileTypeNotSupported)).toBeTruthy();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 26_000_000 });
    await user.upload(input, big);
    expect(await screen.findByText(MESSAGES.fileTooLarge)).toBeTruthy();
    await user.upload(input, new File(['%PDF'], 'check.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/check\.pdf/)).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('formats a phone number for display and keeps the wizard colours configurable', async () => {
    const user = userEvent.setup();
    const form = buildForm([{ type: 'phoneNumber', key: 'phone', label: 'Phone' }]);
    renderWithMantine(<FormRenderer form={form} />);
    await user.type(screen.getByLabelText('Phone'), '5551234567');
    await user.tab();
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(555) 123-4567');
  });

  it('draws the wizard in the given colours: the current step, the other steps and the bar', () => {
    renderWithMantine(
      <FormRenderer form={imported(wizardJson)} progressColor="#2a6add" stepColor="#d9d9d9" headerColor="#4582ec" />,
    );
    const steps = within(screen.getByRole('navigation', { name: 'Form pages' })).getAllByRole('button');
    expect(steps[0]?.style.borderBottom).toMatch(/#2a6add|rgb\(42, 106, 221\)/);
    expect(steps[1]?.style.borderBottom).toMatch(/#d9d9d9|rgb\(217, 217, 217\)/);
    expect(screen.getByRole('progressbar', { name: 'Progress' }).style.background).toMatch(
      /#d9d9d9|rgb\(217, 217, 217\)/,
    );
  });

  it('mounts every field of the 300-field form in its first render; values, calculations and conditions follow', () => {
    const { container } = renderWithMantine(<FormRenderer form={buildLargeForm()} />);
    // 30 panels: 8 inputs, a radio pair and a select each shown at first (details and since wait for conditions).
    expect(container.querySelectorAll('form input, form textarea, form select')).toHaveLength(270);
    // The last panel's fields (jsdom is slow at label queries over 300 fields, so by id).
    const byKey = (key: string) => container.querySelector(`[id$="-${key}"]`) as HTMLInputElement;
    fireEvent.change(byKey('name29'), { target: { value: 'Ann' } });
    expect(byKey('name29').value).toBe('Ann');
    fireEvent.change(byKey('count29'), { target: { value: '2' } });
    fireEvent.change(byKey('amount29'), { target: { value: '3' } });
    expect(byKey('total29').value).toBe('6.00');
    expect(byKey('details29')).toBeNull();
    fireEvent.click(container.querySelector('input[name="choice29"][value="yes"]') as HTMLInputElement);
    expect(byKey('details29').required).toBe(true);
  });
});
