import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { KEY_PATTERN } from '@under/core/forms/component.schema';
import { EU_PERMISSIONS } from '@under/core/forms/field-types';
import type { FormComponent } from '@under/core/forms/form.schema';
import { REGEX_SAMPLES } from '@under/core/forms/regex-samples';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useEffect, useState } from 'react';
import { ConditionEditor } from './condition-editor';
import { freeName, newOption, relabelOption } from './key-from-label';
import { tableCells } from './palette';

interface EditPanelProps {
  component: FormComponent;
  /** Every key of the component's scope (the form, or its grid or container), to refuse a duplicate. */
  keys: ReadonlySet<string>;
  /** The component sits in a grid or container: its key need only be unique there. */
  scoped?: boolean;
  fields: readonly FormComponent[];
  /** `attribute` groups fast edits of one attribute into one undo step. */
  onChange: (next: FormComponent, attribute: string) => void;
  onRename: (next: FormComponent) => void;
  /** The key still follows the label (a new field whose key was not typed by hand). */
  keyFollowsLabel?: boolean;
  /** A problem the server found with this key (e.g. 'This key already existed.'), until the key changes. */
  keyError?: string;
}

const PERMISSION_LABELS: Record<(typeof EU_PERMISSIONS)[number], string> = {
  editTableByPrimaryOwner: UI_TEXT.builderEditPrimaryOwnerOnly,
  editTableByShareOwner: UI_TEXT.builderEditSharedOwnersOnly,
  editTableByAllOwner: UI_TEXT.builderEditAllOwners,
  noneEditTableForAll: UI_TEXT.builderEditNobodyReadOnly,
};

const TEXT_TYPES = new Set(['textfield', 'textarea', 'password', 'email', 'phoneNumber', 'hidden']);
const NUMBER_TYPES = new Set(['number', 'currency']);
const NON_DATA = new Set([
  'panel',
  'fieldset',
  'columns',
  'content',
  'htmlelement',
  'button',
  // Grids and containers hold data in their children; their own options are in `GroupOptions`.
  'container',
  'datagrid',
  'editgrid',
  'well',
  'tabs',
  'table',
]);

type Validate = NonNullable<FormComponent['validate']>;

/** Keys: letters, digits and underscore, unique in the form ('This key already existed.'). */
export function keyProblem(key: string, current: string, keys: ReadonlySet<string>): string | undefined {
  if (!KEY_PATTERN.test(key)) return MESSAGES.keyFormat;
  if (key !== current && keys.has(key)) return MESSAGES.keyExists;
  return undefined;
}

function KeyInput({
  component,
  keys,
  scoped,
  onRename,
  keyFollowsLabel,
  keyError,
}: Pick<EditPanelProps, 'component' | 'keys' | 'scoped' | 'onRename' | 'keyFollowsLabel' | 'keyError'>) {
  const [draft, setDraft] = useState(component.key);
  useEffect(() => setDraft(component.key), [component.key]);
  const problem = keyProblem(draft, component.key, keys) ?? (draft === component.key ? keyError : undefined);
  return (
    <TextInput
      label={UI_TEXT.builderEditKey}
      description={
        keyFollowsLabel ? UI_TEXT.builderKeyFollows : scoped ? UI_TEXT.builderKeyHelpScoped : UI_TEXT.builderKeyHelp
      }
      value={draft}
      error={problem}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setDraft(next);
        if (!keyProblem(next, component.key, keys) && next !== component.key) onRename({ ...component, key: next });
      }}
    />
  );
}

function OptionsEditor({ component, onChange }: Pick<EditPanelProps, 'component' | 'onChange'>) {
  const values =
    component.type === 'select'
      ? (component.data.values ?? [])
      : component.type === 'radio' || component.type === 'selectboxes'
        ? component.values
        : [];
  const write = (next: typeof values) => {
    if (component.type === 'select')
      onChange({ ...component, data: { ...component.data, values: [...next] } }, 'options');
    else if (component.type === 'radio' || component.type === 'selectboxes')
      onChange({ ...component, values: [...next] }, 'options');
  };
  return (
    <Stack gap="xs">
      {values.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their value may be typed over
        <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={`Option ${i + 1} label`}
            value={option.label}
            onChange={(e) => write(relabelOption(values, i, e.currentTarget.value))}
          />
          <TextInput
            label={`Option ${i + 1} value`}
            value={String(option.value)}
            onChange={(e) => write(values.map((o, j) => (j === i ? { ...o, value: e.currentTarget.value } : o)))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={`Remove option ${i + 1}`}
            onClick={() => write(values.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" w="fit-content" onClick={() => write([...values, newOption(values)])}>
        {UI_TEXT.builderEditAddOption}
      </Button>
    </Stack>
  );
}

/** The options of grids, containers, tabs and tables: row buttons, row counts, tab titles, table size. */
function GroupOptions({ component, onChange }: Pick<EditPanelProps, 'component' | 'onChange'>) {
  const set = (patch: Record<string, unknown>, attribute: string) => {
    const next = { ...component, ...patch } as Record<string, unknown>;
    for (const k of Object.keys(patch)) if (next[k] === undefined || next[k] === '') delete next[k];
    onChange(next as FormComponent, attribute);
  };
  if (component.type === 'datagrid' || component.type === 'editgrid') {
    const validate = component.validate ?? {};
    const setRows = (patch: { minLength?: number; maxLength?: number }, attribute: string) => {
      const next = { ...validate, ...patch } as Record<string, unknown>;
      for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
      onChange({ ...component, validate: next as Validate }, `validate.${attribute}`);
    };
    return (
      <>
        <Group grow>
          <TextInput
            label={UI_TEXT.builderEditAddRowLabel}
            value={component.addAnother ?? ''}
            onChange={(e) => set({ addAnother: e.currentTarget.value }, 'addAnother')}
          />
          <TextInput
            label={UI_TEXT.builderEditRemoveRowLabel}
            value={component.removeRow ?? ''}
            onChange={(e) => set({ removeRow: e.currentTarget.value }, 'removeRow')}
          />
        </Group>
        {component.type === 'editgrid' ? (
          <TextInput
            label={UI_TEXT.builderEditSaveRowLabel}
            value={component.saveRow ?? ''}
            onChange={(e) => set({ saveRow: e.currentTarget.value }, 'saveRow')}
          />
        ) : null}
        <Group grow>
          <NumberInput
            label={UI_TEXT.builderEditMinRows}
            min={0}
            allowDecimal={false}
            value={validate.minLength ?? ''}
            onChange={(v) => setRows({ minLength: count(v) }, 'minLength')}
          />
          <NumberInput
            label={UI_TEXT.builderEditMaxRows}
            min={0}
            allowDecimal={false}
            value={validate.maxLength ?? ''}
            onChange={(v) => setRows({ maxLength: count(v) }, 'maxLength')}
          />
        </Group>
      </>
    );
  }
  if (component.type === 'tabs') {
    const tabs = component.components;
    const write = (next: typeof tabs) => onChange({ ...component, components: next }, 'tabs');
    return (
      <Stack gap="xs">
        {tabs.map((tab, i) => (
          <Group key={tab.key} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={UI_TEXT.builderEditTabTitle(i + 1)}
              value={tab.label ?? ''}
              onChange={(e) => {
                const label = e.currentTarget.value;
                write(tabs.map((t, j) => (j === i ? { ...t, label } : t)));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={UI_TEXT.builderEditRemoveTab(i + 1)}
              disabled={tabs.length <= 1}
              onClick={() => write(tabs.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          onClick={() => {
            const key = freeName(new Set(tabs.map((t) => t.key)), `tab${tabs.length + 1}`);
            write([...tabs, { key, label: UI_TEXT.builderNewTab(tabs.length + 1), components: [] }]);
          }}
        >
          {UI_TEXT.builderEditAddTab}
        </Button>
      </Stack>
    );
  }
  if (component.type === 'table') {
    const rows = component.rows.length;
    const cols = Math.max(0, ...component.rows.map((r) => r.length));
    const resize = (r: number, c: number, attribute: string) =>
      onChange({ ...component, numRows: r, numCols: c, rows: tableCells(r, c, component.rows) }, attribute);
    return (
      <Group grow>
        <NumberInput
          label={UI_TEXT.builderEditTableRows}
          min={1}
          max={20}
          allowDecimal={false}
          value={rows}
          onChange={(v) => {
            const n = count(v);
            if (n !== undefined && n >= 1 && n <= 20) resize(n, Math.max(cols, 1), 'numRows');
          }}
        />
        <NumberInput
          label={UI_TEXT.builderEditTableColumns}
          min={1}
          max={12}
          allowDecimal={false}
          value={cols}
          onChange={(v) => {
            const n = count(v);
            if (n !== undefined && n >= 1 && n <= 12) resize(Math.max(rows, 1), n, 'numCols');
          }}
        />
      </Group>
    );
  }
  return null;
}

const count = (v: string | number) => (v === '' || v === undefined ? undefined : Number(v));

/** Every attribute of the selected component, in tabs. */
export function EditPanel({
  component,
  keys,
  scoped,
  fields,
  onChange,
  onRename,
  keyFollowsLabel,
  keyError,
}: EditPanelProps) {
  const set = (patch: Partial<FormComponent>, attribute: string) =>
    onChange({ ...component, ...patch } as FormComponent, attribute);
  const validate: Validate = component.validate ?? {};
  const setValidate = (patch: Partial<Validate>, attribute: string) => {
    const next = { ...validate, ...patch } as Record<string, unknown>;
    for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === '') delete next[k];
    onChange({ ...component, validate: next as Validate }, `validate.${attribute}`);
  };
  const isData = !NON_DATA.has(component.type);
  const hasOptions = ['select', 'radio', 'selectboxes'].includes(component.type);
  const text = TEXT_TYPES.has(component.type);
  const numeric = NUMBER_TYPES.has(component.type);
  const preset = REGEX_SAMPLES.find((s) => s.source === validate.pattern)?.id ?? (validate.pattern ? 'custom' : '');

  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        Edit {component.label || component.key}{' '}
        <Text span c="dimmed" size="sm">
          ({component.type})
        </Text>
      </Title>
      <Tabs defaultValue="display" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="display">{UI_TEXT.builderEditDisplay}</Tabs.Tab>
          {hasOptions ? <Tabs.Tab value="data">{UI_TEXT.builderEditOptions}</Tabs.Tab> : null}
          {isData ? <Tabs.Tab value="validation">{UI_TEXT.builderEditValidation}</Tabs.Tab> : null}
          {isData ? <Tabs.Tab value="permissions">{UI_TEXT.builderEditPermissions}</Tabs.Tab> : null}
          <Tabs.Tab value="conditional">{UI_TEXT.builderEditConditional}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="display" pt="sm">
          <Stack gap="sm">
            <TextInput
              label={UI_TEXT.builderEditLabel}
              value={component.label ?? ''}
              onChange={(e) => set({ label: e.currentTarget.value }, 'label')}
            />
            {component.type === 'panel' ? (
              <TextInput
                label={UI_TEXT.builderEditTitle}
                value={component.title ?? ''}
                onChange={(e) => set({ title: e.currentTarget.value }, 'title')}
              />
            ) : null}
            {component.type === 'fieldset' ? (
              <TextInput
                label={UI_TEXT.builderEditLegend}
                value={component.legend ?? ''}
                onChange={(e) => set({ legend: e.currentTarget.value }, 'legend')}
              />
            ) : null}
            <KeyInput
              component={component}
              keys={keys}
              scoped={scoped}
              onRename={onRename}
              keyFollowsLabel={keyFollowsLabel}
              keyError={keyError}
            />
            <GroupOptions component={component} onChange={onChange} />
            {component.type === 'content' ? (
              <Textarea
                label={UI_TEXT.builderEditHtml}
                rows={4}
                value={component.html ?? ''}
                onChange={(e) => set({ html: e.currentTarget.value }, 'html')}
              />
            ) : null}
            {component.type === 'htmlelement' ? (
              <Textarea
                label={UI_TEXT.builderEditContent}
                rows={4}
                value={component.content ?? ''}
                onChange={(e) => set({ content: e.currentTarget.value }, 'content')}
              />
            ) : null}
            {isData ? (
              <>
                <TextInput
                  label={UI_TEXT.builderEditPlaceholder}
                  value={component.placeholder ?? ''}
                  onChange={(e) => set({ placeholder: e.currentTarget.value || undefined }, 'placeholder')}
                />
                <TextInput
                  label={UI_TEXT.builderEditDescription}
                  value={component.description ?? ''}
                  onChange={(e) => set({ description: e.currentTarget.value || undefined }, 'description')}
                />
                <TextInput
                  label={UI_TEXT.builderEditDefaultValue}
                  value={component.defaultValue === undefined ? '' : String(component.defaultValue)}
                  onChange={(e) => {
                    const raw = e.currentTarget.value;
                    set(
                      {
                        defaultValue:
                          raw === '' ? undefined : numeric && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw,
                      },
                      'defaultValue',
                    );
                  }}
                />
                <Group grow>
                  <TextInput
                    label={UI_TEXT.builderEditPrefix}
                    value={component.prefix ?? ''}
                    onChange={(e) => set({ prefix: e.currentTarget.value || undefined }, 'prefix')}
                  />
                  <TextInput
                    label={UI_TEXT.builderEditSuffix}
                    value={component.suffix ?? ''}
                    onChange={(e) => set({ suffix: e.currentTarget.value || undefined }, 'suffix')}
                  />
                </Group>
              </>
            ) : null}
          </Stack>
        </Tabs.Panel>

        {hasOptions ? (
          <Tabs.Panel value="data" pt="sm">
            <OptionsEditor component={component} onChange={onChange} />
          </Tabs.Panel>
        ) : null}

        {isData ? (
          <Tabs.Panel value="validation" pt="sm">
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
                    value={
                      component.type === 'number' || component.type === 'currency' ? (component.decimalLimit ?? '') : ''
                    }
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
          </Tabs.Panel>
        ) : null}

        {isData ? (
          <Tabs.Panel value="permissions" pt="sm">
            <Stack gap="sm">
              <NativeSelect
                label={UI_TEXT.builderEditWhoMayEditOwnerPermission}
                value={component.euPermission ?? ''}
                onChange={(e) =>
                  set(
                    { euPermission: (e.currentTarget.value || undefined) as FormComponent['euPermission'] },
                    'euPermission',
                  )
                }
                data={[
                  { value: '', label: UI_TEXT.builderEditNotSetAllOwners },
                  ...EU_PERMISSIONS.map((p) => ({ value: p, label: PERMISSION_LABELS[p] })),
                ]}
              />
              <Switch
                label={UI_TEXT.builderEditEncryptedShownMaskedReadOnly}
                checked={component.euEncrypted === true}
                onChange={(e) => set({ euEncrypted: e.currentTarget.checked || undefined }, 'euEncrypted')}
              />
              <Switch
                label={UI_TEXT.builderEditClientMayEditTheDefault}
                checked={component.editableByUc === true}
                onChange={(e) => set({ editableByUc: e.currentTarget.checked || undefined }, 'editableByUc')}
              />
            </Stack>
          </Tabs.Panel>
        ) : null}

        <Tabs.Panel value="conditional" pt="sm">
          <ConditionEditor
            value={component.conditional}
            fields={fields.filter((f) => f.key !== component.key)}
            onChange={(conditional) => set({ conditional }, 'conditional')}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
