import { BILLING_API } from '@under/core/api/billing.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { BillingService } from './billing.service';
import type { RenewalService } from './renewal.service';

/** Subscriptions, card payments and billing history (spec 2 §7 "Membership, billing, coupons"; decision 032). */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; renewals: RenewalService },
) {
  const { billing, renewals } = deps;
  const api = BILLING_API;

  defineRoute(app, api.getConfig, { access: 'authenticated' }, () => billing.getConfig());

  defineRoute(app, api.getSubscription, { access: 'client' }, ({ req, query }) =>
    billing.getSubscription({ auth: requireAuth(req), companyId: query.companyId }),
  );

  defineRoute(app, api.subscribe, { access: 'clientAdmin' }, ({ req, body }) =>
    billing.subscribe({ auth: requireAuth(req), membershipId: body.membershipId, cardToken: body.cardToken }),
  );

  defineRoute(app, api.getQuote, { access: 'clientAdmin' }, ({ req, query }) =>
    billing.quote({ auth: requireAuth(req), membershipId: query.membershipId }),
  );

  defineRoute(app, api.startTrial, { access: 'clientAdmin' }, ({ req, body }) =>
    billing.startTrial({ auth: requireAuth(req), membershipId: body.membershipId }),
  );

  defineRoute(app, api.cancel, { access: 'clientAdmin' }, ({ req }) => billing.cancel({ auth: requireAuth(req) }));

  defineRoute(app, api.updateCard, { access: 'clientAdmin' }, ({ req, params, body }) =>
    billing.updateCard({ auth: requireAuth(req), companyId: params.companyId, token: body.token }),
  );

  defineRoute(app, api.listBillings, { access: 'clientAdmin' }, ({ req, query }) =>
    billing.listBillings({ auth: requireAuth(req), page: query.page, pageSize: query.pageSize }),
  );

  // an admin, or the company's own administrator (checked by the service; other companies are 404)
  defineRoute(app, api.listCompanyBillings, { access: 'authenticated' }, ({ req, params, query }) =>
    billing.listCompanyBillings({
      auth: requireAuth(req),
      companyId: params.companyId,
      page: query.page,
      pageSize: query.pageSize,
    }),
  );

  defineRoute(app, api.getInvoice, { access: 'authenticated' }, async ({ req, reply, params }) => {
    const pdf = await billing.invoice({ auth: requireAuth(req), paymentId: params.paymentId });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf.bytes));
  });

  defineRoute(app, api.refund, { access: 'admin' }, ({ req, params }) =>
    billing.refund({ auth: requireAuth(req), paymentId: params.paymentId }),
  );

  defineRoute(app, api.checkTimesSubscription, { access: 'client' }, ({ req, params }) =>
    billing.checkTimesSubscription({ auth: requireAuth(req), companyId: params.companyId }),
  );

  defineRoute(app, api.runRenewals, { access: 'admin' }, () => renewals.run());
}
