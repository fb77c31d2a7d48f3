import { DEFAULT_PAGE_SIZE } from '@under/core/constants';
import { useState } from 'react';

/**
 * The page and page size of a list. A new search or filter (another `filterKey`) and another page size start again
 * at the first page. `of(total)` gives the page count and the first and last row numbers shown ("a–b of n"), with
 * the page clamped to the last one (the list shrank).
 */
export function usePaging(filterKey: string, initialSize: number = DEFAULT_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(initialSize);
  const [lastKey, setLastKey] = useState(filterKey);
  let current = page;
  if (lastKey !== filterKey) {
    setLastKey(filterKey);
    setPage(1);
    current = 1;
  }
  return {
    page: current,
    setPage,
    pageSize,
    setPageSize(size: number) {
      setSize(size);
      setPage(1);
    },
    /**
     * With the list's answer: a page past the last one (the list shrank, e.g. its last row was deleted or sent
     * again) moves back to the last page. Safe to call while rendering: it changes the page only when it must.
     */
    keepInRange(total: number) {
      const pages = Math.max(1, Math.ceil(total / pageSize));
      if (current > pages) setPage(pages);
    },
    of(total: number) {
      const pages = Math.max(1, Math.ceil(total / pageSize));
      const shown = Math.min(current, pages);
      return {
        pages,
        page: shown,
        from: total === 0 ? 0 : (shown - 1) * pageSize + 1,
        to: Math.min(total, shown * pageSize),
      };
    },
  };
}

export type Paging = ReturnType<typeof usePaging>;
