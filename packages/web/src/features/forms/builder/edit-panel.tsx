import { Group, NativeSelect, Stack, Switch, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { EU_PERMISSIONS } from '@under/core/forms/field-types';
import type { FormComponent } from '@under/core/forms/form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { ConditionEditor } from './condition-editor';
import { KeyInput, OptionsEditor } from './edit-panel-inputs';
import { NON_DATA, NUMBER_TYPES, PERMISSION_LABELS, typedDefault } from './edit-rules';
import { GroupOptions } from './group-options';
import { LogicEditor } from './logic-editor';
import { ValidationFields } from './validation-fields';
export interface EditPanelProps {
  component: FormComponent;
  /** The component's id in the form (its key, or its path in a grid or container): drafts belong to it. */
  id?: string;
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

/** Every attribute of the selected component, in tabs. */
export function EditPanel({
  component,
  id,
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
  const isData = !NON_DATA.has(component.type);
  const hasOptions = ['select', 'radio', 'selectboxes'].includes(component.type);
  const numeric = NUMBER_TYPES.has(component.type);

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
          {isData ? <Tabs.Tab value="logic">{UI_TEXT.builderEditLogic}</Tabs.Tab> : null}
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
                    set({ defaultValue: typedDefault(e.currentTarget.value, numeric) }, 'defaultValue');
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
            <ValidationFields component={component} onChange={onChange} />
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

        {isData ? (
          <Tabs.Panel value="logic" pt="sm">
            <LogicEditor
              // a field with the same key in another scope is another field: its drafts start afresh
              key={id ?? component.key}
              component={component}
              fields={fields.filter((f) => f.key !== component.key)}
              onChange={onChange}
            />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
