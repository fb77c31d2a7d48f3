import {
  type ApplicationSort,
  LISTED_STATUSES,
  type ListedStatus,
} from '@under/core/applications/application-list.schema';
import { useSearchParams } from 'react-router';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An application list's filters as the URL keeps them (a view can be shared or bookmarked; the client's and the
 * admin's lists read the same keys): status, submission days `from` and `to`, sort and order, and the page's own
 * `extra` keys, each with its check; anything malformed is ignored. The search text stays out of the URL: it is often
 * an e-mail, and URLs end up in histories and logs. `query` is what the list's request takes of the status and the
 * days: a reversed range (`badRange`) is not sent.
 */
export function useApplicationFilters<E extends string = never>(
  sorts: readonly ApplicationSort[],
  extra: Record<E, (value: string) => boolean> = {} as Record<E, (value: string) => boolean>,
) {
  const [params, setParams] = useSearchParams();
  const pick = (key: string, ok: (v: string) => boolean) => {
    const v = params.get(key) ?? '';
    return ok(v) ? v : '';
  };
  const own = Object.fromEntries(Object.entries<(v: string) => boolean>(extra).map(([k, ok]) => [k, pick(k, ok)]));
  const filters = {
    ...(own as Record<E, string>),
    status: pick('status', (v) => (LISTED_STATUSES as readonly string[]).includes(v)) as ListedStatus | '',
    from: pick('from', (v) => DAY.test(v)),
    to: pick('to', (v) => DAY.test(v)),
    sort: (pick('sort', (v) => (sorts as readonly string[]).includes(v)) || 'updatedAt') as ApplicationSort,
    order: (params.get('order') === 'asc' ? 'asc' : 'desc') as 'asc' | 'desc',
  };
  type Key = 'status' | 'from' | 'to' | 'sort' | 'order' | E;
  type Changes = Partial<Record<Key, string>>;
  const set = (changes: Changes) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        for (const [k, v] of Object.entries<string | undefined>(changes)) {
          if (v) copy.set(k, v);
          else copy.delete(k);
        }
        return copy;
      },
      { replace: true },
    );
  const badRange = !!filters.from && !!filters.to && filters.from > filters.to;
  return {
    filters,
    set,
    badRange,
    /** The status, an extra key or a day is set. */
    isFiltered: !!(filters.status || filters.from || filters.to || Object.values(own).some(Boolean)),
    /** Clears the status, the days and the extra keys (not the sort). */
    clear: () =>
      set({ status: '', from: '', to: '', ...Object.fromEntries(Object.keys(extra).map((k) => [k, ''])) } as Changes),
    /** A column's sort: descending first, then the other way on the same column. */
    sortBy: (sort: ApplicationSort) =>
      set({ sort, order: filters.sort === sort && filters.order === 'desc' ? 'asc' : 'desc' } as Changes),
    query: {
      ...(filters.status ? { statuses: [filters.status] } : {}),
      ...(filters.from && !badRange ? { startDate: filters.from } : {}),
      ...(filters.to && !badRange ? { endDate: filters.to } : {}),
    },
  };
}
