import { Button, Code, Fieldset, NativeSelect, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { LogicEntry } from '@under/core/forms/component.schema';
import type { FormComponent } from '@under/core/forms/form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { ConditionFields } from './condition-editor';
import {
  LOGIC_EFFECTS,
  type LogicEffect,
  logicToSimple,
  parseCalculation,
  type SimpleLogic,
  simpleToLogic,
} from './logic-rules';

const EFFECT_LABELS: Record<LogicEffect, string> = {
  value: UI_TEXT.builderLogicEffectValue,
  disable: UI_TEXT.builderLogicEffectDisable,
  enable: UI_TEXT.builderLogicEffectEnable,
  require: UI_TEXT.builderLogicEffectRequire,
  optional: UI_TEXT.builderLogicEffectOptional,
  hide: UI_TEXT.builderLogicEffectHide,
  show: UI_TEXT.builderLogicEffectShow,
};

interface LogicEditorProps {
  component: FormComponent;
  /** The other fields a condition may test. */
  fields: readonly FormComponent[];
  onChange: (next: FormComponent, attribute: string) => void;
}

/**
 * A field's calculated value and logic actions (decisions 069, 093). The calculation is typed as JSON and kept only
 * when core's validateLogic accepts it; nothing typed here is ever run as code.
 */
export function LogicEditor({ component, fields, onChange }: LogicEditorProps) {
  const set = (patch: Partial<FormComponent>, attribute: string) =>
    onChange({ ...component, ...patch } as FormComponent, attribute);
  const logic = component.logic ?? [];
  const setLogic = (next: LogicEntry[]) => set({ logic: next.length ? next : undefined }, 'logic');
  return (
    <Stack gap="md">
      <CalculationInput
        key={component.key}
        value={component.calculateValue}
        onChange={(rule) =>
          set(
            rule === undefined
              ? { calculateValue: undefined, allowCalculateOverride: undefined }
              : { calculateValue: rule },
            'calculateValue',
          )
        }
      />
      <Switch
        label={UI_TEXT.builderLogicAllowOverride}
        disabled={component.calculateValue === undefined}
        checked={component.allowCalculateOverride === true}
        onChange={(e) =>
          set({ allowCalculateOverride: e.currentTarget.checked || undefined }, 'allowCalculateOverride')
        }
      />
      <Stack gap="xs">
        <Title order={3} size="h6">
          {UI_TEXT.builderLogicActions}
        </Title>
        {logic.length === 0 ? (
          <Text size="sm" c="dimmed">
            {UI_TEXT.builderLogicNoActions}
          </Text>
        ) : null}
        {logic.map((entry, i) => (
          <LogicEntryEditor
            // entries have no id: an added or removed one starts every entry's editor afresh from what it holds
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={`${component.key}-${i}-${logic.length}`}
            n={i + 1}
            entry={entry}
            fields={fields}
            onChange={(next) => setLogic(logic.map((e, j) => (j === i ? next : e)))}
            onRemove={() => setLogic(logic.filter((_, j) => j !== i))}
          />
        ))}
        {fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            {UI_TEXT.builderLogicNoOtherField}
          </Text>
        ) : null}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          disabled={fields.length === 0}
          onClick={() => {
            const made = simpleToLogic({
              when: { when: fields[0]?.key ?? '', operator: 'equals', value: '' },
              effect: 'disable',
              value: '',
            });
            if ('entry' in made) setLogic([...logic, made.entry]);
          }}
        >
          {UI_TEXT.builderLogicAddAction}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The calculation as JSON text: a draft that is written to the field only when it is valid JSON Logic. */
function CalculationInput({ value, onChange }: { value: unknown; onChange: (rule: unknown) => void }) {
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value)));
  const [error, setError] = useState<string>();
  return (
    <Textarea
      label={UI_TEXT.builderLogicCalculatedValue}
      description={UI_TEXT.builderLogicCalculatedValueHelp}
      autosize
      minRows={2}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      value={text}
      error={error}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const parsed = parseCalculation(next);
        setError(parsed.error);
        if (parsed.error === undefined) onChange(parsed.rule);
      }}
    />
  );
}

interface LogicEntryEditorProps {
  n: number;
  entry: LogicEntry;
  fields: readonly FormComponent[];
  onChange: (next: LogicEntry) => void;
  onRemove: () => void;
}

function LogicEntryEditor({ n, entry, fields, onChange, onRemove }: LogicEntryEditorProps) {
  const simple = logicToSimple(entry);
  // the value as typed, kept while it is not yet valid (an unfinished JSON Logic rule)
  const [draft, setDraft] = useState(() => (simple === 'custom' ? '' : simple.value));
  const [error, setError] = useState<string>();
  const remove = (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      w="fit-content"
      aria-label={UI_TEXT.builderLogicRemoveAction(n)}
      onClick={onRemove}
    >
      Remove
    </Button>
  );
  if (simple === 'custom') {
    return (
      <Fieldset legend={UI_TEXT.builderLogicAction(n)}>
        <Stack gap="xs">
          <Text size="sm">{UI_TEXT.builderLogicCustom}</Text>
          <Code block>{JSON.stringify(entry, null, 2)}</Code>
          {remove}
        </Stack>
      </Fieldset>
    );
  }
  const update = (change: Partial<SimpleLogic>) => {
    const next = { ...simple, value: draft, ...change };
    if (change.value !== undefined) setDraft(change.value);
    const made = simpleToLogic(next);
    if ('error' in made) {
      setError(made.error);
      return;
    }
    setError(undefined);
    onChange(made.entry);
  };
  return (
    <Fieldset legend={UI_TEXT.builderLogicAction(n)}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {UI_TEXT.builderLogicWhen}
        </Text>
        <ConditionFields
          value={simple.when}
          fields={fields}
          onChange={(change) => update({ when: { ...simple.when, ...change } })}
        />
        <NativeSelect
          label={UI_TEXT.builderLogicThen}
          value={simple.effect}
          onChange={(e) => update({ effect: e.currentTarget.value as LogicEffect })}
          data={LOGIC_EFFECTS.map((e) => ({ value: e, label: EFFECT_LABELS[e] }))}
        />
        {simple.effect === 'value' ? (
          <TextInput
            label={UI_TEXT.builderLogicValue}
            description={UI_TEXT.builderLogicValueHelp}
            value={draft}
            error={error}
            onChange={(e) => update({ value: e.currentTarget.value })}
          />
        ) : null}
        {remove}
      </Stack>
    </Fieldset>
  );
}
