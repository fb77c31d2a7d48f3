import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it, vi } from 'vitest';
import kitchenSink from '../../../../../core/src/forms/fixtures/kitchen-sink.formio.json';
import { buildForm, renderWithMantine } from '../../../test/form-test-utils';
import { FormBuilder } from './form-builder';

function setup(initial?: FormDefinition, props: { onSave?: () => void } = {}) {
  const onChange = vi.fn<(form: FormDefinition) => void>();
  const user = userEvent.setup();
  renderWithMantine(<FormBuilder value={initial} onChange={onChange} onSave={props.onSave ?? (() => undefined)} />);
  const last = () => onChange.mock.calls.at(-1)?.[0] as FormDefinition;
  return { user, onChange, last };
}

const keysOf = (form: FormDefinition) => form.components.map((c) => c.key);

describe('FormBuilder', { timeout: 20_000 }, () => {
  it('adds fields from the palette, moves them with buttons and deletes them', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Text field' }));
    await user.click(screen.getByRole('button', { name: 'Add Email' }));
    expect(keysOf(last())).toEqual(['textField', 'email']);
    await user.click(screen.getByRole('button', { name: 'Move Email up' }));
    expect(keysOf(last())).toEqual(['email', 'textField']);
    await user.click(screen.getByRole('button', { name: 'Duplicate Text field' }));
    expect(keysOf(last())).toEqual(['email', 'textField', 'textField1']);
    await user.click(screen.getByRole('button', { name: 'Delete Email' }));
    expect(keysOf(last())).toEqual(['textField', 'textField1']);
  });

  it('adds into the selected panel', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Panel / page' }));
    await user.click(screen.getByRole('button', { name: 'Add Number' }));
    const panel = last().components[0];
    expect(panel?.type === 'panel' && panel.components.map((c) => c.key)).toEqual(['number']);
  });

  it('refuses a duplicate key with the spec message and keeps the old key', async () => {
    const { user, last } = setup(
      buildForm([
        { type: 'textfield', key: 'first', label: 'First' },
        { type: 'textfield', key: 'second', label: 'Second' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Second' }));
    const key = screen.getByLabelText('Key');
    await user.clear(key);
    await user.type(key, 'first');
    expect(screen.getByText(MESSAGES.keyExists)).toBeTruthy();
    expect(keysOf(last())).toEqual(['first', 'firs']);
    await user.type(key, 'x');
    expect(keysOf(last())).toEqual(['first', 'firstx']);
  });

  it('makes the key of a new field follow its label (camelCase, unique) until the key is typed by hand', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Text field' }));
    expect(screen.getByText(UI_TEXT.builderKeyFollows)).toBeTruthy();
    const labelInput = screen.getByLabelText('Label');
    await user.clear(labelInput);
    await user.type(labelInput, 'Legal name');
    expect(keysOf(last())).toEqual(['legalName']);
    expect((screen.getByLabelText('Key') as HTMLInputElement).value).toBe('legalName');
    await user.click(screen.getByRole('button', { name: 'Add Text field' }));
    await user.clear(screen.getByLabelText('Label'));
    await user.type(screen.getByLabelText('Label'), 'Legal name');
    expect(keysOf(last())).toEqual(['legalName', 'legalName1']);
    // Typed by hand, the key stays, whatever the label becomes; it is still editable.
    const key = screen.getByLabelText('Key');
    await user.clear(key);
    await user.type(key, 'dba');
    expect(screen.getByText(UI_TEXT.builderKeyHelp)).toBeTruthy();
    await user.type(screen.getByLabelText('Label'), '2');
    expect(keysOf(last())).toEqual(['legalName', 'dba']);
    expect(last().components[1]?.label).toBe('Legal name2');
  });

  it('never renames the keys of fields that came with the form', async () => {
    const { user, last } = setup(buildForm([{ type: 'textfield', key: 'legal_name', label: 'Legal name' }]));
    await user.click(screen.getByRole('button', { name: /^Edit Legal name/ }));
    await user.type(screen.getByLabelText('Label'), ' 2');
    expect(keysOf(last())).toEqual(['legal_name']);
  });

  it('makes option values follow option labels until a value is typed by hand', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Radio' }));
    await user.click(screen.getByRole('tab', { name: 'Options' }));
    const first = screen.getByLabelText('Option 1 label');
    await user.clear(first);
    await user.type(first, 'Sole proprietor');
    const radio = () => last().components[0] as Extract<FormDefinition['components'][number], { type: 'radio' }>;
    expect(radio().values[0]).toEqual({ label: 'Sole proprietor', value: 'soleProprietor' });
    const value = screen.getByLabelText('Option 2 value');
    await user.clear(value);
    await user.type(value, 'llc');
    await user.type(screen.getByLabelText('Option 2 label'), ' (LLC)');
    expect(radio().values[1]).toEqual({ label: 'Option 2 (LLC)', value: 'llc' });
  });

  it('undoes and redoes with the buttons and with Ctrl+Z / Ctrl+Shift+Z', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Text field' }));
    await user.click(screen.getByRole('button', { name: 'Add Checkbox' }));
    expect(keysOf(last())).toEqual(['textField', 'checkbox']);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(keysOf(last())).toEqual(['textField']);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(keysOf(last())).toEqual(['textField', 'checkbox']);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(keysOf(last())).toEqual(['textField']));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(keysOf(last())).toEqual(['textField', 'checkbox']));
  });

  it('sets a required rule and a condition that is JSON Logic', async () => {
    const { user, last } = setup(
      buildForm([
        {
          type: 'radio',
          key: 'hasSite',
          label: 'Has site',
          values: [
            { label: 'Yes', value: 'yes' },
            { label: 'No', value: 'no' },
          ],
        },
        { type: 'textfield', key: 'site', label: 'Site' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Site' }));
    await user.click(screen.getByRole('tab', { name: 'Validation' }));
    await user.click(screen.getByRole('switch', { name: 'Required' }));
    await user.click(screen.getByRole('tab', { name: 'Conditional' }));
    await user.click(screen.getByRole('button', { name: 'Add a condition' }));
    await user.selectOptions(screen.getByLabelText('Value'), 'yes');
    const site = last().components[1];
    expect(site?.validate?.required).toBe(true);
    expect(site?.conditional).toEqual({ json: { '==': [{ var: 'data.hasSite' }, 'yes'] } });
  });

  it('offers the regex samples as pattern presets', async () => {
    const { user, last } = setup(buildForm([{ type: 'textfield', key: 'ssn', label: 'SSN' }]));
    await user.click(screen.getByRole('button', { name: 'Edit SSN' }));
    await user.click(screen.getByRole('tab', { name: 'Validation' }));
    await user.selectOptions(screen.getByLabelText('Pattern preset'), 'ssn');
    expect(last().components[0]?.validate?.pattern).toContain('\\d{3}');
  });

  it('refuses to save without the system fields, naming each once Save is pressed, and saves once they are added', async () => {
    const onSave = vi.fn();
    const { user } = setup(buildForm([{ type: 'textfield', key: 'a', label: 'A' }]), { onSave });
    // Nothing done yet: no greeting with problems.
    expect(screen.queryByTestId('save-problems')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await screen.findByTestId('save-problems');
    expect(within(problems).getByText(MESSAGES.systemFieldMissing('DBA Name'), { exact: false })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /Add system fields/ }));
    await waitFor(() => expect(screen.queryByTestId('save-problems')).toBeNull());
    expect(screen.getByText('Ready to save')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalled();
  });

  it('opens a new empty form without problems, and shows them after an edit', async () => {
    const { user } = setup();
    expect(screen.queryByTestId('save-problems')).toBeNull();
    expect(screen.queryByText(/Cannot save yet/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Text field' }));
    expect(await screen.findByTestId('save-problems')).toBeTruthy();
  });

  it('does not call an empty form ready to save', () => {
    renderWithMantine(<FormBuilder value={buildForm([])} onChange={() => undefined} requireSystemFields={false} />);
    expect(screen.queryByTestId('save-problems')).toBeNull();
    expect(screen.queryByText('Ready to save')).toBeNull();
  });

  it('draws each field on the canvas as the applicant sees it, inert, with its tools', async () => {
    const { user } = setup(
      buildForm([
        { type: 'textfield', key: 'legalName', label: 'Legal name', validate: { required: true } },
        { type: 'radio', key: 'kind', label: 'Kind', values: [{ label: 'Sole', value: 'sole' }] },
        { type: 'panel', key: 'owner', title: 'Owner', components: [{ type: 'email', key: 'mail', label: 'Mail' }] },
      ]),
    );
    const item = screen.getByTestId('canvas-legalName');
    const input = within(item).getByLabelText(/^Legal name/) as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.required).toBe(true);
    expect(input.closest('[inert]')).toBeTruthy();
    expect(within(screen.getByTestId('canvas-kind')).getByRole('radio', { name: 'Sole' })).toBeTruthy();
    expect(within(screen.getByTestId('canvas-owner')).getByText('Owner')).toBeTruthy();
    expect(within(screen.getByTestId('canvas-mail')).getByLabelText('Mail')).toBeTruthy();
    // A click on the drawn field selects it, with a frame, and opens its settings.
    await user.click(input.closest('[inert]')?.parentElement as HTMLElement);
    expect(screen.getByTestId('canvas-legalName').dataset.selected).toBe('true');
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('Legal name');
    expect(within(item).getByRole('button', { name: 'Edit Legal name' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('imports the kitchen-sink Form.io fixture and lists removed attributes by path', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Import JSON' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Form.io or Under form JSON'), {
      target: { value: JSON.stringify(kitchenSink) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(keysOf(last())).toContain('businessDetails'));
    expect(screen.getByTestId('canvas-ownerSignature')).toBeTruthy();
    expect(screen.getByText('Removed on import')).toBeTruthy();
  });

  it('shows import errors by path and keeps the form', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Import JSON' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Form.io or Under form JSON'), {
      target: {
        value: JSON.stringify({
          components: [{ type: 'textfield', key: 'a', calculateValue: 'value = moment().year()' }],
        }),
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('components[0].calculateValue')).toBeTruthy();
  });

  it('previews the form in the renderer', async () => {
    const { user } = setup(buildForm([{ type: 'textfield', key: 'a', label: 'Alpha' }]));
    await user.click(screen.getByRole('radio', { name: 'Preview' }));
    expect(screen.getByLabelText('Alpha')).toBeTruthy();
  });
});
