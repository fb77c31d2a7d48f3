import { Button, Group, NativeSelect, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { DATE_FORMATS } from '@under/core/forms/format';
import { REGEX_SAMPLES } from '@under/core/forms/regex-samples';
import { DICTIONARY_TYPES, type Dictionary, type DictionaryInput } from '@under/core/templates/dictionary.schema';
import { DICTIONARY_DATA_TYPES } from '@under/core/templates/pdf-field.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useSaveDictionary } from '../api/library-api';
import { resolverFor } from '../lib/dictionary-resolver';
import {
  attributesFor,
  type DictionaryField,
  type DictionaryFormValues,
  EMPTY_DICTIONARY,
  kindOf,
  toFormValues,
} from '../lib/dictionary-values';
import { DefaultValueInput, NumberField, OptionsEditor, Part, SwitchField } from './dictionary-inputs';

const TYPE_OPTIONS = [
  { value: '', label: T.typePlaceholder, disabled: true },
  ...DICTIONARY_TYPES.map((t) => ({ value: t, label: T.typeNames[t] })),
];
const DATA_TYPE_OPTIONS = [
  { value: '', label: T.sameAsType },
  ...DICTIONARY_DATA_TYPES.map((t) => ({ value: t, label: T.typeNames[t] })),
];
const FIELDS = Object.keys(EMPTY_DICTIONARY) as DictionaryField[];

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
                <NumberField control={control} name="decimalLimit" label={T.decimalLimitLabel} min={0} />
                <SwitchField control={control} name="delimiter" label={T.delimiterLabel} />
                <SwitchField control={control} name="requireDecimal" label={T.requireDecimalLabel} />
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
          <SwitchField control={control} name="require" label={T.requireLabel} description={T.requireDescription} />
          <SwitchField
            control={control}
            name="encrypted"
            label={T.encryptedLabel}
            description={T.encryptedDescription}
          />
          {has.hasLength ? (
            <SimpleGrid cols={2}>
              <NumberField control={control} name="minLength" label={T.minLengthLabel} min={0} />
              <NumberField control={control} name="maxLength" label={T.maxLengthLabel} min={0} />
            </SimpleGrid>
          ) : null}
          {has.hasRange ? (
            <SimpleGrid cols={2}>
              <NumberField control={control} name="minValue" label={T.minValueLabel} />
              <NumberField control={control} name="maxValue" label={T.maxValueLabel} />
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
