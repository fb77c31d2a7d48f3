import { z } from 'zod';
import {
  AccountParamsSchema,
  AccountSchema,
  AccountSummarySchema,
  AccountsQuerySchema,
  AdminOverviewSchema,
  AdminUserParamsSchema,
  AdminUserSchema,
  AdminUserStatusBodySchema,
  InviteAdminBodySchema,
  SubscriptionLevelBodySchema,
  UpdateAccountBodySchema,
} from '../admin-accounts/admin-accounts.schema';
import { endpoint } from './contract';
import { pagedSchema } from './pagination.schema';

const tag = 'admin-accounts';

/** The admin back office: client accounts, the overview and admin users (spec 2 §7 "Accounts (admin)"). */
export const ADMIN_ACCOUNTS_API = {
  listAccounts: endpoint({
    method: 'GET',
    path: '/api/accounts',
    query: AccountsQuerySchema,
    response: pagedSchema(AccountSchema),
    tag,
  }),
  getAccount: endpoint({
    method: 'GET',
    path: '/api/accounts/:companyId',
    params: AccountParamsSchema,
    response: AccountSchema,
    tag,
  }),
  updateAccount: endpoint({
    method: 'PUT',
    path: '/api/accounts/:companyId',
    params: AccountParamsSchema,
    body: UpdateAccountBodySchema,
    response: AccountSchema,
    tag,
    summary: 'Name and status; an inactive company signs all its users out',
  }),
  setSubscriptionLevel: endpoint({
    method: 'PUT',
    path: '/api/accounts/:companyId/subscription-level',
    params: AccountParamsSchema,
    body: SubscriptionLevelBodySchema,
    response: AccountSchema,
    tag,
    summary: 'Changes the plan without a charge (audited)',
  }),
  getAccountSummary: endpoint({
    method: 'GET',
    path: '/api/accounts/:companyId/summary',
    params: AccountParamsSchema,
    response: AccountSummarySchema,
    tag,
  }),
  getOverview: endpoint({ method: 'GET', path: '/api/admin/overview', response: AdminOverviewSchema, tag }),
  listAdminUsers: endpoint({
    method: 'GET',
    path: '/api/admin-users',
    response: z.object({ items: z.array(AdminUserSchema) }),
    tag,
  }),
  inviteAdminUser: endpoint({
    method: 'POST',
    path: '/api/admin-users',
    body: InviteAdminBodySchema,
    status: 201,
    response: AdminUserSchema,
    tag,
  }),
  setAdminUserStatus: endpoint({
    method: 'PATCH',
    path: '/api/admin-users/:userId/status',
    params: AdminUserParamsSchema,
    body: AdminUserStatusBodySchema,
    response: AdminUserSchema,
    tag,
  }),
} as const;
