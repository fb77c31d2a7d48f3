import { Group, NativeSelect, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import type { FormComponent } from '@under/core/forms/form.schema';
import { REGEX_SAMPLES } from '@under/core/forms/regex-samples';
import { UI_TEXT } from '@under/core/ui-text';
import type { EditPanelProps } from './edit-panel';
import { count, mergeValidate, NUMBER_TYPES, TEXT_TYPES, type Validate } from './edit-rules';

/** The Validation tab: required, lengths and words, a pattern (with presets), bounds and decimals, a message. */
export function ValidationFields({ component, onChange }: Pick<EditPanelProps, 'component' | 'onChange'>) {
  const set = (patch: Partial<FormComponent>, attribute: string) =>
    onChange({ ...component, ...patch } as FormComponent, attribute);
  const validate: Validate = component.validate ?? {};
  const setValidate = (patch: Partial<Validate>, attribute: string) =>
    onChange({ ...component, validate: mergeValidate(validate, patch) }, `validate.${attribute}`);
  const text = TEXT_TYPES.has(component.type);
  const numeric = NUMBER_TYPES.has(component.type);
  const preset = REGEX_SAMPLES.find((s) => s.source === validate.pattern)?.id ?? (validate.pattern ? 'custom' : '');
  return (
    <Stack gap="sm">
      <Switch
        label={UI_TEXT.builderEditRequired}
        checked={validate.required === true}
        onChange={(e) => setValidate({ required: e.currentTarget.checked || undefined }, 'required')}
      />
      {text ? (
        <>
          <Group grow>
            <NumberInput
              label={UI_TEXT.builderEditMinimumLength}
              min={0}
              value={validate.minLength ?? ''}
              onChange={(v) => setValidate({ minLength: count(v) }, 'minLength')}
            />
            <NumberInput
              label={UI_TEXT.builderEditMaximumLength}
              min={0}
              value={validate.maxLength ?? ''}
              onChange={(v) => setValidate({ maxLength: count(v) }, 'maxLength')}
            />
          </Group>
          <Group grow>
            <NumberInput
              label={UI_TEXT.builderEditMinimumWords}
              min={0}
              value={validate.minWords ?? ''}
              onChange={(v) => setValidate({ minWords: count(v) }, 'minWords')}
            />
            <NumberInput
              label={UI_TEXT.builderEditMaximumWords}
              min={0}
              value={validate.maxWords ?? ''}
              onChange={(v) => setValidate({ maxWords: count(v) }, 'maxWords')}
            />
          </Group>
          <NativeSelect
            label={UI_TEXT.builderEditPatternPreset}
            value={preset}
            onChange={(e) => {
              const sample = REGEX_SAMPLES.find((s) => s.id === e.currentTarget.value);
              setValidate(
                { pattern: sample?.source ?? (e.currentTarget.value === '' ? undefined : validate.pattern) },
                'pattern',
              );
            }}
            data={[
              { value: '', label: UI_TEXT.builderEditNone },
              ...REGEX_SAMPLES.map((s) => ({ value: s.id, label: s.label })),
              { value: 'custom', label: UI_TEXT.builderEditCustomPattern },
            ]}
          />
          <TextInput
            label={UI_TEXT.builderEditPatternRegularExpression}
            value={validate.pattern ?? ''}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            onChange={(e) => setValidate({ pattern: e.currentTarget.value || undefined }, 'pattern')}
          />
        </>
      ) : null}
      {numeric ? (
        <Group grow>
          <NumberInput
            label={UI_TEXT.builderEditMinimum}
            value={validate.min ?? ''}
            onChange={(v) => setValidate({ min: v === '' ? undefined : Number(v) }, 'min')}
          />
          <NumberInput
            label={UI_TEXT.builderEditMaximum}
            value={validate.max ?? ''}
            onChange={(v) => setValidate({ max: v === '' ? undefined : Number(v) }, 'max')}
          />
          <NumberInput
            label={UI_TEXT.builderEditDecimalLimit}
            min={0}
            max={20}
            value={component.type === 'number' || component.type === 'currency' ? (component.decimalLimit ?? '') : ''}
            onChange={(v) => set({ decimalLimit: count(v) } as Partial<FormComponent>, 'decimalLimit')}
          />
        </Group>
      ) : null}
      <TextInput
        label={UI_TEXT.builderEditCustomErrorMessage}
        value={validate.customMessage ?? ''}
        onChange={(e) => setValidate({ customMessage: e.currentTarget.value || undefined }, 'customMessage')}
      />
    </Stack>
  );
}
