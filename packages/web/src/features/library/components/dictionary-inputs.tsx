import {
  ActionIcon,
  Button,
  Divider,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { DictionaryInput } from '@under/core/templates/dictionary.schema';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, useFieldArray, type useForm, useWatch } from 'react-hook-form';
import type { DictionaryField, DictionaryFormValues } from '../lib/dictionary-values';

export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={3} fz="md" component="legend" p={0} mb={4}>
        {title}
      </Title>
      {children}
      <Divider mt={4} />
    </Stack>
  );
}

export function OptionsEditor({
  control,
  register,
  error,
}: {
  control: Control<DictionaryFormValues, unknown, DictionaryInput>;
  register: ReturnType<typeof useForm<DictionaryFormValues, unknown, DictionaryInput>>['register'];
  error?: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {T.optionsDescription}
      </Text>
      {fields.map((option, index) => (
        <Group key={option.id} gap="xs" align="flex-end" wrap="nowrap" data-testid="option-row">
          <TextInput
            label={T.optionLabel(index + 1)}
            style={{ flex: 1 }}
            maxLength={500}
            {...register(`options.${index}.label`)}
          />
          <TextInput
            label={T.optionValue(index + 1)}
            style={{ flex: 1 }}
            maxLength={500}
            {...register(`options.${index}.value`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={T.removeOption(index + 1)}
            onClick={() => remove(index)}
          >
            <span aria-hidden>✕</span>
          </ActionIcon>
        </Group>
      ))}
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" onClick={() => append({ label: '', value: '' })}>
          {T.addOption}
        </Button>
      </Group>
    </Stack>
  );
}

export function DefaultValueInput({
  control,
  kind,
}: {
  control: Control<DictionaryFormValues, unknown, DictionaryInput>;
  kind: NonNullable<DictionaryFormValues['type']>;
}) {
  const options = useWatch({ control, name: 'options' })
    .filter((o) => o.value.trim() !== '')
    .map((o) => ({ value: o.value.trim(), label: o.label.trim() || o.value.trim() }));
  if (kind === 'number' || kind === 'currency') {
    return (
      <Controller
        control={control}
        name="defaultNumber"
        render={({ field, fieldState }) => (
          <NumberInput
            label={T.defaultValueLabel}
            value={field.value}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    );
  }
  if (kind === 'checkbox') {
    return (
      <Controller
        control={control}
        name="defaultChecked"
        render={({ field }) => (
          <Switch
            label={T.defaultCheckedLabel}
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
    );
  }
  if (kind === 'checkboxList') {
    return (
      <Controller
        control={control}
        name="defaultChoices"
        render={({ field, fieldState }) => (
          <MultiSelect
            label={T.defaultValueLabel}
            placeholder={field.value.length ? undefined : T.defaultChoicePlaceholder}
            data={options}
            value={field.value.filter((v) => options.some((o) => o.value === v))}
            onChange={field.onChange}
            error={fieldState.error?.message}
            clearable
          />
        )}
      />
    );
  }
  if (kind === 'radio') {
    return (
      <Controller
        control={control}
        name="defaultText"
        render={({ field, fieldState }) => (
          <NativeSelect
            label={T.defaultValueLabel}
            data={[{ value: '', label: T.defaultChoicePlaceholder }, ...options]}
            value={options.some((o) => o.value === field.value) ? field.value : ''}
            onChange={(e) => field.onChange(e.currentTarget.value)}
            error={fieldState.error?.message}
          />
        )}
      />
    );
  }
  return (
    <Controller
      control={control}
      name="defaultText"
      render={({ field, fieldState }) => (
        <TextInput
          label={T.defaultValueLabel}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          maxLength={10_000}
        />
      )}
    />
  );
}

type BooleanField = 'delimiter' | 'requireDecimal' | 'require' | 'encrypted';

/** A switch bound to one of the entry's yes/no attributes. */
export function SwitchField(props: {
  control: Control<DictionaryFormValues, unknown, DictionaryInput>;
  name: BooleanField;
  label: string;
  description?: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Switch
          label={props.label}
          description={props.description}
          checked={field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
        />
      )}
    />
  );
}

/** A number input bound to one of the entry's numeric attributes (decimals where the attribute may have them). */
export function NumberField(props: {
  control: Control<DictionaryFormValues, unknown, DictionaryInput>;
  name: DictionaryField & FieldPath<DictionaryFormValues>;
  label: string;
  min?: number;
}) {
  const { name } = props;
  return (
    <Controller
      control={props.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={props.label}
          min={props.min}
          value={field.value as number | ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
          allowDecimal={name === 'minValue' || name === 'maxValue' || name === 'defaultNumber'}
        />
      )}
    />
  );
}
