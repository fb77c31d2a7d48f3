import { z } from 'zod';

export const MembershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  /** Monthly price in cents (USD). */
  priceCents: z.number().int(),
  /** -1 is unlimited. */
  userQuota: z.number().int(),
  /** -1 is unlimited. */
  formQuota: z.number().int(),
  salesForce: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;

/** Default plans (issue 2): the spec leaves quotas and prices unstated; admins edit these later. */
export const DEFAULT_MEMBERSHIPS: Membership[] = [
  { id: 'MEMBERSHIP_001', name: 'Basic', type: 'basic', priceCents: 0, userQuota: 1, formQuota: 1, salesForce: false },
  {
    id: 'MEMBERSHIP_002',
    name: 'Simple',
    type: 'simple',
    priceCents: 4900,
    userQuota: 3,
    formQuota: 3,
    salesForce: false,
  },
  {
    id: 'MEMBERSHIP_003',
    name: 'Nature',
    type: 'nature',
    priceCents: 9900,
    userQuota: 5,
    formQuota: 10,
    salesForce: false,
  },
  {
    id: 'MEMBERSHIP_004',
    name: 'Professional',
    type: 'professional',
    priceCents: 29900,
    userQuota: 10,
    formQuota: 25,
    salesForce: true,
  },
  {
    id: 'MEMBERSHIP_005',
    name: 'Signature',
    type: 'signature',
    priceCents: 99000,
    userQuota: 25,
    formQuota: 50,
    salesForce: true,
  },
  {
    id: 'MEMBERSHIP_006',
    name: 'Signature Plus',
    type: 'signature-plus',
    priceCents: 299000,
    userQuota: -1,
    formQuota: -1,
    salesForce: true,
  },
];
