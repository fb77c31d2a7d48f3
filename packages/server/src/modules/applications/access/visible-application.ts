import { ERROR_CODES } from '@under/core/api/error.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import type { AuthContext } from '../../../auth-context';
import type { DbOrTx } from '../../../db/client';
import type { applications } from '../../../db/schema';
import { AppError } from '../../../errors';
import { requireCompanyId } from '../../accounts/tenant';
import { createApplicationAccessRepository } from './access.repository';

/** The template permissions of the caller: `undefined` for a client ADMINISTRATOR (every form), else the granted ids. */
export interface FormGrants {
  grantedMasterFormIds(opts: { auth: AuthContext; tx?: DbOrTx }): Promise<string[] | undefined>;
}

interface VisibleApplication {
  application: typeof applications.$inferSelect;
  formName: string;
  masterFormId: string;
  /**
   * The definition of the form version the application was made on (null if that row were missing: the readers
   * that need it answer as they did before decision 065, the detail 404, reveal 400).
   */
  form: FormDefinition | null;
}

const notFound = () => new AppError(ERROR_CODES.applicationNotFound);

/**
 * THE answer to "may this institution user see application X" (decision 065), for every route of an institution
 * user that names an application: the application of the caller's company, not a draft (drafts are the applicant's,
 * decision 042), and, for a STANDARD member, of a form they were granted (decision 042's template permissions).
 * Anything else, an unknown id included, is the same 404, so another tenant's ids are never confirmed.
 *
 * - `companyId`: the spec's optional `companyId` of a request; another company's is the same 404.
 * - `lock`: the application row is read FOR UPDATE (a use case that writes it); the grants are read through `tx`
 *   too, so a transaction never waits on a second connection.
 * - `grants`: the template permissions (the caller's module passes what it was given).
 */
export async function loadVisibleApplication(
  tx: DbOrTx,
  auth: AuthContext,
  applicationId: string,
  opts: { grants: FormGrants; lock?: boolean; companyId?: string },
): Promise<VisibleApplication> {
  const callerCompany = requireCompanyId(auth);
  if (opts.companyId && opts.companyId !== callerCompany) throw notFound();
  const row = await createApplicationAccessRepository(tx).findWithForm(applicationId, opts.lock ?? false);
  if (!row || row.application.companyId !== callerCompany || row.application.status === 'draft') throw notFound();
  const granted = await opts.grants.grantedMasterFormIds({ auth, tx });
  if (granted && !granted.includes(row.masterFormId)) throw notFound();
  return { ...row, form: (row.form as unknown as FormDefinition | null) ?? null };
}

/**
 * An application with its form for a job that acts for no caller (an integration's sync, decision 074): no
 * visibility check, so never behind a route. Undefined when it does not exist.
 */
export async function loadApplicationForJob(tx: DbOrTx, applicationId: string) {
  return createApplicationAccessRepository(tx).findWithForm(applicationId, false);
}
