import { Button, Code, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { Conditional } from '@under/core/forms/component.schema';
import type { FormComponent } from '@under/core/forms/form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import {
  conditionalToCondition,
  conditionToConditional,
  OPERATORS,
  type Operator,
  type RuleCondition,
  type SimpleCondition,
} from './condition-logic';

interface ConditionEditorProps {
  value: Conditional | undefined;
  fields: readonly FormComponent[];
  onChange: (next: Conditional | undefined) => void;
}

/** Show or hide a field when another field meets a test; writes JSON Logic (`conditional.json`), never code. */
export function ConditionEditor({ value, fields, onChange }: ConditionEditorProps) {
  const current = conditionalToCondition(value);
  if (current === 'custom') {
    return (
      <Stack gap="xs">
        <Text size="sm">{UI_TEXT.builderConditionThisFieldHasAJson}</Text>
        <Code block>{JSON.stringify(value?.json, null, 2)}</Code>
        <Button variant="default" size="xs" w="fit-content" onClick={() => onChange(undefined)}>
          {UI_TEXT.builderConditionRemoveTheCondition}
        </Button>
      </Stack>
    );
  }
  if (current === 'none') {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {UI_TEXT.builderConditionAlwaysShown}
        </Text>
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          disabled={fields.length === 0}
          onClick={() =>
            onChange(
              conditionToConditional({ action: 'show', when: fields[0]?.key ?? '', operator: 'equals', value: '' }),
            )
          }
        >
          {UI_TEXT.builderConditionAddACondition}
        </Button>
      </Stack>
    );
  }
  const set = (change: Partial<SimpleCondition>) => onChange(conditionToConditional({ ...current, ...change }));
  return (
    <Stack gap="xs">
      <NativeSelect
        label={UI_TEXT.builderConditionAction}
        value={current.action}
        onChange={(e) => set({ action: e.currentTarget.value as 'show' | 'hide' })}
        data={[
          { value: 'show', label: UI_TEXT.builderConditionShowThisFieldWhen },
          { value: 'hide', label: UI_TEXT.builderConditionHideThisFieldWhen },
        ]}
      />
      <ConditionFields value={current} fields={fields} onChange={set} />
      <Group justify="space-between" align="center">
        <Code fz="xs">{JSON.stringify(value?.json)}</Code>
        <Button variant="subtle" color="red" size="xs" onClick={() => onChange(undefined)}>
          Remove
        </Button>
      </Group>
    </Stack>
  );
}

interface ConditionFieldsProps {
  value: RuleCondition;
  fields: readonly FormComponent[];
  onChange: (change: Partial<RuleCondition>) => void;
}

/** The test of a condition: a field, an operator and a value (a choice of the field's options when it has them). */
export function ConditionFields({ value: current, fields, onChange: set }: ConditionFieldsProps) {
  const needsValue = OPERATORS.find((o) => o.value === current.operator)?.needsValue ?? true;
  const whenField = fields.find((f) => f.key === current.when);
  const options =
    whenField?.type === 'select'
      ? (whenField.data.values ?? [])
      : whenField?.type === 'radio' || whenField?.type === 'selectboxes'
        ? whenField.values
        : undefined;
  return (
    <>
      <NativeSelect
        label={UI_TEXT.builderConditionField}
        value={current.when}
        onChange={(e) => set({ when: e.currentTarget.value })}
        data={[
          ...(whenField ? [] : [{ value: current.when, label: `${current.when} (missing)` }]),
          ...fields.map((f) => ({ value: f.key, label: `${f.label || f.key} (${f.key})` })),
        ]}
      />
      <NativeSelect
        label={UI_TEXT.builderConditionOperator}
        value={current.operator}
        onChange={(e) => set({ operator: e.currentTarget.value as Operator })}
        data={OPERATORS.map((o) => ({ value: o.value, label: o.label }))}
      />
      {needsValue ? (
        options ? (
          <NativeSelect
            label={UI_TEXT.builderConditionValue}
            value={current.value}
            onChange={(e) => set({ value: e.currentTarget.value })}
            data={[
              { value: '', label: UI_TEXT.builderConditionChoose },
              ...options.map((o) => ({ value: String(o.value), label: o.label })),
            ]}
          />
        ) : (
          <TextInput
            label={UI_TEXT.builderConditionValue}
            value={current.value}
            onChange={(e) => set({ value: e.currentTarget.value })}
          />
        )
      ) : null}
    </>
  );
}
