import { z } from 'zod';
import { MembershipSchema } from './membership.schema';

/** GET /api/me: the signed-in user of either pool. */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  /** Effective status: an inactive company makes its users inactive (spec 1 §4). */
  status: z.string(),
  pool: z.enum(['client', 'admin']),
  company: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
  membership: MembershipSchema.nullable(),
});
export type Me = z.infer<typeof MeSchema>;
