import { z } from 'zod';
import { IntegrationKindSchema, SyncStateSchema } from './integrations';

/** What an attempt came to: synced, retried later, waiting for a person, given up, or cut short by a crash. */
export const SYNC_ATTEMPT_OUTCOMES = ['synced', 'retry', 'needs_attention', 'failed', 'interrupted'] as const;
export const SyncAttemptOutcomeSchema = z.enum(SYNC_ATTEMPT_OUTCOMES);
export type SyncAttemptOutcome = z.infer<typeof SyncAttemptOutcomeSchema>;

export const SyncAttemptSchema = z.strictObject({
  attempt: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** null while the attempt runs. */
  outcome: SyncAttemptOutcomeSchema.nullable(),
  /** What happened, in words (never the provider's raw answer). */
  message: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
});
export type SyncAttempt = z.infer<typeof SyncAttemptSchema>;

/** One application's sync to one integration target (issue #23 §4), as the application page shows it. */
export const ApplicationSyncSchema = z.strictObject({
  syncId: z.string(),
  integration: IntegrationKindSchema,
  target: z.string(),
  state: SyncStateSchema,
  /** Attempts of the current run (reset when a person or a change asks again). */
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  /** The provider's record: its id and a link to it. */
  recordId: z.string().nullable(),
  recordUrl: z.string().nullable(),
  /** The last error as a person can act on it. */
  lastError: z.string().nullable(),
  syncedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The latest attempts, newest first. */
  history: z.array(SyncAttemptSchema),
});
export type ApplicationSync = z.infer<typeof ApplicationSyncSchema>;

export const ApplicationSyncsSchema = z.strictObject({ items: z.array(ApplicationSyncSchema) });
export type ApplicationSyncs = z.infer<typeof ApplicationSyncsSchema>;

/** `POST /api/applications/{applicationId}/sync-to-cc` (spec 2 §7): the application's custom form. */
export const CardConnectSyncBodySchema = z.strictObject({ formId: z.uuid() });
export type CardConnectSyncBody = z.infer<typeof CardConnectSyncBodySchema>;

export const ManualSyncResponseSchema = z.strictObject({ status: SyncStateSchema });
export type ManualSyncResponse = z.infer<typeof ManualSyncResponseSchema>;

/** The applications list's filter by sync state (any integration). */
export const SyncStateFilterSchema = SyncStateSchema;

/** Words for each sync state (badges, filters). */
export const SYNC_STATE_LABELS = {
  queued: 'Queued',
  running: 'Syncing',
  synced: 'Synced',
  failed: 'Failed',
  needs_attention: 'Needs attention',
} as const;

export const INTEGRATION_LABELS = {
  salesforce: 'Salesforce',
  cardconnect: 'CardConnect',
  worldpay: 'WorldPay',
  tsys: 'TSYS',
} as const;

/** The sync's words (issue #23 §4: errors as a person can act on them). */
export const SYNC_WORDS = {
  notConnected: 'Salesforce is not connected for your company: connect it on Manage Integration, then Sync again.',
  expired: 'Salesforce connection expired: Update Token on Manage Integration, then Sync again.',
  turnedOff: 'The Salesforce integration is turned off: turn it back on (Edit or Update Token), then Sync again.',
  noMapping: "This application's form has no Salesforce mapping: map the form, then Sync again.",
  invalidClient: 'Salesforce refused the consumer key or secret: re-enter them on Manage Integration.',
  limitExceeded: "Salesforce's daily API limit is reached: we will try again later.",
  unavailable: 'Salesforce did not answer: we will try again later.',
  multipleMatches: (field: string, value: string) =>
    `Several Salesforce records have ${field} = ${value}: keep one of them, then Sync again.`,
  multipleMatchesUpsert:
    "Several Salesforce records carry this application's id in the mapping's external id field: keep one of them, then Sync again.",
  notFound: "Salesforce has no such object or record: check the form's mapping, then Sync again.",
  invalidData: (messages: string[]) =>
    `Salesforce refused the record: ${messages.join('; ') || 'a value is not accepted'}. Change the data or the mapping, then Sync again.`,
  /** Salesforce's message about a field filled from an encrypted answer: withheld, as it may quote the value. */
  encryptedValueRefused: 'the value of an encrypted answer is not accepted (check it on the application)',
  failed: 'Salesforce answered with an error: we will try again later.',
  gaveUp: (words: string) => `${words} We stopped trying after about a day: Sync again when it is fixed.`,
  uncertainCreate:
    'We sent this application to Salesforce but never got the answer, and the mapping has no field holding the application id to look the record up: check Salesforce for a record of this application (add it to the mapping, or delete a duplicate), then Sync again.',
  unexpected: 'The sync failed unexpectedly: we will try again later.',
  applicationGone: 'The application could not be read: it may have been deleted.',
} as const;
