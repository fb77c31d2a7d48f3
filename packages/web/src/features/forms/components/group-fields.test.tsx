import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_GRID_ROWS } from '@under/core/forms/validate-submission';
import { MESSAGES } from '@under/core/messages';
import { describe, expect, it, vi } from 'vitest';
import { buildForm, renderWithMantine } from '../../../test/form-test-utils';
import { FormRenderer } from './form-renderer';
import { rowCap } from './group-fields';

const owners = buildForm([
  { type: 'textfield', key: 'entity', label: 'Entity' },
  {
    type: 'datagrid',
    key: 'owners',
    label: 'Owners',
    components: [
      { type: 'textfield', key: 'name', label: 'Owner name', validate: { required: true } },
      { type: 'number', key: 'ownership', label: 'Ownership' },
      {
        type: 'textfield',
        key: 'title',
        label: 'Title',
        conditional: { json: { '>=': [{ var: 'row.ownership' }, 25] } },
      },
    ],
  },
  { type: 'button', key: 'submit', label: 'Submit', action: 'submit' },
]);

describe('renderer: containers, grids, tabs and tables', { timeout: 20_000 }, () => {
  it('edits datagrid rows in a table with add and remove buttons, and submits an array of rows', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithMantine(<FormRenderer form={owners} onSubmit={onSubmit} />);
    const grid = screen.getByRole('group', { name: 'Owners' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Owner name *', 'Ownership', 'Title', 'Actions']);
    await user.click(within(grid).getByRole('button', { name: 'Add another' }));
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    await user.type(within(rows[0] as HTMLElement).getByLabelText(/Owner name/), 'Ann');
    await user.type(within(rows[1] as HTMLElement).getByLabelText(/Owner name/), 'Bob');
    // A condition on the row: Title shows only in the row whose ownership is 25 or more.
    expect(within(rows[0] as HTMLElement).queryByLabelText(/Title/)).toBeNull();
    await user.type(within(rows[0] as HTMLElement).getByLabelText(/Ownership/), '60');
    expect(await within(rows[0] as HTMLElement).findByLabelText(/Title/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByLabelText(/Title/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ owners: [{ name: 'Ann', ownership: 60 }, { name: 'Bob' }] });

    await user.click(within(grid).getByRole('button', { name: 'Remove Owners row 1' }));
    expect(within(grid).getAllByRole('row').slice(1)).toHaveLength(1);
    expect((within(grid).getByLabelText(/Owner name/) as HTMLInputElement).value).toBe('Bob');
  });

  it('shows a row field error inside its row', async () => {
    const user = userEvent.setup();
    renderWithMantine(<FormRenderer form={owners} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const grid = screen.getByRole('group', { name: 'Owners' });
    expect(await within(grid).findByText(MESSAGES.fieldRequired('Owner name'))).toBeTruthy();
  });

  it('edits editgrid rows one at a time with Edit and Save', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const form = buildForm([
      {
        type: 'editgrid',
        key: 'sites',
        label: 'Locations',
        components: [{ type: 'textfield', key: 'city', label: 'City' }],
      },
      { type: 'button', key: 'submit', label: 'Submit', action: 'submit' },
    ]);
    renderWithMantine(<FormRenderer form={form} onSubmit={onSubmit} />);
    const grid = screen.getByRole('group', { name: 'Locations' });
    await user.click(within(grid).getByRole('button', { name: 'Add another' }));
    await user.type(within(grid).getByLabelText(/City/), 'Austin');
    await user.click(within(grid).getByRole('button', { name: 'Save' }));
    expect(within(grid).getByText('Austin')).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Edit Locations row 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ sites: [{ city: 'Austin' }] });
  });

  it('keeps container values in one object, and moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const form = buildForm([
      {
        type: 'tabs',
        key: 'tabs',
        label: 'Sections',
        components: [
          {
            key: 'one',
            label: 'Business',
            components: [
              {
                type: 'container',
                key: 'business',
                components: [{ type: 'textfield', key: 'name', label: 'Legal name' }],
              },
            ],
          },
          { key: 'two', label: 'Bank', components: [{ type: 'textfield', key: 'routing', label: 'Routing' }] },
        ],
      },
      { type: 'button', key: 'submit', label: 'Submit', action: 'submit' },
    ]);
    renderWithMantine(<FormRenderer form={form} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Legal name/), 'Acme');
    const first = screen.getByRole('tab', { name: 'Business' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('tab', { name: 'Bank' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(second);
    await user.type(screen.getByLabelText(/Routing/), '021000021');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ business: { name: 'Acme' }, routing: '021000021' });
  });
});

describe('renderer: error summary links into rows', { timeout: 20_000 }, () => {
  it('moves focus to the field of the row an error names', async () => {
    const user = userEvent.setup();
    renderWithMantine(<FormRenderer form={owners} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('link', { name: MESSAGES.fieldRequired('Owner name') }));
    const grid = screen.getByRole('group', { name: 'Owners' });
    expect(document.activeElement).toBe(within(grid).getByLabelText(/Owner name/));
  });
});

describe('renderer: calculated values inside rows', { timeout: 20_000 }, () => {
  it('recomputes a row total as the applicant types', async () => {
    const user = userEvent.setup();
    const form = buildForm([
      {
        type: 'datagrid',
        key: 'items',
        label: 'Items',
        components: [
          { type: 'number', key: 'qty', label: 'Quantity' },
          { type: 'number', key: 'price', label: 'Price' },
          {
            type: 'number',
            key: 'total',
            label: 'Total',
            disabled: true,
            calculateValue: { '*': [{ var: 'row.qty' }, { var: 'row.price' }] },
          },
        ],
      },
    ]);
    renderWithMantine(<FormRenderer form={form} />);
    const grid = screen.getByRole('group', { name: 'Items' });
    await user.type(within(grid).getByLabelText(/Quantity/), '3');
    await user.type(within(grid).getByLabelText(/Price/), '4');
    await waitFor(() => expect((within(grid).getByLabelText(/Total/) as HTMLInputElement).value).toBe('12'));
  });

  it('shows a row field conditioned on a top-level value as soon as that value changes', async () => {
    const user = userEvent.setup();
    const form = buildForm([
      { type: 'textfield', key: 'entity', label: 'Entity' },
      {
        type: 'datagrid',
        key: 'owners',
        label: 'Owners',
        components: [
          { type: 'textfield', key: 'name', label: 'Owner name' },
          {
            type: 'textfield',
            key: 'llcRole',
            label: 'LLC role',
            conditional: { json: { '==': [{ var: 'data.entity' }, 'llc'] } },
          },
        ],
      },
    ]);
    renderWithMantine(<FormRenderer form={form} onSubmit={vi.fn()} />);
    const grid = screen.getByRole('group', { name: 'Owners' });
    expect(within(grid).queryByLabelText(/LLC role/)).toBeNull();
    await user.type(screen.getByLabelText('Entity'), 'llc');
    expect(await within(grid).findByLabelText(/LLC role/)).toBeTruthy();
    await user.clear(screen.getByLabelText('Entity'));
    await waitFor(() => expect(within(grid).queryByLabelText(/LLC role/)).toBeNull());
  });
});

describe('"Add another" stops where the server does', () => {
  it('the cap is the author maximum, never more than MAX_GRID_ROWS', () => {
    expect(rowCap(undefined)).toBe(MAX_GRID_ROWS);
    expect(rowCap(3)).toBe(3);
    expect(rowCap(MAX_GRID_ROWS * 5)).toBe(MAX_GRID_ROWS);
  });

  it("the button is disabled at the cap (rendering MAX_GRID_ROWS rows is slow: the author's maximum shows the wiring)", () => {
    const form = buildForm([
      {
        type: 'datagrid',
        key: 'rows',
        label: 'Rows',
        validate: { maxLength: 2 },
        components: [{ type: 'textfield', key: 'x', label: 'X' }],
      },
    ]);
    renderWithMantine(<FormRenderer form={form} data={{ rows: [{}, {}] }} />);
    expect((screen.getByRole('button', { name: /add/i }) as HTMLButtonElement).disabled).toBe(true);
  });
});
