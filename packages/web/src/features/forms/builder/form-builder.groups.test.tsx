import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it, vi } from 'vitest';
import { buildForm, renderWithMantine } from '../../../test/form-test-utils';
import { FormBuilder } from './form-builder';

function setup(initial?: FormDefinition) {
  const onChange = vi.fn<(form: FormDefinition) => void>();
  const user = userEvent.setup();
  renderWithMantine(<FormBuilder value={initial} onChange={onChange} onSave={() => undefined} />);
  const last = () => onChange.mock.calls.at(-1)?.[0] as FormDefinition;
  return { user, last };
}

const first = (form: FormDefinition) => form.components[0] as FormComponent;

describe('FormBuilder: grids, containers, tabs and tables', { timeout: 30_000 }, () => {
  it('offers the six types with defaults that make a valid form', async () => {
    const { user, last } = setup();
    for (const label of ['Data grid', 'Edit grid', 'Container', 'Well', 'Tabs', 'Table']) {
      await user.click(screen.getByRole('button', { name: UI_TEXT.builderAdd(label) }));
    }
    const types = last().components.map((c) => c.type);
    expect(types).toContain('datagrid');
    const all: FormComponent[] = [];
    const collect = (list: readonly FormComponent[]) => {
      for (const c of list) {
        all.push(c);
        if ('components' in c && c.type !== 'tabs' && c.components) collect(c.components as FormComponent[]);
      }
    };
    collect(last().components);
    const grid = all.find((c) => c.type === 'datagrid');
    // One text column to start with (each next type went into the group selected before it).
    expect(grid?.type === 'datagrid' && grid.components[0]?.type).toBe('textfield');
    const tabs = all.find((c) => c.type === 'tabs');
    expect(tabs?.type === 'tabs' && tabs.components.map((t) => t.label)).toEqual(['Tab 1', 'Tab 2']);
    const table = all.find((c) => c.type === 'table');
    expect(table?.type === 'table' && table.rows.map((r) => r.length)).toEqual([2, 2]);
    for (const type of ['editgrid', 'container', 'well']) expect(all.some((c) => c.type === type)).toBe(true);
    expect(parseFormDefinition(last()).ok).toBe(true);
  });

  it('edits a grid’s row buttons and row counts', async () => {
    const { user, last } = setup(
      buildForm([
        {
          type: 'datagrid',
          key: 'owners',
          label: 'Owners',
          components: [{ type: 'textfield', key: 'name', label: 'Name' }],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Owners' }));
    await user.type(screen.getByLabelText(UI_TEXT.builderEditAddRowLabel), 'Add owner');
    await user.type(screen.getByLabelText(UI_TEXT.builderEditMinRows), '1');
    await user.type(screen.getByLabelText(UI_TEXT.builderEditMaxRows), '4');
    const grid = first(last());
    expect(grid.type === 'datagrid' && grid.addAnother).toBe('Add owner');
    expect(grid.validate).toEqual({ minLength: 1, maxLength: 4 });
  });

  it('edits tab titles, adds and removes tabs, and resizes a table', async () => {
    const { user, last } = setup(
      buildForm([
        {
          type: 'tabs',
          key: 'steps',
          label: 'Steps',
          components: [{ key: 'tab1', label: 'One', components: [{ type: 'textfield', key: 'a', label: 'A' }] }],
        },
        {
          type: 'table',
          key: 'grid',
          label: 'Grid',
          rows: [[{ components: [{ type: 'textfield', key: 'b', label: 'B' }] }]],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Steps' }));
    await user.clear(screen.getByLabelText(UI_TEXT.builderEditTabTitle(1)));
    await user.type(screen.getByLabelText(UI_TEXT.builderEditTabTitle(1)), 'Business');
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderEditAddTab }));
    let tabs = first(last());
    expect(tabs.type === 'tabs' && tabs.components.map((t) => [t.key, t.label])).toEqual([
      ['tab1', 'Business'],
      ['tab2', 'Tab 2'],
    ]);
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderEditRemoveTab(2) }));
    tabs = first(last());
    expect(tabs.type === 'tabs' && tabs.components.length).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Edit Grid' }));
    fireEvent.change(screen.getByLabelText(UI_TEXT.builderEditTableRows), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(UI_TEXT.builderEditTableColumns), { target: { value: '3' } });
    const table = last().components[1];
    expect(table?.type === 'table' && table.rows.map((r) => r.length)).toEqual([3, 3]);
    // The cell that stays keeps its field.
    expect(table?.type === 'table' && table.rows[0]?.[0]?.components.map((c) => c.key)).toEqual(['b']);
  });

  it('lets a key inside a grid repeat a top-level key, and still refuses a duplicate within the grid', async () => {
    const { user, last } = setup(
      buildForm([
        { type: 'textfield', key: 'ssn', label: 'SSN' },
        {
          type: 'datagrid',
          key: 'owners',
          label: 'Owners',
          components: [
            { type: 'textfield', key: 'name', label: 'Name' },
            { type: 'textfield', key: 'taxId', label: 'Tax ID' },
          ],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Tax ID' }));
    const key = screen.getByLabelText('Key');
    await user.clear(key);
    await user.type(key, 'name');
    expect(screen.getByText(MESSAGES.keyExists)).toBeTruthy();
    await user.clear(key);
    await user.type(key, 'ssn');
    expect(screen.queryByText(MESSAGES.keyExists)).toBeNull();
    const grid = last().components[1];
    expect(grid?.type === 'datagrid' && grid.components.map((c) => c.key)).toEqual(['name', 'ssn']);
    // Both `ssn` fields are on the canvas, each addressed by its own path.
    expect(screen.getByTestId('canvas-ssn')).toBeTruthy();
    expect(within(screen.getByTestId('canvas-owners.ssn')).getByRole('button', { name: 'Delete Tax ID' })).toBeTruthy();
    expect(parseFormDefinition(last()).ok).toBe(true);
  });

  it('adds a field into the selected grid', async () => {
    const { user, last } = setup(
      buildForm([{ type: 'container', key: 'business', label: 'Business', components: [] }]),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Business' }));
    await user.click(screen.getByRole('button', { name: UI_TEXT.builderAdd('Email') }));
    const container = first(last());
    expect(container.type === 'container' && container.components.map((c) => c.key)).toEqual(['email']);
    expect(screen.getByTestId('canvas-business.email')).toBeTruthy();
  });
});
