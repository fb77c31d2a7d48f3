import {
  HomeEventsQuerySchema,
  HomeEventsSchema,
  NotificationPreferencesSchema,
  UpdateNotificationPreferenceBodySchema,
} from '../notifications/notification.schema';
import { endpoint } from './contract';

const tag = 'notifications';

/** The institution kept informed (issue 21 §4; decision 060): a member's e-mail choices, and Home's latest events. */
export const NOTIFICATIONS_API = {
  getPreferences: endpoint({
    method: 'GET',
    path: '/api/profile/notifications',
    response: NotificationPreferencesSchema,
    tag,
    summary: 'The e-mails the signed-in member receives, by kind',
  }),
  updatePreference: endpoint({
    method: 'PUT',
    path: '/api/profile/notifications',
    body: UpdateNotificationPreferenceBodySchema,
    response: NotificationPreferencesSchema,
    tag,
    summary: 'Turns one kind of e-mail on or off for the signed-in member',
  }),
  homeEvents: endpoint({
    method: 'GET',
    path: '/api/home/events',
    query: HomeEventsQuerySchema,
    response: HomeEventsSchema,
    tag,
    summary: 'The latest events of the applications the caller may see, newest first',
  }),
} as const;
