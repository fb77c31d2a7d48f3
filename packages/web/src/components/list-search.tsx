import { Loader, TextInput } from '@mantine/core';
import { SEARCH_MAX } from '@under/core/constants';
import { UI_TEXT } from '@under/core/ui-text';
import type { useSearchText } from '../lib/use-search-text';

/**
 * The search box above a list: its text checked by the core rule as it is typed (useSearchText), and a small
 * spinner while a search already showing rows fetches the next answer.
 */
export function ListSearch({
  search,
  label,
  placeholder,
  query,
  width = 340,
}: {
  search: ReturnType<typeof useSearchText>;
  label: string;
  placeholder: string;
  /** The list's query: the spinner shows while it refetches rows it already has (not on the first load). */
  query?: { isFetching: boolean; data: unknown };
  width?: number;
}) {
  const isFetching = Boolean(query?.isFetching && query.data !== undefined);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      maxLength={SEARCH_MAX}
      w={{ base: '100%', sm: width }}
      value={search.text}
      error={search.error}
      onChange={(event) => search.setText(event.currentTarget.value)}
      rightSection={isFetching ? <Loader size="xs" role="status" aria-label={UI_TEXT.loading} /> : null}
    />
  );
}
