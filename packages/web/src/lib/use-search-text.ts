import { SearchSchema } from '@under/core/api/pagination.schema';
import { SEARCH_DEBOUNCE_MS } from '@under/core/constants';
import { useEffect, useState } from 'react';

/**
 * A search box's text, debounced (spec 1 §9: 500 ms) and checked by the core rule (3-50 characters; empty means
 * no search). `query` changes only to a valid text, so a list is never asked for with a text the server refuses.
 */
export function useSearchText(delayMs: number = SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const parsed = SearchSchema.safeParse(text);
      if (parsed.success) {
        setError(null);
        setQuery(parsed.data ?? '');
      } else {
        setError(parsed.error.issues[0]?.message ?? null);
      }
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return { text, setText, query, error };
}
