import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaging } from './use-paging';

describe('usePaging', () => {
  it('counts pages and the rows shown, and clamps to the last page when the list shrinks', () => {
    const { result } = renderHook(() => usePaging('', 10));
    expect(result.current.of(0)).toEqual({ pages: 1, page: 1, from: 0, to: 0 });
    act(() => result.current.setPage(3));
    expect(result.current.of(25)).toEqual({ pages: 3, page: 3, from: 21, to: 25 });
    expect(result.current.of(12)).toEqual({ pages: 2, page: 2, from: 11, to: 12 });
  });

  it('moves back to the last page when the list shrank below the page shown, and only then', () => {
    const { result } = renderHook(() => usePaging('', 10));
    act(() => result.current.setPage(3));
    act(() => result.current.keepInRange(30));
    expect(result.current.page).toBe(3);
    act(() => result.current.keepInRange(15));
    expect(result.current.page).toBe(2);
    // an empty list keeps page 1 and does not ask for another render
    act(() => result.current.keepInRange(0));
    expect(result.current.page).toBe(1);
  });

  it('goes back to the first page on a new filter or page size', () => {
    const { result, rerender } = renderHook(({ key }) => usePaging(key, 10), { initialProps: { key: 'a' } });
    act(() => result.current.setPage(4));
    expect(result.current.page).toBe(4);
    rerender({ key: 'b' });
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => result.current.setPageSize(50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
  });
});
