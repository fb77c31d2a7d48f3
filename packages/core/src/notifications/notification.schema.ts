import { z } from 'zod';

/**
 * What the institution is told by e-mail (issue 21 §4; decision 060). Each kind goes to the company's
 * ADMINISTRATORs and to the STANDARD members granted the application's form; each member may turn each kind off.
 * - `application-submitted`: the primary applicant submitted an application;
 * - `application-signed`: every owner has signed it;
 * - `documents-ready`: its sealed documents are generated;
 * - `sync-failed`: sending it to an integration failed (no integration exists yet: the kind and its preference are
 *   here for them to use).
 */
export const NOTIFICATION_KINDS = [
  'application-submitted',
  'application-signed',
  'documents-ready',
  'sync-failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationPreferenceSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS), enabled: z.boolean() });
export type NotificationPreference = z.output<typeof NotificationPreferenceSchema>;

/** The signed-in member's choices, one per kind in NOTIFICATION_KINDS order (every kind is on until turned off). */
export const NotificationPreferencesSchema = z.object({ items: z.array(NotificationPreferenceSchema) });
export type NotificationPreferences = z.output<typeof NotificationPreferencesSchema>;

/** Turns one kind on or off for the caller (only their own). */
export const UpdateNotificationPreferenceBodySchema = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS),
  enabled: z.boolean(),
});

/**
 * The kinds of application event Home lists (read from the application's chained history, decision 044):
 * invited, submitted, corrected and submitted again, one owner signed, every owner signed, documents ready, status
 * changed (with from and to), signatures invalidated by a change.
 */
export const HOME_EVENT_KINDS = [
  'invited',
  'submitted',
  'resubmitted',
  'signed',
  'signed-all',
  'documents-ready',
  'status-changed',
  'signatures-invalidated',
] as const;
export type HomeEventKind = (typeof HOME_EVENT_KINDS)[number];

export const HomeEventSchema = z.object({
  /** `{applicationId}:{seq}`: the event's place in its application's chain. */
  id: z.string(),
  kind: z.enum(HOME_EVENT_KINDS),
  at: z.string(),
  applicationId: z.string(),
  applicationNumber: z.number().int(),
  applicantCompanyName: z.string().nullable(),
  formName: z.string(),
  /** An owner's e-mail or a team member's name (null for the system). */
  actor: z.string().nullable(),
  /** A status change's statuses. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type HomeEvent = z.output<typeof HomeEventSchema>;

export const HOME_EVENTS_MAX = 50;
export const HomeEventsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(HOME_EVENTS_MAX).default(10),
});
export const HomeEventsSchema = z.object({ items: z.array(HomeEventSchema) });
export type HomeEvents = z.output<typeof HomeEventsSchema>;
