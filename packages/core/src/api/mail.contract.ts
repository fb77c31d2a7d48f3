import { z } from 'zod';
import { OkResponseSchema } from '../auth/auth.schema';
import { ListMailsQuerySchema, MailParamsSchema, OutboxMailListSchema } from '../mail/mail-outbox.schema';
import { endpoint } from './contract';

/** The mail outbox for admins (decision 023). */
export const MAIL_API = {
  /** Mails by status, failed by default. */
  listMails: endpoint({
    method: 'GET',
    path: '/api/admin/mails',
    query: ListMailsQuerySchema,
    response: OutboxMailListSchema,
    tag: 'mail',
  }),
  /** A failed mail goes back to the queue. */
  retryMail: endpoint({
    method: 'POST',
    path: '/api/admin/mails/:mailId/retry',
    params: MailParamsSchema,
    body: z.unknown().optional(),
    response: OkResponseSchema,
    tag: 'mail',
  }),
} as const;
