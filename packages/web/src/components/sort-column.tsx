import type { ListColumn } from './list-table';
import { SortButton } from './sort-button';

/**
 * Columns of a list sorted by one key at a time: `column(key, label, sort?, width?)` is a plain header, or with
 * `sort` a sort button and its aria-sort.
 */
export function sortColumns<S extends string>(current: { sort: S; order: 'asc' | 'desc' }, sortBy: (sort: S) => void) {
  return (key: string, label: string, sort?: S, width?: number): ListColumn =>
    sort
      ? {
          key,
          width,
          label: (
            <SortButton
              label={label}
              isActive={current.sort === sort}
              order={current.order}
              onSort={() => sortBy(sort)}
            />
          ),
          sort: current.sort === sort ? (current.order === 'asc' ? 'ascending' : 'descending') : 'none',
        }
      : { key, label, width };
}
