import { randomUUID } from 'node:crypto';
import { isAtQuota } from '@under/core/accounts/quota';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { componentsByKey, diffMasterFields } from '@under/core/custom-forms/build-custom-form';
import {
  type CustomFormDetail,
  type CustomFormDocument,
  CustomFormDocumentSchema,
  type CustomFormLayout,
  type CustomFormStatus,
} from '@under/core/custom-forms/custom-form.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
import { PROCESSORS } from '@under/core/templates/master-form.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth-context';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { AppError } from '../../errors';
import { isClientAdmin, requireCompanyId } from '../accounts/tenant';
import type { FilesService } from '../files/files.service';
import {
  type Built,
  build,
  customFormNotFound,
  documentLinks,
  masterFormNotFound,
  masterStructure,
  readDocument,
  takeMasterVersion,
  toSummary,
  writeVersion,
} from './custom-form-versions';
import { type CustomFormRow, type CustomFormsRepository, createCustomFormsRepository } from './custom-forms.repository';
import { createMasterUpdatesService } from './master-updates';
import { createPublicFormService } from './public-form';
import { createMasterFormAccess, createTemplatePermissionsService } from './template-permissions';

/**
 * Custom forms (issue 11; spec 1 §3, §4; spec 2 §7; decision 035): a client's form built from a published master
 * form, its versions and quotas. The service answers for the whole module: it joins the public form
 * (public-form.ts), the master's updates and archiving (master-updates.ts) and the template permissions
 * (template-permissions.ts), each in its own file since decision 066.
 */
export function createCustomFormsService(deps: { db: Db; files: FilesService; log: FastifyBaseLogger }) {
  const { db, files, log } = deps;
  const repo = createCustomFormsRepository(db);
  const notFound = customFormNotFound;
  const masterNotFound = masterFormNotFound;
  const access = createMasterFormAccess({ db });
  const { memberGranted, grantedMasterIds, usableMasterForms, usableMasterForm } = access;

  /** The caller's own form (another company's, or a master form a STANDARD member was not granted, is 404). */
  async function loadOwn(auth: AuthContext, customFormId: string) {
    const companyId = requireCompanyId(auth);
    const row = await repo.findForm(customFormId, companyId);
    if (!row) throw notFound();
    if (!(await memberGranted(repo, auth, companyId, row.masterFormId))) throw notFound();
    return row;
  }

  /** Locks the caller's form for a change; an archived form is read-only. */
  async function lockOwn(r: CustomFormsRepository, auth: AuthContext, customFormId: string) {
    const row = await r.findForm(customFormId, requireCompanyId(auth), true);
    if (!row) throw notFound();
    if (row.status === 'archived') throw new AppError(ERROR_CODES.customFormArchived);
    return row;
  }

  async function summaryOf(row: CustomFormRow) {
    const master = await repo.findMasterForm(row.masterFormId);
    return toSummary(row, master?.name ?? '', master?.version ?? row.masterVersion);
  }

  async function detail(
    row: CustomFormRow,
    auth: AuthContext,
    opts: { version?: number; copyDefaultValue?: boolean } = {},
  ): Promise<CustomFormDetail> {
    const versionRow = await repo.findVersion(row.id, opts.version ?? row.version);
    if (!versionRow) throw notFound();
    const master = await repo.findMasterForm(row.masterFormId);
    if (!master) throw masterNotFound();
    const structure = await masterStructure(repo, row.masterFormId, versionRow.masterVersion);
    const document = readDocument(versionRow.document);
    if (opts.copyDefaultValue) {
      const defaults = { ...document.defaultValues };
      for (const [key, field] of componentsByKey(structure.allField.components)) {
        if (field.editableByUc === true && field.defaultValue !== undefined && !Object.hasOwn(defaults, key)) {
          defaults[key] = field.defaultValue;
        }
      }
      document.defaultValues = defaults;
    }
    let update: CustomFormDetail['update'] = null;
    if (row.status !== 'archived' && master.version > row.masterVersion) {
      const current = await masterStructure(repo, row.masterFormId, row.masterVersion);
      const latest = await masterStructure(repo, row.masterFormId, master.version);
      update = {
        version: master.version,
        message: MESSAGES.newerMasterVersion(master.name),
        diff: diffMasterFields(current.allField, latest.allField),
      };
    }
    return {
      ...toSummary(row, master.name, master.version),
      companyId: row.companyId,
      readVersion: versionRow.version,
      readOnly: row.status === 'archived' || !isClientAdmin(auth),
      integrations: row.integrations,
      structure: { customFormDocument: document, universalFormMaster: structure.allField },
      form: versionRow.form as unknown as FormDefinition,
      layout: versionRow.layout as unknown as CustomFormLayout,
      documents: documentLinks(files, document),
      update,
    };
  }

  /** Attaches the documents a save brings that the form does not hold yet; answers the document with their ids. */
  async function attachDocuments(
    tx: DbOrTx,
    auth: AuthContext,
    companyId: string,
    previous: CustomFormDocument,
    next: CustomFormDocument,
  ): Promise<CustomFormDocument> {
    const held = new Map(previous.documents.map((d) => [d.fileUrl, d.documentId]));
    const documents: CustomFormDocument['documents'] = [];
    for (const [i, d] of next.documents.entries()) {
      const documentId = held.get(d.fileUrl);
      if (documentId) {
        documents.push({ ...d, documentId });
        continue;
      }
      const id = randomUUID();
      try {
        const upload = await files.attach(tx, {
          key: d.fileUrl,
          purpose: 'custom-form-document',
          caller: { userId: auth.userId, companyId },
          owner: { kind: 'custom-form-document', id },
        });
        documents.push({ ...d, documentId: id, size: upload.size ?? undefined });
      } catch (err) {
        if (err instanceof AppError && err.statusCode < 500) {
          throw new AppError(err.code as never, err.message, [
            { path: `customFormDocument.documents.${i}.fileUrl`, message: err.message },
          ]);
        }
        throw err;
      }
    }
    return { ...next, documents };
  }

  async function change(
    auth: AuthContext,
    customFormId: string,
    fn: (ctx: {
      tx: DbOrTx;
      r: CustomFormsRepository;
      row: CustomFormRow;
      companyId: string;
    }) => Promise<CustomFormRow>,
  ) {
    const companyId = requireCompanyId(auth);
    const existing = await loadOwn(auth, customFormId);
    const row = await db.transaction(async (tx) => {
      const r = createCustomFormsRepository(tx);
      const locked = await lockOwn(r, auth, existing.id);
      return fn({ tx, r, row: locked, companyId });
    });
    return row;
  }

  /** A new form (create or clone) within the plan's form quota, the company's row locked for the count. */
  async function insertWithinQuota(
    auth: AuthContext,
    values: { masterFormId: string; name: string; masterVersion: number; document: CustomFormDocument },
    built: Built,
    audit: { action: 'custom-form.create'; masterFormId: string } | { action: 'custom-form.clone'; from: string },
  ) {
    const companyId = requireCompanyId(auth);
    return db.transaction(async (tx) => {
      const companies = createCompaniesRepository(tx);
      await companies.lockCompany(companyId);
      const found = await companies.findCompanyWithMembership(companyId);
      if (!found) throw notFound();
      const r = createCustomFormsRepository(tx);
      if (isAtQuota(found.membership.formQuota, await r.countForms(companyId))) {
        throw new AppError(ERROR_CODES.formQuota, MESSAGES.formQuotaCreate);
      }
      const row = await r.insertForm({ ...values, document: built.document, companyId, createdBy: auth.userId });
      await r.insertVersion({
        customFormId: row.id,
        version: row.version,
        masterVersion: values.masterVersion,
        document: built.document,
        form: built.form,
        layout: built.layout,
        createdBy: auth.userId,
      });
      await writeAudit(tx, {
        actorUserId: auth.userId,
        companyId,
        targetType: 'custom-form',
        targetId: row.id,
        ...(audit.action === 'custom-form.create'
          ? { action: 'custom-form.create', details: { masterFormId: audit.masterFormId } }
          : { action: 'custom-form.clone', details: { from: audit.from } }),
      });
      return { customFormId: row.id, version: row.version, status: row.status as CustomFormStatus };
    });
  }

  const forms = {
    async listInstitutions(opts: { auth: AuthContext; q?: string }) {
      return (await usableMasterForms(opts.auth, opts.q)).map(({ form, pageCount }) => ({
        formId: form.id,
        name: form.name,
        version: form.version,
        processorId: form.processorId,
        processorName: PROCESSORS.find((p) => p.id === form.processorId)?.name ?? null,
        pageCount,
      }));
    },
    /** GET /api/brief_master_forms for a client: the admin's brief shape, for what the caller may use. */
    async briefMasterForms(opts: { auth: AuthContext; q?: string }) {
      return (await usableMasterForms(opts.auth, opts.q)).map(({ form }) => ({
        formId: form.id,
        name: form.name,
        status: form.status,
        version: form.version,
        templateId: form.templateId,
      }));
    },
    async getInstitution(opts: { auth: AuthContext; formId: string }) {
      const { form, pageCount } = await usableMasterForm(opts.auth, opts.formId);
      const structure = await masterStructure(repo, form.id, form.version);
      return {
        formId: form.id,
        name: form.name,
        version: form.version,
        processorId: form.processorId,
        processorName: PROCESSORS.find((p) => p.id === form.processorId)?.name ?? null,
        pageCount,
        form: structure.allField,
        layout: { headerLayout: structure.headerLayout, progressLayout: structure.progressLayout },
      };
    },

    /** POST /api/custom_forms: a new inactive form on the master's newest published version. */
    async create(opts: { auth: AuthContext; masterFormId: string; name: string }) {
      const { form } = await usableMasterForm(opts.auth, opts.masterFormId);
      const structure = await masterStructure(repo, form.id, form.version);
      const document = CustomFormDocumentSchema.parse({
        headerColor: structure.headerLayout.backgroundColor,
        progressColor: structure.progressLayout.activeStepColor,
      });
      const built = build(structure, document);
      return insertWithinQuota(
        opts.auth,
        { masterFormId: form.id, name: opts.name, masterVersion: form.version, document: built.document },
        built,
        { action: 'custom-form.create', masterFormId: form.id },
      );
    },

    /** GET /api/custom_forms: the company's forms (a STANDARD member's: of the master forms granted to them). */
    async list(opts: {
      auth: AuthContext;
      page: number;
      pageSize: number;
      q?: string;
      status?: CustomFormStatus;
      sort: 'name' | 'createdAt' | 'updatedAt' | 'status';
      order: 'asc' | 'desc';
    }) {
      const companyId = requireCompanyId(opts.auth);
      const { rows, total } = await repo.listForms({
        companyId,
        masterFormIds: await grantedMasterIds(opts.auth, companyId),
        q: opts.q,
        status: opts.status,
        sort: opts.sort,
        order: opts.order,
        limit: opts.pageSize,
        offset: (opts.page - 1) * opts.pageSize,
      });
      return {
        items: rows.map((r) => toSummary(r.form, r.institution, r.masterLatest)),
        total,
        page: opts.page,
        pageSize: opts.pageSize,
      };
    },

    async get(opts: { auth: AuthContext; customFormId: string; version?: number; copyDefaultValue?: boolean }) {
      return detail(await loadOwn(opts.auth, opts.customFormId), opts.auth, opts);
    },

    /**
     * A form's current version, for work done for its company without a signed-in user (the Salesforce sync builds
     * records with it; issue #23). Null when there is no such form.
     */
    async currentForm(customFormId: string): Promise<{ companyId: string; form: FormDefinition } | null> {
      const row = await repo.findFormById(customFormId);
      const versionRow = row ? await repo.findVersion(row.id, row.version) : undefined;
      if (!row || !versionRow) return null;
      return { companyId: row.companyId, form: versionRow.form as unknown as FormDefinition };
    },

    /** POST /api/custom_forms/{id}: the client's part saved; the form rebuilt from the master and checked. */
    async update(opts: { auth: AuthContext; customFormId: string; document: CustomFormDocument; step?: number }) {
      const row = await change(opts.auth, opts.customFormId, async ({ tx, r, row, companyId }) => {
        const structure = await masterStructure(r, row.masterFormId, row.masterVersion);
        const checked = build(structure, opts.document);
        const document = await attachDocuments(tx, opts.auth, companyId, readDocument(row.document), checked.document);
        const updated = await writeVersion(r, row, { ...checked, document }, row.masterVersion, opts.auth.userId, {
          wizardStep: Math.max(row.wizardStep, opts.step ?? row.wizardStep),
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'custom-form.update',
          targetType: 'custom-form',
          targetId: row.id,
          details: { version: updated.version },
        });
        return updated;
      });
      return detail(row, opts.auth);
    },

    async setName(opts: { auth: AuthContext; customFormId: string; name: string }) {
      const row = await change(opts.auth, opts.customFormId, async ({ tx, r, row, companyId }) => {
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'custom-form.name',
          targetType: 'custom-form',
          targetId: row.id,
        });
        return r.updateForm(row.id, { name: opts.name });
      });
      return summaryOf(row);
    },

    /**
     * PATCH …/status: activation counts against the plan's form quota with the company's row locked first, so
     * parallel activations take turns and never overshoot. The first activation publishes the form.
     */
    async setStatus(opts: { auth: AuthContext; customFormId: string; status: 'active' | 'inactive' }) {
      const companyId = requireCompanyId(opts.auth);
      const existing = await loadOwn(opts.auth, opts.customFormId);
      const row = await db.transaction(async (tx) => {
        const companies = createCompaniesRepository(tx);
        // company first, then the form: every path that takes both takes them in this order
        await companies.lockCompany(companyId);
        const r = createCustomFormsRepository(tx);
        const locked = await lockOwn(r, opts.auth, existing.id);
        if (locked.status === opts.status) return locked;
        if (opts.status === 'active') {
          const found = await companies.findCompanyWithMembership(companyId);
          if (!found) throw notFound();
          if (isAtQuota(found.membership.formQuota, await r.countForms(companyId, 'active'))) {
            throw new AppError(ERROR_CODES.formQuota, MESSAGES.formQuotaActivate);
          }
        }
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'custom-form.status',
          targetType: 'custom-form',
          targetId: locked.id,
          details: { status: opts.status },
        });
        return r.updateForm(locked.id, {
          status: opts.status,
          ...(opts.status === 'active' && !locked.publishedAt ? { publishedAt: new Date() } : {}),
        });
      });
      return summaryOf(row);
    },

    /**
     * DELETE /api/custom_forms/{id} (decision 053): a form nobody has applied on yet goes, with its versions and the
     * documents it holds (released, then their files deleted after the commit). A form with applications, drafts
     * included, is refused: the applications belong to it; it is deactivated instead. Frees its place in the quota.
     */
    async remove(opts: { auth: AuthContext; customFormId: string }): Promise<void> {
      const companyId = requireCompanyId(opts.auth);
      const existing = await loadOwn(opts.auth, opts.customFormId);
      const released = await db.transaction(async (tx) => {
        await createCompaniesRepository(tx).lockCompany(companyId);
        const r = createCustomFormsRepository(tx);
        const locked = await lockOwn(r, opts.auth, existing.id);
        if ((await r.countApplications(locked.id)) > 0) {
          throw new AppError(ERROR_CODES.customFormHasApplications);
        }
        const versions = await r.versionDocuments(locked.id);
        const documentIds = new Set<string>();
        for (const doc of [locked.document, ...versions.map((v) => v.document)]) {
          const parsed = CustomFormDocumentSchema.safeParse(doc);
          for (const d of parsed.success ? parsed.data.documents : []) if (d.documentId) documentIds.add(d.documentId);
        }
        const keys: string[] = [];
        for (const id of documentIds) {
          keys.push(...(await files.release(tx, { owner: { kind: 'custom-form-document', id } })));
        }
        await r.deleteForm(locked.id);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'custom-form.delete',
          targetType: 'custom-form',
          targetId: locked.id,
          details: { name: locked.name, versions: versions.length },
        });
        return keys;
      });
      await files.purgeReleased(released);
    },

    /** PATCH …/mode: switching to auto-update takes the master's newest version at once (local edits discarded). */
    async setMode(opts: { auth: AuthContext; customFormId: string; updateMode: CustomFormRow['updateMode'] }) {
      const row = await change(opts.auth, opts.customFormId, async ({ tx, r, row, companyId }) => {
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'custom-form.mode',
          targetType: 'custom-form',
          targetId: row.id,
          details: { updateMode: opts.updateMode },
        });
        const moded = await r.updateForm(row.id, { updateMode: opts.updateMode });
        if (opts.updateMode !== 'system-auto-update') return moded;
        return (await takeMasterVersion(tx, moded, opts.auth.userId)) ?? moded;
      });
      return summaryOf(row);
    },

    /** POST …/update: the Update action of a form in manual update. */
    async applyUpdate(opts: { auth: AuthContext; customFormId: string }) {
      const row = await change(opts.auth, opts.customFormId, async ({ tx, row }) => {
        const updated = await takeMasterVersion(tx, row, opts.auth.userId);
        if (!updated) throw new AppError(ERROR_CODES.customFormNoUpdate);
        return updated;
      });
      return detail(row, opts.auth);
    },

    /** POST …/clone: the same form as a new inactive one named name + ' Copy', with its own copies of the files. */
    async clone(opts: { auth: AuthContext; customFormId: string }) {
      const source = await loadOwn(opts.auth, opts.customFormId);
      if (source.status === 'archived') {
        throw new AppError(ERROR_CODES.customFormArchived);
      }
      const companyId = requireCompanyId(opts.auth);
      const structure = await masterStructure(repo, source.masterFormId, source.masterVersion);
      const doc = readDocument(source.document);
      const built = build(structure, doc);
      const caller = { userId: opts.auth.userId, companyId };
      // every document is copied under a new key: nothing is shared between two owners (decision 022)
      const copies: CustomFormDocument['documents'] = [];
      for (const d of built.document.documents) {
        const key = await files.storeCopy({
          sourceKey: d.fileUrl,
          purpose: 'custom-form-document',
          caller,
          contentType: 'application/pdf',
        });
        if (key) copies.push({ ...d, fileUrl: key });
      }
      const name = `${source.name} Copy`.slice(0, 100);
      const created = await insertWithinQuota(
        opts.auth,
        {
          masterFormId: source.masterFormId,
          name,
          masterVersion: source.masterVersion,
          document: { ...built.document, documents: [] },
        },
        { ...built, document: { ...built.document, documents: [] } },
        { action: 'custom-form.clone', from: source.id },
      );
      if (copies.length) {
        await db.transaction(async (tx) => {
          const r = createCustomFormsRepository(tx);
          const row = await r.findForm(created.customFormId, companyId, true);
          if (!row) throw notFound();
          const document = await attachDocuments(tx, opts.auth, companyId, readDocument(row.document), {
            ...built.document,
            documents: copies,
          });
          await writeVersion(r, row, { ...built, document }, row.masterVersion, opts.auth.userId);
        });
      }
      await createCustomFormsRepository(db).updateForm(created.customFormId, { wizardStep: source.wizardStep });
      return created;
    },

    async listVersions(opts: { auth: AuthContext; customFormId: string }) {
      const row = await loadOwn(opts.auth, opts.customFormId);
      return (await repo.listVersions(row.id)).map((v) => ({
        version: v.version,
        masterVersion: v.masterVersion,
        createdAt: v.createdAt.toISOString(),
      }));
    },

    /** GET …/submittable: only an active form takes new applications. */
    async submittable(opts: { auth: AuthContext; customFormId: string }) {
      const row = await loadOwn(opts.auth, opts.customFormId);
      const ok = row.status === 'active';
      return { submittable: ok, message: ok ? null : MESSAGES.inactiveForm };
    },

    /** POST …/documents/presigned_url: a signed URL for one PDF (25 MB, checked by content when it arrives). */
    async documentUpload(opts: { auth: AuthContext; customFormId: string }) {
      await change(opts.auth, opts.customFormId, async ({ row }) => row);
      const companyId = requireCompanyId(opts.auth);
      const issued = await files.issueUpload({
        purpose: 'custom-form-document',
        caller: { userId: opts.auth.userId, companyId },
      });
      return { uploadUrl: issued.uploadUrl, fileUrl: issued.fileUrl };
    },
  };

  return {
    ...forms,
    ...createPublicFormService({ db, files }),
    ...createMasterUpdatesService({ db, log }),
    ...createTemplatePermissionsService({ db, access }),
  };
}

export type CustomFormsService = ReturnType<typeof createCustomFormsService>;
