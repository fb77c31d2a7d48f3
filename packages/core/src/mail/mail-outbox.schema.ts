import { z } from 'zod';
import { PageSchema, PageSizeSchema, pagedSchema } from '../api/pagination.schema';
import { MESSAGES } from '../messages';

/**
 * Where an outbox mail stands (decision 023):
 * - `queued`: waiting for its next attempt (`nextAttemptAt`);
 * - `sending`: claimed by one worker until its lease ends;
 * - `sent`: the mail server accepted it (its content is erased then);
 * - `failed`: every attempt of about a day failed; an admin may retry it.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * What a mail is. Admins see this, never the subject or the body: code mails carry their code in both, and an
 * invitation its link.
 */
export const MAIL_KINDS = [
  'sign-up-code',
  'reset-password-code',
  'invitation',
  'payment-failed',
  'plan-ended',
  'admin-invitation',
  'application-invite',
  'application-invite-notice',
  'vault-code',
  /** An additional owner's own link to an application, or a fresh link asked for (decision 037). */
  'application-owner-link',
  'application-status',
  'application-link',
  /** Signing (issue 13): the one-time code, the request to sign (and reminders), signatures invalidated, all signed. */
  'sign-code',
  'sign-request',
  'sign-invalidated',
  'sign-completed',
  /** Issue 14 (decision 052): the institution asks an owner to correct a submitted application. */
  'application-edit-link',
  /** Issue 21 (decision 060): the institution's team is told an application was submitted, signed, documented. */
  'institution-notice',
  /** Issue #23 (decision 073): the platform's admins are told a client turned off an integration. */
  'integration-turned-off',
  /** Issue #24 (decision 090): the admins are told a company's 30-day CardConnect trial ended. */
  'cardconnect-trial-ended',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const ListMailsQuerySchema = z.strictObject({
  status: z.enum(MAIL_STATUSES).default('failed'),
  page: PageSchema,
  pageSize: PageSizeSchema,
});
export type ListMailsQuery = z.infer<typeof ListMailsQuerySchema>;

export const MailParamsSchema = z.strictObject({ mailId: z.uuid(MESSAGES.mailNotFound) });

/** One outbox mail as admins see it: whom, what kind, how it went; no subject, no body. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.enum(MAIL_KINDS),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** The last change: the last attempt, or the admin's retry. */
  updatedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** False once the content was erased (sent, or failed long ago): such a mail cannot be sent again. */
  retryable: z.boolean(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OutboxMailListSchema = pagedSchema(OutboxMailSchema);
export type OutboxMailList = z.infer<typeof OutboxMailListSchema>;
