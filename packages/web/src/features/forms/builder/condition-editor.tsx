import { Button, Code, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { Conditional } from '@under/core/forms/component.schema';
import type { FormComponent } from '@under/core/forms/form.schema';
import {
  conditionalToCondition,
  conditionToConditional,
  OPERATORS,
  type Operator,
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
        <Text size="sm">This field has a JSON Logic condition the editor cannot show as a simple rule:</Text>
        <Code block>{JSON.stringify(value?.json, null, 2)}</Code>
        <Button variant="default" size="xs" w="fit-content" onClick={() => onChange(undefined)}>
          Remove the condition
        </Button>
      </Stack>
    );
  }
  if (current === 'none') {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Always shown.
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
          Add a condition
        </Button>
      </Stack>
    );
  }
  const set = (change: Partial<SimpleCondition>) => onChange(conditionToConditional({ ...current, ...change }));
  const needsValue = OPERATORS.find((o) => o.value === current.operator)?.needsValue ?? true;
  const whenField = fields.find((f) => f.key === current.when);
  const options =
    whenField?.type === 'select'
      ? (whenField.data.values ?? [])
      : whenField?.type === 'radio' || whenField?.type === 'selectboxes'
        ? whenField.values
        : undefined;
  return (
    <Stack gap="xs">
      <NativeSelect
        label="Action"
        value={current.action}
        onChange={(e) => set({ action: e.currentTarget.value as 'show' | 'hide' })}
        data={[
          { value: 'show', label: 'Show this field when' },
          { value: 'hide', label: 'Hide this field when' },
        ]}
      />
      <NativeSelect
        label="Field"
        value={current.when}
        onChange={(e) => set({ when: e.currentTarget.value })}
        data={[
          ...(whenField ? [] : [{ value: current.when, label: `${current.when} (missing)` }]),
          ...fields.map((f) => ({ value: f.key, label: `${f.label || f.key} (${f.key})` })),
        ]}
      />
      <NativeSelect
        label="Operator"
        value={current.operator}
        onChange={(e) => set({ operator: e.currentTarget.value as Operator })}
        data={OPERATORS.map((o) => ({ value: o.value, label: o.label }))}
      />
      {needsValue ? (
        options ? (
          <NativeSelect
            label="Value"
            value={current.value}
            onChange={(e) => set({ value: e.currentTarget.value })}
            data={[
              { value: '', label: 'Choose…' },
              ...options.map((o) => ({ value: String(o.value), label: o.label })),
            ]}
          />
        ) : (
          <TextInput label="Value" value={current.value} onChange={(e) => set({ value: e.currentTarget.value })} />
        )
      ) : null}
      <Group justify="space-between" align="center">
        <Code fz="xs">{JSON.stringify(value?.json)}</Code>
        <Button variant="subtle" color="red" size="xs" onClick={() => onChange(undefined)}>
          Remove
        </Button>
      </Group>
    </Stack>
  );
}
