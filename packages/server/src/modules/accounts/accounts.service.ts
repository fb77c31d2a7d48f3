import { effectiveUserStatus } from '@under/core/accounts/enums';
import type { Me } from '@under/core/accounts/me.schema';
import type { Db } from '../../db/client';
import type { AuthContext } from '../auth/auth.service';
import { createAccountsRepository } from './accounts.repository';
import { noUserError } from './errors';

export function createAccountsService(deps: { db: Db }) {
  const repo = createAccountsRepository(deps.db);
  return {
    /** The signed-in user with company and plan; the status is the effective one. */
    async getMe(opts: { auth: AuthContext }): Promise<Me> {
      const row = await repo.findUserWithCompany(opts.auth.userId);
      if (!row) throw noUserError();
      const { user, company, membership } = row;
      return {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        status: effectiveUserStatus(user.status, company?.status),
        pool: user.pool as Me['pool'],
        company: company ? { id: company.id, name: company.name, status: company.status } : null,
        membership: membership ?? null,
      };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
