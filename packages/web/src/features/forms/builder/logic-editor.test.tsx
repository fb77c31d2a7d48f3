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

describe('the builder’s logic editor', { timeout: 30_000 }, () => {
  it('writes a calculated value only when it is valid JSON Logic, and its manual override', async () => {
    const { user, onChange, annual } = setup(merchant());
    await user.click(screen.getByRole('button', { name: 'Edit Annual volume' }));
    await user.click(screen.getByRole('tab', { name: UI_TEXT.builderEditLogic }));
    const override = screen.getByLabelText(UI_TEXT.builderLogicAllowOverride);
    expect((override as HTMLInputElement).disabled).toBe(true);
    const calc = screen.getByLabelText(UI_TEXT.builderLogicCalculatedValue);
    // code is refused with the script message, shown on the input, and nothing is written
    fireEvent.change(calc, { target: { value: 'data.monthly * 12' } });
    expect(screen.getByText(MESSAGES.javascriptRefused)).toBeTruthy();
    expect(calc.getAttribute('aria-invalid')).toBe('true');
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
    expect(first.getByText(MESSAGES.javascriptRefused)).toBeTruthy();
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
