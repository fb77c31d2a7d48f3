import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it, vi } from 'vitest';
import { buildForm, renderWithMantine } from '../../../test/form-test-utils';
import { FormBuilder } from './form-builder';

function setup(initial: FormDefinition) {
  const onChange = vi.fn<(form: FormDefinition) => void>();
  const user = userEvent.setup();
  renderWithMantine(<FormBuilder value={initial} onChange={onChange} onSave={() => undefined} />);
  const annual = () => onChange.mock.calls.at(-1)?.[0].components.find((c) => c.key === 'annual');
  return { user, onChange, annual };
}

/** The text of the alert that describes an input: its problem, read out as it appears. */
const announced = (input: HTMLElement) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return screen.getAllByRole('alert').find((a) => ids.includes(a.id))?.textContent;
};

const merchant = () =>
  buildForm([
    { type: 'number', key: 'monthly', label: 'Monthly volume' },
    {
      type: 'radio',
      key: 'kind',
      label: 'Kind',
      values: [
        { label: 'LLC', value: 'llc' },
        { label: 'Sole', value: 'sole' },
      ],
    },
    { type: 'number', key: 'annual', label: 'Annual volume' },
  ]);

describe('the builder’s logic editor', { timeout: 60_000 }, () => {
  it('writes a calculated value only when it is valid JSON Logic, and its manual override', async () => {
    const { user, onChange, annual } = setup(merchant());
    await user.click(screen.getByRole('button', { name: 'Edit Annual volume' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    const override = screen.getByLabelText(UI_TEXT.builderLogicAllowOverride);
    expect((override as HTMLInputElement).disabled).toBe(true);
    const calc = screen.getByLabelText(UI_TEXT.builderLogicCalculatedValue);
    // code is refused with the script message, shown on the input, and nothing is written
    fireEvent.change(calc, { target: { value: 'data.monthly * 12' } });
    expect(calc.getAttribute('aria-invalid')).toBe('true');
    // the problem is announced as it appears, and is the input's description
    expect(announced(calc)).toBe(MESSAGES.javascriptRefused);
    expect(onChange.mock.calls.some(([form]) => form.components.some((c) => c.calculateValue !== undefined))).toBe(
      false,
    );
    // an operator core does not know is refused by validateLogic, at its path
    fireEvent.change(calc, { target: { value: '{"eval": ["data.monthly"]}' } });
    expect(screen.getByText(/calculateValue\.eval/)).toBeTruthy();
    fireEvent.change(calc, { target: { value: '{"*": [{"var": "data.monthly"}, 12]}' } });
    expect(screen.queryByText(/calculateValue\.eval/)).toBeNull();
    expect(annual()?.calculateValue).toEqual({ '*': [{ var: 'data.monthly' }, 12] });
    await user.click(override);
    expect(annual()?.allowCalculateOverride).toBe(true);
    // an invalid text over a valid rule shows its problem and is never written: the field keeps the valid rule
    const writes = onChange.mock.calls.length;
    fireEvent.change(calc, { target: { value: '{"*": [{"var": "data.monthly"}, 12' } });
    expect(announced(calc)).toBe(MESSAGES.javascriptRefused);
    expect(onChange.mock.calls.length).toBe(writes);
    expect(annual()?.calculateValue).toEqual({ '*': [{ var: 'data.monthly' }, 12] });
    // emptied, the calculation and its override go
    fireEvent.change(calc, { target: { value: '' } });
    expect(annual()?.calculateValue).toBeUndefined();
    expect(annual()?.allowCalculateOverride).toBeUndefined();
  });

  it('adds logic actions from a condition on another field: set a value, then require; removes them', async () => {
    const { user, annual } = setup(merchant());
    await user.click(screen.getByRole('button', { name: 'Edit Annual volume' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    expect(screen.getByText(UI_TEXT.builderLogicNoActions)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderLogicAddAction }));
    const first = within(screen.getByRole('group', { name: UI_TEXT.builderLogicAction(1) }));
    await user.selectOptions(first.getByLabelText(UI_TEXT.builderConditionField), 'kind');
    // the field's options are offered as values
    await user.selectOptions(first.getByLabelText(UI_TEXT.builderConditionValue), 'llc');
    await user.selectOptions(first.getByLabelText(UI_TEXT.builderLogicThen), 'value');
    fireEvent.change(first.getByLabelText(UI_TEXT.builderLogicValue), {
      target: { value: '{"*": [{"var": "data.monthly"}, 12' },
    });
    expect(announced(first.getByLabelText(UI_TEXT.builderLogicValue))).toBe(MESSAGES.javascriptRefused);
    fireEvent.change(first.getByLabelText(UI_TEXT.builderLogicValue), {
      target: { value: '{"*": [{"var": "data.monthly"}, 12]}' },
    });
    expect(annual()?.logic).toEqual([
      {
        trigger: { type: 'json', json: { '==': [{ var: 'data.kind' }, 'llc'] } },
        actions: [{ type: 'value', value: { '*': [{ var: 'data.monthly' }, 12] } }],
      },
    ]);
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderLogicAddAction }));
    const second = within(screen.getByRole('group', { name: UI_TEXT.builderLogicAction(2) }));
    await user.selectOptions(second.getByLabelText(UI_TEXT.builderConditionOperator), 'isNotEmpty');
    await user.selectOptions(second.getByLabelText(UI_TEXT.builderLogicThen), 'require');
    expect(annual()?.logic?.[1]).toEqual({
      trigger: { type: 'json', json: { '!!': [{ var: 'data.monthly' }] } },
      actions: [{ type: 'property', property: { value: 'validate.required', type: 'boolean' }, state: true }],
    });
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderLogicRemoveAction(1) }));
    expect(annual()?.logic).toHaveLength(1);
    expect(annual()?.logic?.[0]?.actions[0]).toMatchObject({ type: 'property', state: true });
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderLogicRemoveAction(1) }));
    expect(annual()?.logic).toBeUndefined();
  });

  it('shows the field’s current logic after undo and redo, and the next edit does not write the undone value back', async () => {
    const form = buildForm([
      { type: 'number', key: 'monthly', label: 'Monthly volume' },
      {
        type: 'textfield',
        key: 'status',
        label: 'Status',
        calculateValue: { cat: ['A'] },
        logic: [
          {
            trigger: { type: 'json', json: { '!!': [{ var: 'data.monthly' }] } },
            actions: [{ type: 'value', value: { cat: ['Approved'] } }],
          },
        ],
      },
    ]);
    const { user, onChange } = setup(form);
    const status = () => onChange.mock.calls.at(-1)?.[0].components.find((c) => c.key === 'status');
    await user.click(screen.getByRole('button', { name: 'Edit Status' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    const calc = screen.getByLabelText(UI_TEXT.builderLogicCalculatedValue) as HTMLTextAreaElement;
    const action = within(screen.getByRole('group', { name: UI_TEXT.builderLogicAction(1) }));
    const value = action.getByLabelText(UI_TEXT.builderLogicValue) as HTMLInputElement;
    // typed as the user likes it (spaces), kept as typed while it means what the field holds
    fireEvent.change(calc, { target: { value: '{"cat": ["B"]}' } });
    expect(status()?.calculateValue).toEqual({ cat: ['B'] });
    expect(calc.value).toBe('{"cat": ["B"]}');
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderUndo }));
    expect(calc.value).toBe('{"cat":["A"]}');
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderRedo }));
    expect(calc.value).toBe('{"cat":["B"]}');

    fireEvent.change(value, { target: { value: 'Declined' } });
    expect(status()?.logic?.[0]?.actions[0]).toEqual({ type: 'value', value: { cat: ['Declined'] } });
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderUndo }));
    expect(value.value).toBe('Approved');
    // the next edit of the action keeps the value the field holds, not the undone draft
    await user.selectOptions(action.getByLabelText(UI_TEXT.builderConditionOperator), 'isEmpty');
    expect(status()?.logic?.[0]).toEqual({
      trigger: { type: 'json', json: { '!': [{ var: 'data.monthly' }] } },
      actions: [{ type: 'value', value: { cat: ['Approved'] } }],
    });
    expect(value.value).toBe('Approved');
    // an unfinished rule being typed stays while nothing else changes the field
    fireEvent.change(value, { target: { value: '{"cat": [' } });
    await user.selectOptions(action.getByLabelText(UI_TEXT.builderConditionOperator), 'isNotEmpty');
    expect(value.value).toBe('{"cat": [');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(status()?.logic?.[0]?.actions[0]).toEqual({ type: 'value', value: { cat: ['Approved'] } });
  });

  it('keeps leading zeros: a set value for a text field stays the text typed; a number field gets a number', async () => {
    const form = buildForm([
      { type: 'number', key: 'monthly', label: 'Monthly volume' },
      { type: 'textfield', key: 'zip', label: 'ZIP' },
      { type: 'number', key: 'annual', label: 'Annual volume' },
    ]);
    const { user, onChange, annual } = setup(form);
    const zip = () => onChange.mock.calls.at(-1)?.[0].components.find((c) => c.key === 'zip');
    await user.click(screen.getByRole('button', { name: 'Edit ZIP' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderLogicAddAction }));
    const first = within(screen.getByRole('group', { name: UI_TEXT.builderLogicAction(1) }));
    await user.selectOptions(first.getByLabelText(UI_TEXT.builderLogicThen), 'value');
    const value = first.getByLabelText(UI_TEXT.builderLogicValue) as HTMLInputElement;
    fireEvent.change(value, { target: { value: '007' } });
    expect(zip()?.logic?.[0]?.actions[0]).toEqual({ type: 'value', value: { cat: ['007'] } });
    expect(value.value).toBe('007');
    // a comparison's value keeps its zeros too, and shows what was typed
    await user.selectOptions(first.getByLabelText(UI_TEXT.builderConditionOperator), 'greaterThan');
    const compared = first.getByLabelText(UI_TEXT.builderConditionValue) as HTMLInputElement;
    fireEvent.change(compared, { target: { value: '0123' } });
    expect(zip()?.logic?.[0]?.trigger.json).toEqual({ '>': [{ var: 'data.monthly' }, '0123'] });
    expect(compared.value).toBe('0123');

    await user.click(screen.getByRole('button', { name: 'Edit Annual volume' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderLogicAddAction }));
    const numeric = within(screen.getByRole('group', { name: UI_TEXT.builderLogicAction(1) }));
    await user.selectOptions(numeric.getByLabelText(UI_TEXT.builderLogicThen), 'value');
    const amount = numeric.getByLabelText(UI_TEXT.builderLogicValue) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '0120' } });
    expect(annual()?.logic?.[0]?.actions[0]).toEqual({ type: 'value', value: 120 });
    expect(amount.value).toBe('0120');
    // a text is never turned into a number field's value: it is refused, and nothing is written
    fireEvent.change(amount, { target: { value: 'twelve' } });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(announced(amount)).toBe(UI_TEXT.builderLogicValueNotNumber);
    expect(annual()?.logic?.[0]?.actions[0]).toEqual({ type: 'value', value: 120 });
  });

  it('keeps each action’s draft with its action when another is removed', async () => {
    const when = { type: 'json' as const, json: { '!!': [{ var: 'data.monthly' }] } };
    const form = buildForm([
      { type: 'number', key: 'monthly', label: 'Monthly volume' },
      {
        type: 'textfield',
        key: 'status',
        label: 'Status',
        logic: [
          { trigger: when, actions: [{ type: 'value', value: { cat: ['First'] } }] },
          { trigger: when, actions: [{ type: 'value', value: { cat: ['Second'] } }] },
        ],
      },
    ]);
    const { user, onChange } = setup(form);
    const status = () => (onChange.mock.calls.at(-1)?.[0] ?? form).components.find((c) => c.key === 'status');
    await user.click(screen.getByRole('button', { name: 'Edit Status' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    const second = within(screen.getByRole('group', { name: UI_TEXT.builderLogicAction(2) }));
    const input = second.getByLabelText(UI_TEXT.builderLogicValue) as HTMLInputElement;
    // an unfinished rule in the second action: not written, kept in its input
    fireEvent.change(input, { target: { value: '{"cat": [' } });
    expect(status()?.logic?.[1]?.actions[0]).toEqual({ type: 'value', value: { cat: ['Second'] } });
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderLogicRemoveAction(1) }));
    const now = within(screen.getByRole('group', { name: UI_TEXT.builderLogicAction(1) }));
    const moved = now.getByLabelText(UI_TEXT.builderLogicValue) as HTMLInputElement;
    // the same input element, its draft and its error stay with the action it belongs to
    expect(moved).toBe(input);
    expect(moved.value).toBe('{"cat": [');
    expect(moved.getAttribute('aria-invalid')).toBe('true');
    expect(status()?.logic).toEqual([{ trigger: when, actions: [{ type: 'value', value: { cat: ['Second'] } }] }]);
    // ids are the editor’s own: nothing but the schema’s attributes is saved
    expect(Object.keys(status()?.logic?.[0] ?? {}).sort()).toEqual(['actions', 'trigger']);
  });

  it('works by keyboard: add an action, choose its effect, type its value, remove it; focus is never lost', async () => {
    const { user, annual } = setup(merchant());
    await user.click(screen.getByRole('button', { name: 'Edit Annual volume' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    const add = screen.getByRole('button', { name: UI_TEXT.builderLogicAddAction });
    add.focus();
    await user.keyboard('{Enter}');
    const first = within(screen.getByRole('group', { name: UI_TEXT.builderLogicAction(1) }));
    // the new action's first control takes focus; then operator, value, effect: each reached with Tab, in order
    expect(document.activeElement).toBe(first.getByLabelText(UI_TEXT.builderConditionField));
    await user.tab();
    expect(document.activeElement).toBe(first.getByLabelText(UI_TEXT.builderConditionOperator));
    await user.tab();
    expect(document.activeElement).toBe(first.getByLabelText(UI_TEXT.builderConditionValue));
    await user.keyboard('100');
    await user.tab();
    expect(document.activeElement).toBe(first.getByLabelText(UI_TEXT.builderLogicThen));
    await user.selectOptions(first.getByLabelText(UI_TEXT.builderLogicThen), 'value');
    await user.tab();
    expect(document.activeElement).toBe(first.getByLabelText(UI_TEXT.builderLogicValue));
    await user.keyboard('1200');
    expect(annual()?.logic?.[0]?.actions[0]).toEqual({ type: 'value', value: 1200 });
    await user.tab();
    expect(document.activeElement).toBe(first.getByRole('button', { name: UI_TEXT.builderLogicRemoveAction(1) }));
    await user.keyboard('{Enter}');
    expect(annual()?.logic).toBeUndefined();
    // the removed action's button is gone: focus goes to the next control, not to the page
    expect(document.activeElement).toBe(screen.getByRole('button', { name: UI_TEXT.builderLogicAddAction }));
  });

  it('starts afresh on another field with the same key in another scope: no draft or problem carries over', async () => {
    const rule = { cat: ['x'] };
    const form = buildForm([
      { type: 'textfield', key: 'name', label: 'Business name', calculateValue: rule },
      {
        type: 'datagrid',
        key: 'owners',
        label: 'Owners',
        components: [{ type: 'textfield', key: 'name', label: 'Owner name', calculateValue: rule }],
      },
    ]);
    const { user } = setup(form);
    await user.click(screen.getByRole('button', { name: 'Edit Business name' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    fireEvent.change(screen.getByLabelText(UI_TEXT.builderLogicCalculatedValue), { target: { value: 'data.a' } });
    expect(screen.getByLabelText(UI_TEXT.builderLogicCalculatedValue).getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Edit Owner name' }));
    const calc = screen.getByLabelText(UI_TEXT.builderLogicCalculatedValue) as HTMLTextAreaElement;
    expect(calc.value).toBe('{"cat":["x"]}');
    expect(calc.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows logic it cannot write as JSON, removable', async () => {
    const form = buildForm([
      { type: 'number', key: 'monthly', label: 'Monthly volume' },
      {
        type: 'number',
        key: 'annual',
        label: 'Annual volume',
        logic: [
          {
            trigger: { type: 'json', json: { and: [true, { var: 'data.monthly' }] } },
            actions: [{ type: 'value', value: 1 }],
          },
        ],
      },
    ]);
    const { user, annual } = setup(form);
    await user.click(screen.getByRole('button', { name: 'Edit Annual volume' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    expect(screen.getByText(UI_TEXT.builderLogicCustom)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderLogicRemoveAction(1) }));
    expect(annual()?.logic).toBeUndefined();
  });
});
