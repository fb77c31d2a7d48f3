import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every e-mail, written in the transaction of the change that causes it and sent afterwards by a job with retries
 * (decision 023). The subject and bodies are sealed together in `content` (AES-256-GCM; they carry one-time codes
 * and invitation links) and erased once the mail server accepted the message.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    /** Also the Message-ID's local part, so a receiving server can drop a second copy. */
    id: uuid('id').primaryKey(),
    /** What caused the mail (e.g. the code or invitation it carries): queueing the same cause twice is one mail. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** Sealed `{ subject, text, html }`; null once sent, or purged after a long failure. */
    content: text('content'),
    status: text('status').notNull().default('queued'),
    /** Attempts claimed so far; also the fencing token of the current claim. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed: an error code and the mail server's short reply, never content. */
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: until when the claiming worker owns the row; past it, another worker may try again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_status_updated_idx').on(t.status, t.updatedAt),
  ],
);
