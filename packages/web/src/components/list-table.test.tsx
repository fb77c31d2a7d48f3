import '../test/setup';
import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http-error';
import { usePaging } from '../lib/use-paging';
import { useSearchText } from '../lib/use-search-text';
import { renderWithMantine } from '../test/form-test-utils';
import { type ListColumn, type ListQuery, ListTable } from './list-table';

const COLUMNS: ListColumn[] = [
  { key: 'name', label: 'Name' },
  { key: 'count', label: 'Count', align: 'right' },
  { key: 'actions', label: 'Actions' },
];
const range = (from: number, to: number, total: number) => `${from}-${to} of ${total}`;

function List({
  query,
  rows,
  total = rows.length,
  ...props
}: {
  query: ListQuery;
  rows: string[];
  total?: number;
  emptyText?: string;
  errorTitle?: string;
  isSizeFixed?: boolean;
}) {
  const paging = usePaging('', 10);
  return (
    <ListTable
      query={query}
      columns={COLUMNS}
      minWidth={600}
      rowCount={rows.length}
      emptyText={props.emptyText}
      errorTitle={props.errorTitle}
      pager={{ paging, total, rangeText: range, isSizeFixed: props.isSizeFixed }}
    >
      {rows.map((row) => (
        <Table.Tr key={row} data-testid="row">
          <Table.Td>{row}</Table.Td>
          <Table.Td>1</Table.Td>
          <Table.Td />
        </Table.Tr>
      ))}
    </ListTable>
  );
}

const answered = (data: unknown): ListQuery => ({
  data,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
});

describe('ListTable', () => {
  it('declares its header from the columns and shows placeholder rows in every column while loading', () => {
    renderWithMantine(
      <List query={{ data: undefined, isPending: true, isError: false, error: null, refetch: vi.fn() }} rows={[]} />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Count', 'Actions']);
    const placeholders = screen.getAllByTestId('skeleton-row');
    expect(placeholders).toHaveLength(3);
    expect(placeholders.map((row) => row.querySelectorAll('td').length)).toEqual([3, 3, 3]);
    // no answer yet: no 'No data' either
    expect(screen.queryByText(MESSAGES.noData)).toBeNull();
  });

  it("shows the rows and the pager's range, with the rows-per-page choice unless the size is fixed", () => {
    const { unmount } = renderWithMantine(<List query={answered({})} rows={['a', 'b']} total={2} />);
    expect(screen.getAllByTestId('row')).toHaveLength(2);
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
    expect(screen.getByLabelText(UI_TEXT.rowsPerPage)).toBeTruthy();
    unmount();
    renderWithMantine(<List query={answered({})} rows={['a']} isSizeFixed />);
    expect(screen.queryByLabelText(UI_TEXT.rowsPerPage)).toBeNull();
  });

  it("shows one row across the table when the list is empty: 'No data', or the page's own text", () => {
    const { unmount } = renderWithMantine(<List query={answered({ items: [] })} rows={[]} />);
    const cell = screen.getByText(MESSAGES.noData).closest('td');
    expect(cell?.getAttribute('colspan')).toBe('3');
    unmount();
    renderWithMantine(<List query={answered({ items: [] })} rows={[]} emptyText="Nothing matches." />);
    expect(screen.getByText('Nothing matches.')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.noData)).toBeNull();
  });

  it('replaces the table with an alert and a retry button when the list could not be loaded', async () => {
    const refetch = vi.fn();
    const error = new HttpError(500, 'internal', MESSAGES.serverUnavailable);
    renderWithMantine(
      <List
        query={{ data: undefined, isPending: false, isError: true, error, refetch }}
        rows={[]}
        errorTitle="The things could not be loaded."
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The things could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText(MESSAGES.serverUnavailable)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.setup().click(within(alert).getByRole('button', { name: UI_TEXT.retry }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows it has when only a later fetch failed', () => {
    renderWithMantine(
      <List
        query={{ data: {}, isPending: false, isError: true, error: new Error('x'), refetch: vi.fn() }}
        rows={['a']}
      />,
    );
    expect(screen.getAllByTestId('row')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

function SearchedList() {
  const paging = usePaging('', 10);
  const search = useSearchText(0);
  return (
    <ListTable
      query={answered({ rows: [] })}
      columns={COLUMNS}
      minWidth={600}
      rowCount={0}
      emptyText="Nothing yet"
      search={{ search, label: 'Search people', placeholder: 'Name', noMatchText: 'No match' }}
      pager={{ paging, total: 0, rangeText: range }}
    >
      {null}
    </ListTable>
  );
}

describe('ListTable with a search box', () => {
  it('draws the box above the table and says no match, not empty, while a search finds nothing', async () => {
    renderWithMantine(<SearchedList />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search people'), 'zed');
    expect(await screen.findByText('No match')).toBeTruthy();
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });
});
