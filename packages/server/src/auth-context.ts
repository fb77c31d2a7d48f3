import type { Membership } from '@under/core/accounts/membership.schema';
import type { Pool } from '@under/core/auth/pools';

/** The signed-in caller, attached to the request by the access hook. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  pool: Pool;
  email: string;
  role: string;
  companyId: string | null;
  /** Effective status: an inactive company makes its users inactive. */
  status: string;
  idleExpiresAt: number;
  /** Read with the session in the same query, as of this request: what GET /api/me answers. */
  profile: {
    firstName: string | null;
    lastName: string | null;
    company: { id: string; name: string; status: string } | null;
    membership: Membership | null;
  };
}
