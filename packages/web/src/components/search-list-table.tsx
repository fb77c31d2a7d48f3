import { Group } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import type { useSearchText } from '../lib/use-search-text';
import { ListSearch } from './list-search';
import { type ListQuery, ListTable } from './list-table';

/**
 * A list whose one tool is its search box: ListTable with the box above it, and `noMatchText` instead of the empty
 * text while a search finds nothing.
 */
export function SearchListTable({
  search,
  searchLabel,
  searchPlaceholder,
  noMatchText,
  emptyText,
  ...table
}: Omit<ComponentProps<typeof ListTable>, 'toolbar' | 'query'> & {
  /** The list's query (its refetching shows in the box). */
  query: ListQuery & { isFetching: boolean };
  search: ReturnType<typeof useSearchText>;
  searchLabel: string;
  searchPlaceholder: string;
  noMatchText: ReactNode;
}) {
  return (
    <ListTable
      {...table}
      emptyText={search.query ? noMatchText : emptyText}
      toolbar={
        <Group p="md">
          <ListSearch search={search} label={searchLabel} placeholder={searchPlaceholder} query={table.query} />
        </Group>
      }
    />
  );
}
