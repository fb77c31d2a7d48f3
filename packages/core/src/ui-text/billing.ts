import type { PaymentStatus } from '../billing/billing.schema';
import { MESSAGES } from '../messages';

/** Labels of the plan, payment and billing screens (ours, decision 032); the spec's texts come from MESSAGES. */
export const BILLING_TEXT = {
  navBilling: 'Billing',
  plansLead: 'Your plan sets how many team members and forms your company can have. Paid plans are billed monthly.',
  choosePlan: 'Choose',
  choosePlanLabel: (plan: string) => `Choose ${plan}`,
  tryFreeLabel: (plan: string, days: number) => `Try free for ${days} days: ${plan}`,
  upgradeTo: (plan: string) => `Upgrade to ${plan}`,
  downgradeTo: (plan: string) => `Move to ${plan}`,
  tryFree: (days: number) => `Try free for ${days} days`,
  resumePlan: 'Keep this plan',
  cancelPlan: 'Cancel plan',
  cancelTitle: 'Cancel your plan?',
  cancelMessage: (plan: string, date: string) =>
    `${plan} stays in force until ${date}. Then your company moves to Basic, and members beyond its one seat are deactivated.`,
  cancelConfirm: 'Cancel plan',
  keepPlan: 'Keep plan',
  canceled: 'Your plan ends at the end of the period.',
  resumed: 'Your plan continues.',
  downgraded: (plan: string, date: string) => `${plan} starts on ${date}.`,
  statusActive: (date: string) => `Paid through ${date}.`,
  statusTrial: (date: string) => `Free trial until ${date}. Add a card to keep the plan afterwards.`,
  statusTrialWithCard: (date: string) => `Free trial until ${date}; your card is charged then.`,
  statusPastDue: (date: string) =>
    `Your last payment failed. Update your card: we try again, and on ${date} the company moves to Basic.`,
  statusCancel: (date: string) => `Your plan ends on ${date}; then Basic.`,
  statusPending: (plan: string, date: string) => `${plan} starts on ${date}.`,
  trialTitle: 'Try a plan free',
  trialLead: (days: number) =>
    `Use a paid plan for ${days} days without a card. Without a card by then, your company returns to Basic.`,
  trialStart: 'Start the free trial',
  trialStarted: (plan: string) => `Your ${plan} trial has started.`,
  trialUsed: 'Your company has already used its free trial.',
  paymentTitle: (plan: string) => `Pay for ${plan}`,
  /** The one sentence of the payment page (issue 21 §5): what is charged today, for what, and what follows. */
  chargeToday: (o: {
    kind: 'subscribe' | 'upgrade';
    amount: string;
    price: string;
    discount: string | null;
    plan: string;
    monthly: string;
    until: string;
  }) => {
    const today = o.discount ? `${o.amount} (${o.price} less ${o.discount} from your coupon)` : o.amount;
    const coupon = o.discount ? ', less your coupon while it lasts' : '';
    return o.kind === 'upgrade'
      ? `Today you are charged ${today}: the difference for the rest of this period, until ${o.until}. Then ${o.plan} renews every month at ${o.monthly}${coupon}.`
      : `Today you are charged ${today} for ${o.plan} until ${o.until}. Then it renews every month at ${o.monthly}${coupon}, until you cancel.`;
  },
  chargeNothingToday: 'Nothing is charged today.',
  quoteFailed: 'The amount to charge could not be worked out. Reload the page before paying.',
  couponActive: (name: string, off: string, date: string) => `Coupon ${name}: ${off} until ${date}.`,
  couponPercentOff: (n: number) => `${n}% off`,
  couponAmountOff: (amount: string) => `${amount} off each charge`,
  payButton: 'Pay and subscribe',
  payWithSaved: (brand: string, last4: string) => `Pay with ${brand} ending in ${last4}`,
  useNewCard: 'Use another card',
  paid: (plan: string) => `You are now on ${plan}.`,
  nameOnCard: 'Name on card',
  nameOnCardRequired: 'Name on card is required',
  cardNumber: 'Card number',
  cardNumberRequired: 'Card number is required',
  expiration: 'Expiration (MM/YY)',
  expirationRequired: 'Expiration is required',
  cvc: 'Security code (CVC)',
  cvcRequired: 'Security code (CVC) is required',
  cardValidation: MESSAGES.cardValidation,
  /** The spec's card text and what failed, as the server says it too. */
  cardFailed: (failure: keyof typeof MESSAGES.cardFailure) =>
    `${MESSAGES.cardValidation} ${MESSAGES.cardFailure[failure]}`,
  testCardsHint: 'Test mode: use 4242 4242 4242 4242 with any future date and any 3 digits. No money moves.',
  stripeLoading: 'Loading the secure card form…',
  stripeFailed: 'The secure card form could not be loaded. Check your connection and reload the page.',
  billingTitle: 'Billing History',
  billingLead: 'Payments of your plan, with an invoice for each. Amounts in US dollars.',
  cardTitle: 'Card',
  noCard: 'No card saved.',
  savedCard: (brand: string, last4: string) => `${brand} ending in ${last4}`,
  updateCard: 'Update card',
  saveCard: 'Save card',
  cardSaved: 'Your card was saved.',
  dateColumn: 'Date',
  planColumn: 'Plan',
  periodColumn: 'Period',
  amountColumn: 'Amount',
  discountColumn: 'Coupon discount',
  cardColumn: 'Card',
  statusColumn: 'Status',
  invoiceColumn: 'Invoice',
  actionsColumn: 'Actions',
  invoice: 'Invoice',
  invoiceLabel: (date: string) => `Download the invoice of ${date}`,
  statusNames: { paid: 'Paid', refunded: 'Refunded', failed: 'Failed' } satisfies Record<PaymentStatus, string>,
  kindNames: { subscribe: 'Subscription', upgrade: 'Upgrade', renewal: 'Renewal' },
  empty: 'No payments yet.',
  loadError: 'The billing history could not be loaded.',
  reload: 'Try again',
  range: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
  refund: 'Refund',
  refundTitle: 'Refund this payment?',
  refundMessage: (amount: string) => `${amount} goes back to the card. The plan does not change.`,
  refundConfirm: 'Refund',
  refunded: 'The payment was refunded.',
  upgradeAction: 'See plans',
  crmTitle: 'CRM integration',
  crmIncluded: 'Your plan includes the CRM integration; each form is connected from its CRM mapping.',
} as const;
