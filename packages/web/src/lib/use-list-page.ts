import type { Paging } from './use-paging';
import { usePaging } from './use-paging';
import { useSearchText } from './use-search-text';

/**
 * A list searched by its box and paged: the search text (debounced, useSearchText), the paging (the first page again
 * for another search) and the page's query parameters (`q` only for a valid search).
 */
export function useSearchPaging() {
  const search = useSearchText();
  const paging = usePaging(search.query);
  return {
    search,
    paging,
    pageQuery: { page: paging.page, pageSize: paging.pageSize, ...(search.query ? { q: search.query } : {}) },
  };
}

/**
 * The rows and the total of a list's answer (none yet: nothing), keeping the page within the total. Call it while
 * rendering, as `paging.keepInRange`.
 */
export function pageOf<T>(data: { items: T[]; total: number } | undefined, paging: Paging) {
  const total = data?.total ?? 0;
  if (data) paging.keepInRange(total);
  return { total, rows: data?.items ?? [] };
}
