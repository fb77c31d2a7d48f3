import type { Me } from '@under/core/accounts/me.schema';
import type { AuthContext } from '../../auth-context';

export function createAccountsService() {
  return {
    /**
     * The signed-in user with company and plan; the status is the effective one. Everything comes from the
     * access check's own query (one database round trip for the whole call).
     */
    getMe(opts: { auth: AuthContext }): Me {
      const { auth } = opts;
      return {
        id: auth.userId,
        email: auth.email,
        firstName: auth.profile.firstName,
        lastName: auth.profile.lastName,
        role: auth.role,
        status: auth.status,
        pool: auth.pool,
        company: auth.profile.company,
        membership: auth.profile.membership,
      };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
