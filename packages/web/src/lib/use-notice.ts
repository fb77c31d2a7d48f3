import { useLocation } from 'react-router';

/** A text handed over by the previous page through navigation state (e.g. 'Your session has expired…'). */
export function useNotice(): string | null {
  const { state } = useLocation();
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}
