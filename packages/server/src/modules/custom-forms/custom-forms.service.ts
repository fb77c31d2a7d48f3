import { randomUUID } from 'node:crypto';
import { isAtQuota } from '@under/core/accounts/quota';
import { ERROR_CODES } from '@under/core/api/error.schema';
import {
  buildCustomForm,
  carryDocument,
  checkDocumentFields,
  componentsByKey,
  diffMasterFields,
  keyCollisions,
} from '@under/core/custom-forms/build-custom-form';
import {
  type CustomFormDetail,
  type CustomFormDocument,
  CustomFormDocumentSchema,
  type CustomFormLayout,
  type CustomFormStatus,
  type CustomFormSummary,
  type PublicCustomForm,
} from '@under/core/custom-forms/custom-form.schema';
import { sanitizeRichText } from '@under/core/custom-forms/rich-text';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import { FORM_SCHEMA_VERSION } from '@under/core/forms/form-migrate';
import { MESSAGES } from '@under/core/messages';
import {
  type MasterFormStructure,
  PROCESSORS,
  readMasterFormStructure,
} from '@under/core/templates/master-form.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth-context';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../../errors';
import { isClientAdmin, requireCompanyId } from '../accounts/tenant';
import type { FilesService } from '../files/files.service';
import {
  type CustomFormRow,
  type CustomFormsRepository,
  createCustomFormsRepository,
  type MasterFormRow,
} from './custom-forms.repository';

type Problem = { path: string; message: string };
const bad = (code: string, problems: Problem[]) =>
  new AppError(
    code as (typeof ERROR_CODES)[keyof typeof ERROR_CODES],
    problems[0]?.message ?? MESSAGES.http400,
    problems,
  );

/** May a company of this plan use this master form (decision 013: an exclusion wins; a grant beats the plan)? */
export function companyMayUse(form: MasterFormRow, companyId: string, membershipId: string): boolean {
  if (form.excludedCompanyIds.includes(companyId)) return false;
  if (form.companyIds.includes(companyId)) return true;
  return form.access === 'global' && (form.membershipIds.length === 0 || form.membershipIds.includes(membershipId));
}

/** The built parts of one version: checked additions, the applicant's form and its layout. */
interface Built {
  document: CustomFormDocument;
  form: FormDefinition;
  layout: CustomFormLayout;
}

/**
 * Custom forms (issue 11; spec 1 §3, §4; spec 2 §7; decision 035): a client's form built from a published master
 * form, its versions, quotas, updates from the master, archiving when access is lost, the public form, and the
 * template permissions inside a company.
 */
export function createCustomFormsService(deps: { db: Db; files: FilesService; log: FastifyBaseLogger }) {
  const { db, files, log } = deps;
  const repo = createCustomFormsRepository(db);
  const notFound = () => new AppError(ERROR_CODES.customFormNotFound, MESSAGES.customFormNotFound);
  const masterNotFound = () => new AppError(ERROR_CODES.notFound, MESSAGES.masterFormNotFound);

  async function companyOf(companyId: string) {
    const row = await createCompaniesRepository(db).findCompanyWithMembership(companyId);
    if (!row) throw notFound();
    return row;
  }

  /** Whether a STANDARD member was granted a master form: the company's switch, its list, or the admin's list. */
  async function memberGranted(r: CustomFormsRepository, auth: AuthContext, companyId: string, formId: string) {
    if (isClientAdmin(auth)) return true;
    const own = (await r.listTemplatePermissions(companyId)).find((p) => p.masterFormId === formId);
    if (own?.isGlobal || own?.userIds.includes(auth.userId)) return true;
    return (await r.adminGrant(formId, companyId)).includes(auth.userId);
  }

  /** The master forms (ids) a STANDARD member may use; undefined for an ADMINISTRATOR (all of the company's). */
  async function grantedMasterIds(auth: AuthContext, companyId: string, r = repo): Promise<string[] | undefined> {
    if (isClientAdmin(auth)) return undefined;
    const ids = new Set<string>();
    for (const p of await r.listTemplatePermissions(companyId)) {
      if (p.isGlobal || p.userIds.includes(auth.userId)) ids.add(p.masterFormId);
    }
    for (const id of await r.adminGrantsOfUser(companyId, auth.userId)) ids.add(id);
    return [...ids];
  }

  /** The published master forms the caller's company may use (and, for a STANDARD member, was granted). */
  async function usableMasterForms(auth: AuthContext, q?: string, forCompany = false) {
    const companyId = requireCompanyId(auth);
    const { company } = await companyOf(companyId);
    const rows = (await repo.listPublishedMasterForms(q?.trim() || undefined)).filter((r) =>
      companyMayUse(r.form, companyId, company.membershipId),
    );
    if (forCompany) return rows;
    const granted = await grantedMasterIds(auth, companyId);
    return granted ? rows.filter((r) => granted.includes(r.form.id)) : rows;
  }

  async function usableMasterForm(auth: AuthContext, formId: string, forCompany = false) {
    const found = (await usableMasterForms(auth, undefined, forCompany)).find((r) => r.form.id === formId);
    if (!found) throw masterNotFound();
    return found;
  }

  async function masterStructure(r: CustomFormsRepository, formId: string, version: number) {
    const row = await r.findMasterVersion(formId, version);
    if (!row) throw masterNotFound();
    return readMasterFormStructure(row.structure);
  }

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
    if (row.status === 'archived') throw new AppError(ERROR_CODES.customFormArchived, MESSAGES.customFormArchived);
    return row;
  }

  function layoutOf(master: MasterFormStructure, doc: CustomFormDocument): CustomFormLayout {
    return {
      headerLayout: { ...master.headerLayout, backgroundColor: doc.headerColor },
      progressLayout: { ...master.progressLayout, activeStepColor: doc.progressColor },
    };
  }

  /**
   * Checks the client's part against the master's published version and builds the applicant's form. The master's
   * components always come from the master: a body cannot remove, rename or replace them.
   */
  function build(master: MasterFormStructure, input: CustomFormDocument): Built {
    const base = 'customFormDocument';
    const parsed = parseFormDefinition({
      version: FORM_SCHEMA_VERSION,
      display: master.allField.display,
      components: input.additions,
    });
    if (!parsed.ok) {
      throw bad(
        ERROR_CODES.formInvalid,
        parsed.errors.map((e) => ({
          path: `${base}.additions${e.path.replace(/^components/, '')}`,
          message: e.message,
        })),
      );
    }
    const additions = parsed.form.components;
    const collisions = keyCollisions(master.allField, additions, `${base}.additions`);
    if (collisions.length) throw bad(ERROR_CODES.customFormKeyExists, collisions);
    const document: CustomFormDocument = {
      ...input,
      additions,
      // empty content is stripped: a blank editor is no terms, a document without a name takes its file's place
      termsAndConditions: sanitizeRichText(input.termsAndConditions),
      documents: input.documents.filter((d) => d.fileUrl.trim() !== ''),
    };
    const fieldProblems = checkDocumentFields(master.allField, additions, document, base);
    if (fieldProblems.length) throw bad(ERROR_CODES.customFormInvalidValue, fieldProblems);
    const form = buildCustomForm(master.allField, additions, document);
    const whole = parseFormDefinition(form);
    if (!whole.ok) {
      throw bad(
        ERROR_CODES.formInvalid,
        whole.errors.map((e) => ({ path: `${base}.form.${e.path}`, message: e.message })),
      );
    }
    return { document, form: whole.form, layout: layoutOf(master, document) };
  }

  /** The additions of a stored document (already checked when saved). */
  const additionsOf = (doc: CustomFormDocument) => doc.additions as FormComponent[];
  const readDocument = (json: unknown) => CustomFormDocumentSchema.parse(json);

  /**
   * Writes a new state of the form: before its first activation the current version is replaced, after it every
   * save is a new version (applications keep the version they were made on).
   */
  async function writeVersion(
    r: CustomFormsRepository,
    row: CustomFormRow,
    built: Built,
    masterVersion: number,
    actor: string | null,
    patch: Partial<CustomFormRow> = {},
  ) {
    const version = row.publishedAt ? row.version + 1 : row.version;
    const values = { masterVersion, document: built.document, form: built.form, layout: built.layout };
    if (row.publishedAt) await r.insertVersion({ customFormId: row.id, version, createdBy: actor, ...values });
    else await r.replaceVersion(row.id, version, values);
    return r.updateForm(row.id, { ...patch, version, masterVersion, document: built.document });
  }

  function toSummary(row: CustomFormRow, institution: string, masterLatest: number): CustomFormSummary {
    return {
      customFormId: row.id,
      name: row.name,
      status: row.status as CustomFormStatus,
      version: row.version,
      masterFormId: row.masterFormId,
      institution,
      masterVersion: row.masterVersion,
      updateMode: row.updateMode as CustomFormSummary['updateMode'],
      wizardStep: row.wizardStep,
      isPublished: row.publishedAt !== null,
      hasUpdate: row.status !== 'archived' && masterLatest > row.masterVersion,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function summaryOf(row: CustomFormRow) {
    const master = await repo.findMasterForm(row.masterFormId);
    return toSummary(row, master?.name ?? '', master?.version ?? row.masterVersion);
  }

  const documentLinks = (doc: CustomFormDocument) =>
    doc.documents.map((d) => ({ documentId: d.documentId, name: d.name, url: files.downloadUrl(d.fileUrl) }));

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
      documents: documentLinks(document),
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

  /** The master form's published structures by version, read once for all the forms a publish updates. */
  // read through the caller's transaction (PGlite has one connection: a read beside it would wait for ever)
  type MasterStructures = (r: CustomFormsRepository, version: number) => ReturnType<typeof masterStructure>;
  function cachedMasterStructures(formId: string): MasterStructures {
    const seen = new Map<number, ReturnType<typeof masterStructure>>();
    return (r, version) => {
      let structure = seen.get(version);
      if (!structure) {
        structure = masterStructure(r, formId, version);
        seen.set(version, structure);
      }
      return structure;
    };
  }

  /**
   * Brings one form onto its master's newest published version (additions kept); null when already there. A caller
   * updating many forms of one master passes the master row and a shared structure cache, so each is read once.
   */
  async function takeMasterVersion(
    tx: DbOrTx,
    row: CustomFormRow,
    actor: string | null,
    shared?: { master: { version: number } | undefined; structures: MasterStructures },
  ) {
    const r = createCustomFormsRepository(tx);
    const master = shared ? shared.master : await r.findMasterForm(row.masterFormId);
    if (!master || master.version <= row.masterVersion) return null;
    const structureOf = shared?.structures ?? ((r2, v) => masterStructure(r2, row.masterFormId, v));
    const current = await structureOf(r, row.masterVersion);
    const latest = await structureOf(r, master.version);
    const doc = readDocument(row.document);
    const diff = diffMasterFields(current.allField, latest.allField);
    const carried = carryDocument(doc, latest.allField, additionsOf(doc), diff);
    const built = build(latest, carried);
    const updated = await writeVersion(r, row, built, master.version, actor);
    await writeAudit(tx, {
      actorUserId: actor,
      companyId: row.companyId,
      action: 'custom-form.master-update',
      targetType: 'custom-form',
      targetId: row.id,
      details: { masterVersion: master.version, version: updated.version },
    });
    return updated;
  }

  /** One audited change of the caller's form, in one transaction with its row locked. */
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

  return {
    /** GET /api/client_master_forms (and the client's GET /api/brief_master_forms): what the caller may build on. */
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
          throw new AppError(ERROR_CODES.customFormHasApplications, MESSAGES.customFormHasApplications);
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

    async setIntegrations(opts: {
      auth: AuthContext;
      customFormId: string;
      integrations: { salesForce?: boolean; cardConnect?: boolean };
    }) {
      const row = await change(opts.auth, opts.customFormId, async ({ tx, r, row, companyId }) => {
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'custom-form.integrations',
          targetType: 'custom-form',
          targetId: row.id,
        });
        return r.updateForm(row.id, { integrations: { ...row.integrations, ...opts.integrations } });
      });
      return summaryOf(row);
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
        if (!updated) throw new AppError(ERROR_CODES.customFormNoUpdate, MESSAGES.customFormNoUpdate);
        return updated;
      });
      return detail(row, opts.auth);
    },

    /** POST …/clone: the same form as a new inactive one named name + ' Copy', with its own copies of the files. */
    async clone(opts: { auth: AuthContext; customFormId: string }) {
      const source = await loadOwn(opts.auth, opts.customFormId);
      if (source.status === 'archived') {
        throw new AppError(ERROR_CODES.customFormArchived, MESSAGES.customFormArchived);
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

    /**
     * The master forms a STANDARD member was granted; undefined for a client administrator (all of the company's).
     * Other modules scope what a member sees by it (applications: decision 042). Inside a transaction pass it as
     * `tx`: PGlite has one connection, which the transaction holds, so a read on the service's own connection would
     * wait forever.
     */
    async grantedMasterFormIds(opts: { auth: AuthContext; tx?: DbOrTx }) {
      return grantedMasterIds(
        opts.auth,
        requireCompanyId(opts.auth),
        opts.tx ? createCustomFormsRepository(opts.tx) : repo,
      );
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

    /**
     * GET /api/public/custom_forms/{id}: what an applicant needs of an active form, and nothing of the company but
     * its name and logo. An unknown or archived form is 404; an inactive one says so.
     */
    async getPublic(opts: { customFormId: string; version?: number }): Promise<PublicCustomForm> {
      const row = await repo.findFormById(opts.customFormId);
      if (!row || row.status === 'archived') throw notFound();
      if (row.status !== 'active') throw new AppError(ERROR_CODES.customFormInactive, MESSAGES.inactiveForm);
      const versionRow = await repo.findVersion(row.id, opts.version ?? row.version);
      if (!versionRow) throw notFound();
      const { company } = await companyOf(row.companyId);
      // a deactivated company takes no applications either
      if (company.status !== 'active') throw new AppError(ERROR_CODES.customFormInactive, MESSAGES.inactiveForm);
      const document = readDocument(versionRow.document);
      return {
        customFormId: row.id,
        name: row.name,
        version: versionRow.version,
        companyName: company.name,
        logoUrl: document.showLogo && company.logoFileUrl ? files.downloadUrl(company.logoFileUrl) : null,
        form: versionRow.form as unknown as FormDefinition,
        layout: versionRow.layout as unknown as CustomFormLayout,
        documents: documentLinks(document),
        termsAndConditions: document.termsAndConditions,
      };
    },

    // ---- the master form's side (hooks called by the master-forms module, and the admin's questions)
    /**
     * A master form published a new version: every form on it in auto-update takes it, each in its own transaction
     * with its audit event. A form whose additions now collide with a new master field keeps its version and shows
     * the update (the client renames its field, then updates).
     */
    async masterPublished(opts: { masterFormId: string }) {
      const forms = (await repo.formsOfMaster(opts.masterFormId)).filter((f) => f.updateMode === 'system-auto-update');
      if (forms.length === 0) return;
      // the master and its structures are the same for every form: read once, not once per form
      const shared = {
        master: await repo.findMasterForm(opts.masterFormId),
        structures: cachedMasterStructures(opts.masterFormId),
      };
      for (const f of forms) {
        try {
          await db.transaction(async (tx) => {
            const row = await createCustomFormsRepository(tx).findFormById(f.id, true);
            if (!row || row.status === 'archived' || row.updateMode !== 'system-auto-update') return;
            await takeMasterVersion(tx, row, null, shared);
          });
        } catch (err) {
          if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
          log.warn({ customFormId: f.id, code: err.code }, 'custom form kept its version: the new master does not fit');
        }
      }
    },

    /** The forms (and companies) that would lose the master form under its current or a limited access. */
    async losingAccess(opts: { masterFormId: string; access?: 'limited' }) {
      const master = await repo.findMasterForm(opts.masterFormId);
      if (!master) throw masterNotFound();
      const rule = opts.access ? { ...master, access: opts.access } : master;
      const plans = new Map((await repo.companyMemberships()).map((c) => [c.id, c.membershipId]));
      return (await repo.formsOfMaster(master.id)).filter(
        (f) => !companyMayUse(rule, f.companyId, plans.get(f.companyId) ?? ''),
      );
    },

    /** GET /api/master_forms/{formId}/archive_impact: what the admin confirms before switching to limited. */
    async archiveImpact(opts: { formId: string }) {
      const losing = await this.losingAccess({ masterFormId: opts.formId, access: 'limited' });
      return { forms: losing.length, companies: new Set(losing.map((f) => f.companyId)).size };
    },

    /** The master form's access changed: forms of companies that lost it are archived (read-only). */
    async masterAccessChanged(opts: { masterFormId: string; actorUserId: string | null }) {
      const losing = await this.losingAccess({ masterFormId: opts.masterFormId });
      for (const f of losing) {
        await db.transaction(async (tx) => {
          const r = createCustomFormsRepository(tx);
          const row = await r.findFormById(f.id, true);
          if (!row || row.status === 'archived') return;
          await r.updateForm(row.id, { status: 'archived', archivedAt: new Date() });
          await writeAudit(tx, {
            actorUserId: opts.actorUserId,
            companyId: row.companyId,
            action: 'custom-form.archive',
            targetType: 'custom-form',
            targetId: row.id,
            details: { masterFormId: opts.masterFormId },
          });
        });
      }
      return losing.length;
    },

    /** Client forms (not archived) per master form, for the admin's totalForm. */
    async countByMaster(): Promise<Map<string, number>> {
      return new Map((await repo.countByMaster()).map((r) => [r.masterFormId, r.n]));
    },

    // ---- template permissions inside the caller's company (client ADMINISTRATOR)
    async listTemplatePermissions(opts: { auth: AuthContext }) {
      const companyId = requireCompanyId(opts.auth);
      const own = await repo.listTemplatePermissions(companyId);
      return (await usableMasterForms(opts.auth, undefined, true)).map(({ form }) => {
        const p = own.find((x) => x.masterFormId === form.id);
        return { formId: form.id, name: form.name, global: p?.isGlobal ?? false, userIds: p?.userIds ?? [] };
      });
    },
    async getTemplatePermission(opts: { auth: AuthContext; formId: string }) {
      const { form } = await usableMasterForm(opts.auth, opts.formId, true);
      const p = (await repo.listTemplatePermissions(requireCompanyId(opts.auth))).find(
        (x) => x.masterFormId === form.id,
      );
      return { formId: form.id, name: form.name, global: p?.isGlobal ?? false, userIds: p?.userIds ?? [] };
    },
    async setTemplateGlobal(opts: { auth: AuthContext; formId: string; global: boolean }) {
      const { form } = await usableMasterForm(opts.auth, opts.formId, true);
      const companyId = requireCompanyId(opts.auth);
      const p = await db.transaction(async (tx) => {
        const saved = await createCustomFormsRepository(tx).upsertTemplatePermission(companyId, form.id, {
          isGlobal: opts.global,
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'template-permission.global',
          targetType: 'master-form',
          targetId: form.id,
          details: { global: opts.global },
        });
        return saved;
      });
      return { formId: form.id, name: form.name, global: p.isGlobal, userIds: p.userIds };
    },
    /** POST /api/granted-master-form/{formId}: the members who may use it; each must be a member of the company. */
    async grantTemplate(opts: { auth: AuthContext; formId: string; userIds: string[] }) {
      const { form } = await usableMasterForm(opts.auth, opts.formId, true);
      const companyId = requireCompanyId(opts.auth);
      const unique = [...new Set(opts.userIds)];
      const known = new Set(await createUsersRepository(db).clientUserIdsOfCompany(companyId, unique));
      const problems = unique.flatMap((id, i) =>
        known.has(id) ? [] : [{ path: `userIds.${i}`, message: MESSAGES.http404 }],
      );
      if (problems.length) throw new AppError(ERROR_CODES.permissionUnknownUser, MESSAGES.http400, problems);
      const p = await db.transaction(async (tx) => {
        const saved = await createCustomFormsRepository(tx).upsertTemplatePermission(companyId, form.id, {
          userIds: unique,
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'template-permission.grant',
          targetType: 'master-form',
          targetId: form.id,
          details: { users: unique.length },
        });
        return saved;
      });
      return { formId: form.id, name: form.name, global: p.isGlobal, userIds: p.userIds };
    },
  };
}

export type CustomFormsService = ReturnType<typeof createCustomFormsService>;
