import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
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
    await user.click(screen.getByRole('button', { name: /^Second/ }));
    const key = screen.getByLabelText('Key');
    await user.clear(key);
    await user.type(key, 'first');
    expect(screen.getByText(MESSAGES.keyExists)).toBeTruthy();
    expect(keysOf(last())).toEqual(['first', 'firs']);
    await user.type(key, 'x');
    expect(keysOf(last())).toEqual(['first', 'firstx']);
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
    await user.click(screen.getByRole('button', { name: /^Site/ }));
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
    await user.click(screen.getByRole('button', { name: /^SSN/ }));
    await user.click(screen.getByRole('tab', { name: 'Validation' }));
    await user.selectOptions(screen.getByLabelText('Pattern preset'), 'ssn');
    expect(last().components[0]?.validate?.pattern).toContain('\\d{3}');
  });

  it('refuses to save without the system fields, naming each, and allows it once they are added', async () => {
    const onSave = vi.fn();
    const { user } = setup(buildForm([{ type: 'textfield', key: 'a', label: 'A' }]), { onSave });
    const problems = screen.getByTestId('save-problems');
    expect(within(problems).getByText(MESSAGES.systemFieldMissing('DBA Name'), { exact: false })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: /Add system fields/ }));
    await waitFor(() => expect(screen.queryByTestId('save-problems')).toBeNull());
    expect(screen.getByText('Ready to save')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalled();
  });

  it('does not call an empty form ready to save', () => {
    renderWithMantine(<FormBuilder value={buildForm([])} onChange={() => undefined} requireSystemFields={false} />);
    expect(screen.queryByTestId('save-problems')).toBeNull();
    expect(screen.queryByText('Ready to save')).toBeNull();
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
