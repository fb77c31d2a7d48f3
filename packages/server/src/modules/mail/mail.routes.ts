import { OkResponseSchema } from '@under/core/auth/auth.schema';
import { ListMailsQuerySchema, MailParamsSchema, OutboxMailListSchema } from '@under/core/mail/mail-outbox.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access';
import type { MailService } from './mail.service';

/** The mail outbox for admins (decision 023): mails by status (failed by default), and sending a failed one again. */
export function registerMailRoutes(app: FastifyInstance, deps: { mail: MailService }) {
  const { mail } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  const admin = { access: 'admin' as const };

  r.get(
    '/api/admin/mails',
    { config: admin, schema: { tags, querystring: ListMailsQuerySchema, response: { 200: OutboxMailListSchema } } },
    async (req) => mail.list(req.query),
  );

  r.post(
    '/api/admin/mails/:mailId/retry',
    {
      config: admin,
      schema: { tags, params: MailParamsSchema, body: z.unknown().optional(), response: { 200: OkResponseSchema } },
    },
    async (req) => {
      await mail.retry({ auth: requireAuth(req), mailId: req.params.mailId });
      return { ok: true as const };
    },
  );
}
