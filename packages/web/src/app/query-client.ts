import { QueryCache, QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@under/core/messages';
import type { Notice } from '../lib/http';
import { CLIENT_ERROR_CODES, HttpError } from '../lib/http-error';

/** Failures the user has already been told about, or that are not theirs to see. */
function isAlreadyHandled(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  return (
    error.isServerUnavailable ||
    error.code === CLIENT_ERROR_CODES.sessionEnded ||
    error.code === CLIENT_ERROR_CODES.aborted ||
    error.status === 401
  );
}

export function createQueryClient(notify: (notice: Notice) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A page that shows the failure itself (e.g. an invitation link that no longer works) says so in meta.
        if (isAlreadyHandled(error) || query.meta?.showsOwnError) return;
        notify({ title: MESSAGES.serverUnavailableTitle, message: error.message || MESSAGES.generic, kind: 'error' });
      },
    }),
    defaultOptions: {
      // The HTTP client already retries what can be retried (a refreshed token); a second try of a 4xx is noise.
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
