import { ActionIcon, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { FormComponent } from '@under/core/forms/form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import type { EditPanelProps } from './edit-panel';
import { count, type Validate } from './edit-rules';
import { freeName } from './key-from-label';
import { tableCells } from './palette';

/** The options of grids, containers, tabs and tables: row buttons, row counts, tab titles, table size. */
export function GroupOptions({ component, onChange }: Pick<EditPanelProps, 'component' | 'onChange'>) {
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
