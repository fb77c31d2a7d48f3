import { ERROR_CODES } from '@under/core/api/error.schema';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../errors';
import { permitted } from './form-integrations';
import { createFormIntegrationsRepository } from './form-integrations.repository';

/**
 * Integration permissions, enforced (decision 078): a company's form built on a template the platform's admins set
 * `inactive` for that company may not be given an integration (its config turned on, its Salesforce mapping saved);
 * 403 `integration/not-permitted` in words. The sync refuses it through the syncability check.
 */
export async function requireIntegrationPermitted(db: DbOrTx, companyId: string, masterFormId: string) {
  const [permission] = await createFormIntegrationsRepository(db).permissions(companyId, [masterFormId]);
  if (!permitted(permission)) throw new AppError(ERROR_CODES.integrationNotPermitted);
}
