import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { KEY_PATTERN } from '@under/core/forms/component.schema';
import { EU_PERMISSIONS, type FieldType } from '@under/core/forms/field-types';
import { getSystemField, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { MESSAGES } from '@under/core/messages';
import type { Dictionary } from '@under/core/templates/dictionary.schema';
import { formTypeName } from '@under/core/templates/field-names';
import {
  DEFAULT_DATE_FORMAT,
  dictionaryFormType,
  entryFitsBox,
  hasOwnLabel,
} from '@under/core/templates/form-from-mapping';
import { isBindingAllowed } from '@under/core/templates/mapping-rules';
import {
  PDF_FIELD_TYPES,
  type PdfField,
  type PdfFieldType,
  type PdfPage,
} from '@under/core/templates/pdf-field.schema';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { useEffect, useState } from 'react';
import type { FormFieldRef } from '../api/mapper-api';
import { clampRect } from '../lib/geometry';
import { type BindingChoice, bindingFor, isGeneratedKey } from '../lib/mapping-state';

interface FieldPanelProps {
  field: PdfField;
  fields: readonly PdfField[];
  pages: readonly PdfPage[];
  dictionaries: readonly Dictionary[];
  formFields: readonly FormFieldRef[];
  problems: readonly { message: string }[];
  onChange: (patch: Partial<PdfField>) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

/** The system fields (spec 1 §3) a box of this type may stand for; the hidden recordId is the portal's. */
function bindableSystemFields(type: PdfFieldType) {
  return SYSTEM_FIELDS.filter(
    (d) => d.type !== 'hidden' && d.types.some((t: FieldType) => isBindingAllowed(type, t)),
  ).map((d) => ({ ...d, type: d.types.find((t: FieldType) => isBindingAllowed(type, t)) ?? d.type }));
}

const num = (value: string | number, fallback: number) => {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : fallback;
};

/** Everything about the selected box: key, binding with the type matches, behaviour and position. */
export function FieldPanel({
  field,
  fields,
  pages,
  dictionaries,
  formFields,
  problems,
  onChange,
  onDuplicate,
  onRemove,
}: FieldPanelProps) {
  // the key is edited as text and applied while valid, so typing through an invalid state keeps the last good key
  const [keyText, setKeyText] = useState(field.key);
  const [bindingError, setBindingError] = useState<string | null>(null);
  // a key changed elsewhere (binding renames it) shows here
  useEffect(() => setKeyText(field.key), [field.key]);

  const keyError = !keyText ? MESSAGES.keyPattern : !KEY_PATTERN.test(keyText) ? MESSAGES.keyPattern : null;
  const page = pages.find((p) => p.page === field.page) ?? pages[0];
  const isGrouped = field.type === 'radio' || field.type === 'checkboxList';

  const bindingValue = field.bindingField
    ? field.bindingField.dictionaryId
      ? `dict:${field.bindingField.dictionaryId}`
      : `form:${field.bindingField.key}`
    : '';
  // only what this box may take (spec 1 §5 type matches): entries and fields of other types are not offered
  const systemChoices = bindableSystemFields(field.type);
  // an entry under a system field's key (the starter dictionary's DBA name) is that system field: listed once, there
  const entryChoices = dictionaries.filter((d) => !getSystemField(d.name) && entryFitsBox(field.type, d));
  const formChoices = formFields.filter((f) => !getSystemField(f.key) && isBindingAllowed(field.type, f.type));
  const group = (name: string, items: { value: string; label: string }[]) =>
    items.length ? [{ group: name, items }] : [];
  const bindingData = [
    { value: '', label: MAPPER_TEXT.bindingNone },
    ...group(
      MAPPER_TEXT.bindingSystem,
      systemChoices.map((d) => ({
        value: `form:${d.key}`,
        label: MAPPER_TEXT.bindingOption(d.label, d.key, formTypeName(d.type)),
      })),
    ),
    ...group(
      MAPPER_TEXT.bindingDictionary,
      entryChoices.map((d) => ({
        value: `dict:${d.id}`,
        label: MAPPER_TEXT.bindingOption(d.label, d.name, formTypeName(dictionaryFormType(d))),
      })),
    ),
    ...group(
      MAPPER_TEXT.bindingForm,
      formChoices.map((f) => ({
        value: `form:${f.key}`,
        label: MAPPER_TEXT.bindingOption(f.label, f.key, formTypeName(f.type)),
      })),
    ),
  ];
  // a binding whose entry is not in the loaded lists still shows
  if (bindingValue && !JSON.stringify(bindingData).includes(`"${bindingValue}"`) && field.bindingField) {
    bindingData.push({
      value: bindingValue,
      label: `${field.bindingField.key} (${formTypeName(field.bindingField.type)})`,
    });
  }
  const boundEntry = field.bindingField?.dictionaryId
    ? dictionaries.find((d) => d.id === field.bindingField?.dictionaryId)
    : undefined;
  // a lone checkbox bound to a radio or checkbox-list entry stands for one of its choices
  const choiceOptions =
    field.type === 'checkbox' && boundEntry?.options?.length
      ? boundEntry.options.filter((o) => o.value).map((o) => ({ value: o.value, label: o.label || o.value }))
      : [];

  const chooseBinding = (value: string | null) => {
    if (!value) {
      setBindingError(null);
      onChange({ bindingField: undefined });
      return;
    }
    let choice: BindingChoice | null = null;
    if (value.startsWith('dict:')) {
      const entry = dictionaries.find((d) => `dict:${d.id}` === value);
      if (entry) choice = { kind: 'dictionary', entry };
    } else {
      const system = systemChoices.find((d) => `form:${d.key}` === value);
      const ref = formFields.find((f) => `form:${f.key}` === value);
      if (system) choice = { kind: 'form', key: system.key, type: system.type };
      else if (ref) choice = { kind: 'form', key: ref.key, type: ref.type };
    }
    if (!choice) return;
    const result = bindingFor(field, choice);
    if (!result.ok) {
      setBindingError(result.message);
      return;
    }
    setBindingError(null);
    const patch: Partial<PdfField> = { bindingField: result.binding };
    const isKeyFree = !fields.some((f) => f.id !== field.id && f.key === result.binding.key);
    if (isGeneratedKey(field) && isKeyFree) patch.key = result.binding.key;
    if (choice.kind === 'dictionary') {
      // the entry's label replaces none, or an AcroForm name standing in for one ("account_number")
      if (choice.entry.label && !hasOwnLabel(field)) patch.label = choice.entry.label;
      // the entry's protection and obligation carry over; the admin may still add them where the entry has none
      if (choice.entry.encrypted) patch.euEncrypted = true;
      if (choice.entry.require) patch.required = true;
      if (field.type === 'date' && choice.entry.dateFormat && !field.dateFormat)
        patch.dateFormat = choice.entry.dateFormat;
    }
    onChange(patch);
  };

  const setRect = (patch: Partial<Pick<PdfField, 'x' | 'y' | 'width' | 'height'>>) => {
    if (!page) return;
    onChange(clampRect({ x: field.x, y: field.y, width: field.width, height: field.height, ...patch }, page));
  };

  const options = field.options ?? [];
  const setOptions = (next: { label: string; value: string }[]) => onChange({ options: next });
  const replicaSources = [...new Set(fields.filter((f) => f.type !== 'replica').map((f) => f.key))];
  const otherProblems = problems.filter((p) => p.message !== MESSAGES.mappingInvalid);

  return (
    <Stack gap="sm" component="section" aria-labelledby="field-panel-title">
      <Group justify="space-between">
        <Title order={2} fz="lg" id="field-panel-title">
          {MAPPER_TEXT.panelTitle}
        </Title>
        <Group gap={6}>
          <Button size="compact-sm" variant="default" onClick={onDuplicate}>
            {MAPPER_TEXT.duplicate}
          </Button>
          <Button size="compact-sm" variant="light" color="red" onClick={onRemove}>
            {MAPPER_TEXT.remove}
          </Button>
        </Group>
      </Group>
      {otherProblems.length ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          {otherProblems.map((p) => (
            <Text key={p.message} size="sm">
              {p.message}
            </Text>
          ))}
        </Alert>
      ) : null}
      <TextInput
        label={MAPPER_TEXT.keyLabel}
        required
        value={keyText}
        error={keyError}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setKeyText(next);
          if (next && KEY_PATTERN.test(next)) onChange({ key: next });
        }}
      />
      <TextInput
        label={MAPPER_TEXT.labelLabel}
        value={field.label ?? ''}
        onChange={(event) => onChange({ label: event.currentTarget.value || undefined })}
      />
      <Select
        label={MAPPER_TEXT.typeLabel}
        data={PDF_FIELD_TYPES.map((t) => ({ value: t, label: MAPPER_TEXT.types[t] ?? t }))}
        value={field.type}
        allowDeselect={false}
        onChange={(value) => value && onChange({ type: value as PdfFieldType })}
      />
      <Select
        label={MAPPER_TEXT.bindingLabel}
        description={MAPPER_TEXT.bindingHelp}
        data={bindingData}
        value={bindingValue}
        searchable
        nothingFoundMessage="—"
        error={bindingError}
        onChange={chooseBinding}
      />
      {choiceOptions.length ? (
        <Select
          label={MAPPER_TEXT.optionValueLabel}
          description={MAPPER_TEXT.choiceBoxHelp}
          data={choiceOptions}
          value={field.optionValue ?? null}
          onChange={(value) => onChange({ optionValue: value ?? undefined })}
        />
      ) : null}
      {field.type === 'date' ? (
        <TextInput
          label={MAPPER_TEXT.dateFormatLabel}
          description={MAPPER_TEXT.dateFormatHelp}
          placeholder={DEFAULT_DATE_FORMAT}
          value={field.dateFormat ?? ''}
          onChange={(event) => onChange({ dateFormat: event.currentTarget.value || undefined })}
        />
      ) : null}
      {field.type === 'replica' ? (
        <Select
          label={MAPPER_TEXT.replicaOfLabel}
          placeholder={MAPPER_TEXT.replicaNone}
          data={replicaSources}
          value={field.replicaOf ?? null}
          onChange={(value) => onChange({ replicaOf: value ?? undefined })}
        />
      ) : null}
      {isGrouped ? (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {MAPPER_TEXT.optionsLabel}
          </Text>
          {options.map((option, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; values may repeat while typing
            <Group key={i} gap={6} wrap="nowrap" align="flex-end">
              <TextInput
                size="xs"
                label={MAPPER_TEXT.optionLabel(i + 1)}
                value={option.label}
                onChange={(event) =>
                  setOptions(options.map((o, j) => (j === i ? { ...o, label: event.currentTarget.value } : o)))
                }
              />
              <TextInput
                size="xs"
                label={MAPPER_TEXT.optionValue(i + 1)}
                value={option.value}
                onChange={(event) =>
                  setOptions(options.map((o, j) => (j === i ? { ...o, value: event.currentTarget.value } : o)))
                }
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={MAPPER_TEXT.removeOption(i + 1)}
                onClick={() => setOptions(options.filter((_, j) => j !== i))}
                mb={4}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button
            size="compact-xs"
            variant="default"
            w="fit-content"
            onClick={() =>
              setOptions([...options, { label: `Option ${options.length + 1}`, value: `option${options.length + 1}` }])
            }
          >
            {MAPPER_TEXT.addOption}
          </Button>
          <Select
            label={MAPPER_TEXT.optionValueLabel}
            data={options.filter((o) => o.value).map((o) => ({ value: o.value, label: o.label || o.value }))}
            value={field.optionValue ?? null}
            onChange={(value) => onChange({ optionValue: value ?? undefined })}
          />
        </Stack>
      ) : null}
      <DefaultValueInput field={field} onChange={onChange} />
      <Group gap="lg">
        <Checkbox
          label={MAPPER_TEXT.requiredLabel}
          checked={field.required}
          onChange={(event) => onChange({ required: event.currentTarget.checked })}
        />
        <Checkbox
          label={MAPPER_TEXT.encryptedLabel}
          checked={field.euEncrypted}
          onChange={(event) => onChange({ euEncrypted: event.currentTarget.checked })}
        />
      </Group>
      <Select
        label={MAPPER_TEXT.permissionLabel}
        data={EU_PERMISSIONS.map((p) => ({ value: p, label: MAPPER_TEXT.permissions[p] ?? p }))}
        value={field.euPermission}
        allowDeselect={false}
        onChange={(value) => value && onChange({ euPermission: value as PdfField['euPermission'] })}
      />
      <NumberInput
        label={MAPPER_TEXT.fontSizeLabel}
        min={4}
        max={72}
        value={field.fontSize ?? ''}
        onChange={(value) => {
          const n = num(value, Number.NaN);
          onChange({ fontSize: Number.isFinite(n) ? Math.min(72, Math.max(4, n)) : undefined });
        }}
      />
      <Group grow gap="xs">
        <Select
          label={MAPPER_TEXT.pageInput}
          data={pages.map((p) => String(p.page))}
          value={String(field.page)}
          allowDeselect={false}
          onChange={(value) => {
            const target = pages.find((p) => String(p.page) === value);
            if (target) onChange({ page: target.page, ...clampRect(field, target) });
          }}
        />
        <NumberInput
          label={MAPPER_TEXT.xInput}
          min={0}
          decimalScale={2}
          value={field.x}
          onChange={(v) => setRect({ x: num(v, field.x) })}
        />
        <NumberInput
          label={MAPPER_TEXT.yInput}
          min={0}
          decimalScale={2}
          value={field.y}
          onChange={(v) => setRect({ y: num(v, field.y) })}
        />
      </Group>
      <Group grow gap="xs">
        <NumberInput
          label={MAPPER_TEXT.widthInput}
          min={4}
          decimalScale={2}
          value={field.width}
          onChange={(v) => setRect({ width: num(v, field.width) })}
        />
        <NumberInput
          label={MAPPER_TEXT.heightInput}
          min={4}
          decimalScale={2}
          value={field.height}
          onChange={(v) => setRect({ height: num(v, field.height) })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {MAPPER_TEXT.keyboardHelp}
      </Text>
    </Stack>
  );
}

function DefaultValueInput({ field, onChange }: { field: PdfField; onChange: (patch: Partial<PdfField>) => void }) {
  const value = field.defaultValue;
  if (field.type === 'image' || field.type === 'signature' || field.type === 'replica') return null;
  if (field.type === 'checkbox') {
    return (
      <Switch
        label={MAPPER_TEXT.defaultValueLabel}
        checked={value === true}
        onChange={(event) => onChange({ defaultValue: event.currentTarget.checked || undefined })}
      />
    );
  }
  const options = (field.options ?? [])
    .filter((o) => o.value)
    .map((o) => ({ value: o.value, label: o.label || o.value }));
  if (field.type === 'checkboxList') {
    return (
      <MultiSelect
        label={MAPPER_TEXT.defaultValueLabel}
        data={options}
        value={Array.isArray(value) ? value : []}
        onChange={(next) => onChange({ defaultValue: next.length ? next : undefined })}
      />
    );
  }
  if (field.type === 'radio') {
    return (
      <Select
        label={MAPPER_TEXT.defaultValueLabel}
        data={options}
        value={typeof value === 'string' ? value : null}
        onChange={(next) => onChange({ defaultValue: next ?? undefined })}
      />
    );
  }
  return (
    <TextInput
      label={MAPPER_TEXT.defaultValueLabel}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange({ defaultValue: event.currentTarget.value || undefined })}
    />
  );
}
