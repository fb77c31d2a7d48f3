import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { AuthContext } from '../../auth-context';
import { AppError, notFound } from '../../errors';

/** A company that is not the caller's is answered as missing: another tenant's ids are not confirmed. */
export const companyNotFound = () => notFound(MESSAGES.accountNotFound);
export const memberNotFound = () => notFound(MESSAGES.memberNotFound);

/** The caller's company id; a client user who has not registered a company yet has none. */
export function requireCompanyId(auth: AuthContext): string {
  if (!auth.companyId) throw new AppError(ERROR_CODES.accountNoCompany);
  return auth.companyId;
}

/** The caller's company id when it is `companyId`; any other company is 404. */
export function requireOwnCompany(auth: AuthContext, companyId: string): string {
  if (!auth.companyId || auth.companyId !== companyId) throw companyNotFound();
  return companyId;
}

const CLIENT_ADMIN_ROLES: ReadonlySet<string> = new Set(['ADMINISTRATOR', 'admin']);
/** A client ADMINISTRATOR (the role's two spellings): the routes' `clientAdmin` access and the services' own checks. */
export const isClientAdmin = (auth: Pick<AuthContext, 'role'>): boolean => CLIENT_ADMIN_ROLES.has(auth.role);
