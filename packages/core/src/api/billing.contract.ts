import { CompanyParamsSchema, SubscriptionQuerySchema } from '../accounts/company.schema';
import {
  BillingConfigSchema,
  BillingListSchema,
  BillingRowSchema,
  BillingsQuerySchema,
  CardBodySchema,
  CardSchema,
  PaymentParamsSchema,
  QuoteQuerySchema,
  QuoteSchema,
  RenewalRunSchema,
  SubscribeBodySchema,
  SubscriptionDetailSchema,
  TimeSubscriptionSchema,
  TrialBodySchema,
} from '../billing/billing.schema';
import { endpoint } from './contract';

const tag = 'billing';

/** Subscriptions, card payments and billing history (spec 2 §7 "Membership, billing, coupons"; decision 032). */
export const BILLING_API = {
  getConfig: endpoint({ method: 'GET', path: '/api/billing/config', response: BillingConfigSchema, tag }),
  getSubscription: endpoint({
    method: 'GET',
    path: '/api/subscription',
    query: SubscriptionQuerySchema,
    response: SubscriptionDetailSchema,
    tag,
  }),
  /** Pay for a plan: subscribe, upgrade now (prorated), downgrade at the period's end, or resume. */
  subscribe: endpoint({
    method: 'POST',
    path: '/api/subscription',
    body: SubscribeBodySchema,
    response: SubscriptionDetailSchema,
    tag,
  }),
  /** What subscribing to a plan would charge today, before charging (issue 21 §5). */
  getQuote: endpoint({
    method: 'GET',
    path: '/api/subscription/quote',
    query: QuoteQuerySchema,
    response: QuoteSchema,
    tag,
  }),
  startTrial: endpoint({
    method: 'POST',
    path: '/api/subscription/trial',
    body: TrialBodySchema,
    response: SubscriptionDetailSchema,
    tag,
  }),
  /** The paid plan ends at the period's end (Basic then). */
  cancel: endpoint({ method: 'POST', path: '/api/subscription/cancel', response: SubscriptionDetailSchema, tag }),
  updateCard: endpoint({
    method: 'PATCH',
    path: '/api/card/:companyId',
    params: CompanyParamsSchema,
    body: CardBodySchema,
    response: CardSchema,
    tag,
  }),
  listBillings: endpoint({
    method: 'GET',
    path: '/api/billings',
    query: BillingsQuerySchema,
    response: BillingListSchema,
    tag,
  }),
  listCompanyBillings: endpoint({
    method: 'GET',
    path: '/api/companies/:companyId/billings',
    params: CompanyParamsSchema,
    query: BillingsQuerySchema,
    response: BillingListSchema,
    tag,
  }),
  /** The PDF invoice of a payment (application/pdf). */
  getInvoice: endpoint({ method: 'GET', path: '/api/billings/:paymentId/invoice', params: PaymentParamsSchema, tag }),
  refund: endpoint({
    method: 'POST',
    path: '/api/billings/:paymentId/refund',
    params: PaymentParamsSchema,
    response: BillingRowSchema,
    tag,
  }),
  /**
   * Whether the plan's paid time is in force: 200 while it is (Basic, trial, paid); a renewal that failed answers
   * 402 `billing/past-due` with what to do. Another company answers the account-not-found text, which the web
   * treats as success (spec 2 §8 "Time-subscription call").
   */
  checkTimesSubscription: endpoint({
    method: 'GET',
    path: '/api/check-times-subscription/:companyId',
    params: CompanyParamsSchema,
    response: TimeSubscriptionSchema,
    tag,
  }),
  /** Runs the renewal pass now (the scheduled job runs it every 10 minutes). */
  runRenewals: endpoint({ method: 'POST', path: '/api/admin/billing/renewals', response: RenewalRunSchema, tag }),
} as const;
