import { MAIL_API } from '@under/core/api/mail.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { MailService } from './mail.service';

/** The mail outbox for admins (decision 023): mails by status (failed by default), and sending a failed one again. */
export function registerMailRoutes(app: FastifyInstance, deps: { mail: MailService }) {
  const { mail } = deps;

  defineRoute(app, MAIL_API.listMails, { access: 'admin' }, ({ query }) => mail.list(query));

  defineRoute(app, MAIL_API.retryMail, { access: 'admin' }, async ({ req, params }) => {
    await mail.retry({ auth: requireAuth(req), mailId: params.mailId });
    return { ok: true as const };
  });
}
