import { Group, Paper, Skeleton, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Paging } from '../lib/use-paging';
import type { useSearchText } from '../lib/use-search-text';
import { EmptyRow } from './empty-row';
import { ListError } from './list-error';
import { ListSearch } from './list-search';
import { ScrollTable } from './scroll-table';
import { TablePager } from './table-pager';

/** A header cell of a list table. */
export interface ListColumn {
  key: string;
  label: ReactNode;
  align?: 'right';
  width?: number;
  /** aria-sort of a column the list can be sorted by (its label is then the sort button). */
  sort?: 'ascending' | 'descending' | 'none';
}

/** What the table needs of the list's query (a TanStack Query result fits). */
export interface ListQuery {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** Refetching rows it already has (shown in the search box). */
  isFetching?: boolean;
}

/** A list whose one tool is its search box: the box above the table, `noMatchText` while a search finds nothing. */
interface ListSearchOption {
  search: ReturnType<typeof useSearchText>;
  label: string;
  placeholder: string;
  noMatchText: ReactNode;
}

interface ListTableProps {
  query: ListQuery;
  columns: readonly ListColumn[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /**
   * The table's name. Given, its scrolling frame takes the keyboard focus (arrow keys scroll it), as lists whose rows
   * hold no link or button need on a phone (axe: scrollable-region-focusable).
   */
  label?: string;
  /** The rows shown on this page; none (once the list has answered) shows the empty row. */
  rowCount: number;
  /** Search and filters above the table. */
  toolbar?: ReactNode;
  /** The search box as the list's one tool (instead of a `toolbar`). */
  search?: ListSearchOption;
  /** The page's own texts for a failed load; a generic title and 'Try again' otherwise. */
  errorTitle?: string;
  retryLabel?: string;
  /** The empty row's text ('No data' by default) and an optional action under it. */
  emptyText?: ReactNode;
  emptyAction?: ReactNode;
  pager: {
    paging: Paging;
    total: number;
    rangeText: (from: number, to: number, total: number) => string;
    /** Lists with a fixed page size have no rows-per-page choice. */
    isSizeFixed?: boolean;
  };
  children: ReactNode;
}

/**
 * The frame every list page shares: toolbar, then the table (placeholder rows while the first page loads, the rows,
 * or the empty row), or instead of it an alert with a retry button when the list could not be loaded; the pager last.
 * A page declares its columns and renders its rows; the states between are the same everywhere.
 */
export function ListTable({
  query,
  columns,
  minWidth,
  label,
  rowCount,
  toolbar,
  search,
  pager,
  children,
  ...texts
}: ListTableProps) {
  const hasAnswered = query.data !== undefined;
  const emptyText = search?.search.query ? search.noMatchText : texts.emptyText;
  const { pages, page, from, to } = pager.paging.of(pager.total);
  return (
    <Paper withBorder radius="md">
      {search ? (
        <Group p="md">
          <ListSearch
            search={search.search}
            label={search.label}
            placeholder={search.placeholder}
            query={{ isFetching: query.isFetching === true, data: query.data }}
          />
        </Group>
      ) : (
        toolbar
      )}
      {query.isError && !hasAnswered ? (
        <ListError
          title={texts.errorTitle}
          retryLabel={texts.retryLabel}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <ScrollTable minWidth={minWidth} label={label}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} ta={column.align} w={column.width} aria-sort={column.sort}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending ? <SkeletonRows columns={columns.length} /> : null}
              {children}
              {hasAnswered && rowCount === 0 ? (
                <EmptyRow colSpan={columns.length} action={texts.emptyAction}>
                  {emptyText}
                </EmptyRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <TablePager
        page={page}
        pages={pages}
        onPage={pager.paging.setPage}
        rangeText={pager.rangeText(from, to, pager.total)}
        pageSize={pager.isSizeFixed ? undefined : pager.paging.pageSize}
        onPageSize={pager.isSizeFixed ? undefined : pager.paging.setPageSize}
      />
    </Paper>
  );
}

/** Three rows of grey bars in the table's own columns while the first page loads. */
function SkeletonRows({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1, 2].map((row) => (
        <Table.Tr key={row} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <Table.Td key={i}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
