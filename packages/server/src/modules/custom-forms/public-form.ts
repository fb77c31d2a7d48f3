import { ERROR_CODES } from '@under/core/api/error.schema';
import type { CustomFormLayout, PublicCustomForm } from '@under/core/custom-forms/custom-form.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { FilesService } from '../files/files.service';
import { companyOf, customFormNotFound, documentLinks, readDocument } from './custom-form-versions';
import { createCustomFormsRepository } from './custom-forms.repository';

/** The applicant's side of a custom form: the public form, without a login. */
export function createPublicFormService(deps: { db: Db; files: FilesService }) {
  const { db, files } = deps;
  const repo = createCustomFormsRepository(db);
  const notFound = customFormNotFound;

  return {
    /**
     * GET /api/public/custom_forms/{id}: what an applicant needs of an active form, and nothing of the company but
     * its name and logo. An unknown or archived form is 404; an inactive one says so.
     */
    async getPublic(opts: { customFormId: string; version?: number }): Promise<PublicCustomForm> {
      const row = await repo.findFormById(opts.customFormId);
      if (!row || row.status === 'archived') throw notFound();
      if (row.status !== 'active') throw new AppError(ERROR_CODES.customFormInactive);
      const versionRow = await repo.findVersion(row.id, opts.version ?? row.version);
      if (!versionRow) throw notFound();
      const { company } = await companyOf(db, row.companyId);
      // a deactivated company takes no applications either
      if (company.status !== 'active') throw new AppError(ERROR_CODES.customFormInactive);
      const document = readDocument(versionRow.document);
      return {
        customFormId: row.id,
        name: row.name,
        version: versionRow.version,
        companyName: company.name,
        logoUrl: document.showLogo && company.logoFileUrl ? files.downloadUrl(company.logoFileUrl) : null,
        form: versionRow.form as unknown as FormDefinition,
        layout: versionRow.layout as unknown as CustomFormLayout,
        documents: documentLinks(files, document),
        termsAndConditions: document.termsAndConditions,
      };
    },
  };
}
