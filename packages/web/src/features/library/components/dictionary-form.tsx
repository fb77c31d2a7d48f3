import {
  ActionIcon,
  Button,
  Divider,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { DATE_FORMATS } from '@under/core/forms/format';
import { REGEX_SAMPLES } from '@under/core/forms/regex-samples';
import { DICTIONARY_TYPES, type Dictionary, type DictionaryInput } from '@under/core/templates/dictionary.schema';
import { DICTIONARY_DATA_TYPES } from '@under/core/templates/pdf-field.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { type ReactNode, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type Resolver,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useSaveDictionary } from '../api/library-api';
import {
  attributesFor,
  type DictionaryField,
  type DictionaryFormValues,
  EMPTY_DICTIONARY,
  kindOf,
  toDictionaryInput,
  toFormValues,
} from '../lib/dictionary-values';

const TYPE_OPTIONS = [
  { value: '', label: T.typePlaceholder, disabled: true },
  ...DICTIONARY_TYPES.map((t) => ({ value: t, label: T.typeNames[t] })),
];
const DATA_TYPE_OPTIONS = [
  { value: '', label: T.sameAsType },
  ...DICTIONARY_DATA_TYPES.map((t) => ({ value: t, label: T.typeNames[t] })),
];
const FIELDS = Object.keys(EMPTY_DICTIONARY) as DictionaryField[];

/** Checks the values with the server's contract; what it would refuse appears under the inputs. */
function resolverFor(saved: Dictionary | undefined): Resolver<DictionaryFormValues, unknown, DictionaryInput> {
  return async (values) => {
    const { body, errors } = toDictionaryInput(values, saved);
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values: body, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validate', message }])),
    };
  };
}

/** Create or edit one dictionary entry with every attribute of spec 1 §3. */
export function DictionaryForm({
  entry,
  onDone,
  onCancel,
}: {
  entry?: Dictionary;
  onDone: (saved: Dictionary) => void;
  onCancel: () => void;
}) {
  const save = useSaveDictionary();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<DictionaryFormValues, unknown, DictionaryInput>({
    resolver: resolverFor(entry),
    mode: 'onTouched',
    defaultValues: entry ? toFormValues(entry) : EMPTY_DICTIONARY,
  });
  const type = useWatch({ control, name: 'type' });
  const dataType = useWatch({ control, name: 'dataType' });
  const kind = kindOf({ type, dataType });
  const has = attributesFor({ type, dataType });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: entry?.id, body });
      notifySuccess(entry ? T.entrySaved : T.entryCreated);
      onDone(saved);
    } catch (error) {
      if (error instanceof HttpError && error.code === ERROR_CODES.dictionaryKeyUsed) {
        setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(applyServerErrors(error, setError, FIELDS as FieldPath<DictionaryFormValues>[]));
    }
  });

  const numberField = (name: DictionaryField & FieldPath<DictionaryFormValues>, label: string, min?: number) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          min={min}
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

  return (
    <form onSubmit={onSubmit} noValidate aria-label={entry ? T.editDictionaryTitle(entry.name) : T.newDictionaryTitle}>
      <Stack gap="lg">
        <FormAlert message={formError} />

        <Part title={T.sectionBasics}>
          <NativeSelect
            label={T.typeLabel}
            description={T.typeDescription}
            withAsterisk
            data={TYPE_OPTIONS}
            error={errors.type?.message}
            {...register('type')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={T.nameLabel}
              description={T.nameDescription}
              withAsterisk
              autoComplete="off"
              maxLength={100}
              error={errors.name?.message}
              {...register('name')}
            />
            <TextInput
              label={T.labelLabel}
              withAsterisk
              autoComplete="off"
              maxLength={500}
              error={errors.label?.message}
              {...register('label')}
            />
          </SimpleGrid>
          <NativeSelect
            label={T.dataTypeLabel}
            description={T.dataTypeDescription}
            data={DATA_TYPE_OPTIONS}
            error={errors.dataType?.message}
            {...register('dataType')}
          />
        </Part>

        {has.hasOptions ? (
          <Part title={T.sectionChoices}>
            <OptionsEditor control={control} error={errors.options?.message} register={register} />
          </Part>
        ) : null}

        {has.hasDefault || has.hasAffixes || has.hasDateFormat ? (
          <Part title={T.sectionValue}>
            {has.hasDefault ? <DefaultValueInput control={control} kind={kind} /> : null}
            {has.hasAffixes ? (
              <SimpleGrid cols={2}>
                <TextInput
                  label={T.prefixLabel}
                  maxLength={20}
                  error={errors.prefix?.message}
                  {...register('prefix')}
                />
                <TextInput
                  label={T.suffixLabel}
                  maxLength={20}
                  error={errors.suffix?.message}
                  {...register('suffix')}
                />
              </SimpleGrid>
            ) : null}
            {has.hasDecimals ? (
              <>
                {numberField('decimalLimit', T.decimalLimitLabel, 0)}
                <Controller
                  control={control}
                  name="delimiter"
                  render={({ field }) => (
                    <Switch
                      label={T.delimiterLabel}
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="requireDecimal"
                  render={({ field }) => (
                    <Switch
                      label={T.requireDecimalLabel}
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
              </>
            ) : null}
            {has.hasDateFormat ? (
              <NativeSelect
                label={T.dateFormatLabel}
                data={[{ value: '', label: DATE_FORMATS[0] }, ...DATE_FORMATS.slice(1)]}
                error={errors.dateFormat?.message}
                {...register('dateFormat')}
              />
            ) : null}
          </Part>
        ) : null}

        <Part title={T.sectionRules}>
          <Controller
            control={control}
            name="require"
            render={({ field }) => (
              <Switch
                label={T.requireLabel}
                description={T.requireDescription}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={control}
            name="encrypted"
            render={({ field }) => (
              <Switch
                label={T.encryptedLabel}
                description={T.encryptedDescription}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          {has.hasLength ? (
            <SimpleGrid cols={2}>
              {numberField('minLength', T.minLengthLabel, 0)}
              {numberField('maxLength', T.maxLengthLabel, 0)}
            </SimpleGrid>
          ) : null}
          {has.hasRange ? (
            <SimpleGrid cols={2}>
              {numberField('minValue', T.minValueLabel)}
              {numberField('maxValue', T.maxValueLabel)}
            </SimpleGrid>
          ) : null}
          {has.hasPattern ? (
            <Stack gap={6}>
              <NativeSelect
                label={T.patternSampleLabel}
                value=""
                data={[
                  { value: '', label: T.patternSamplePlaceholder },
                  ...REGEX_SAMPLES.map((s) => ({ value: s.id, label: s.label })),
                ]}
                onChange={(event) => {
                  const sample = REGEX_SAMPLES.find((s) => s.id === event.currentTarget.value);
                  if (sample) setValue('pattern', sample.source, { shouldDirty: true, shouldValidate: true });
                }}
              />
              <TextInput
                label={T.patternLabel}
                description={T.patternDescription}
                autoComplete="off"
                spellCheck={false}
                ff="monospace"
                error={errors.pattern?.message}
                {...register('pattern')}
              />
            </Stack>
          ) : null}
        </Part>

        <Part title={T.sectionAdvanced}>
          <Controller
            control={control}
            name="alternativeKeys"
            render={({ field, fieldState }) => (
              <TagsInput
                label={T.alternativeKeysLabel}
                description={T.alternativeKeysDescription}
                placeholder={field.value.length ? undefined : T.alternativeKeysPlaceholder}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxTags={50}
                splitChars={[',', ' ']}
                error={fieldState.error?.message}
                clearable
              />
            )}
          />
          <Textarea
            label={T.conditionsLabel}
            description={T.conditionsDescription}
            rows={4}
            resize="vertical"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            error={errors.conditions?.message}
            {...register('conditions')}
          />
          <Textarea
            label={T.customScriptsLabel}
            description={T.customScriptsDescription}
            rows={3}
            resize="vertical"
            maxLength={20_000}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            error={errors.customScripts?.message}
            {...register('customScripts')}
          />
        </Part>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {UI_TEXT.cancelButton}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {entry ? T.saveEntry : T.createEntry}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
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

function OptionsEditor({
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

function DefaultValueInput({
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
