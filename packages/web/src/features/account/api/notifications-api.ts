import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_API } from '@under/core/api/notifications.contract';
import type {
  HomeEvents,
  NotificationKind,
  NotificationPreferences,
} from '@under/core/notifications/notification.schema';
import { useSession } from '../../../lib/session-context';

const KEYS = {
  preferences: ['notification-preferences'] as const,
  events: (limit: number) => ['home-events', limit] as const,
};

/** The signed-in member's e-mail choices (decision 060). */
export function useNotificationPreferences() {
  const { http } = useSession();
  return useQuery<NotificationPreferences>({
    queryKey: KEYS.preferences,
    queryFn: ({ signal }) => http.call(NOTIFICATIONS_API.getPreferences, { signal }),
  });
}

export function useUpdateNotificationPreference() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: NotificationKind; enabled: boolean }) =>
      http.call(NOTIFICATIONS_API.updatePreference, { body }),
    onSuccess: (preferences) => queryClient.setQueryData(KEYS.preferences, preferences),
  });
}

/** Home's latest events of the applications the member may see, newest first. */
export function useHomeEvents(limit = 10) {
  const { http } = useSession();
  return useQuery<HomeEvents>({
    queryKey: KEYS.events(limit),
    queryFn: ({ signal }) => http.call(NOTIFICATIONS_API.homeEvents, { query: { limit }, signal }),
  });
}
