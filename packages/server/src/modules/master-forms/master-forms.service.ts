import { ERROR_CODES } from '@under/core/api/error.schema';
import type { FormComponent } from '@under/core/forms/form.schema';
import { mapComponents } from '@under/core/forms/form-walk';
import { MESSAGES } from '@under/core/messages';
import type { Dictionary } from '@under/core/templates/dictionary.schema';
import { formFromMapping } from '@under/core/templates/form-from-mapping';
import {
  type MasterForm,
  type MasterFormStructure,
  MasterFormStructureSchema,
  type MasterFormSummary,
  readMasterFormStructure,
} from '@under/core/templates/master-form.schema';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import type { AuthContext } from '../../auth-context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { AppError, notFound } from '../../errors';
import type { LibraryService } from '../library/library.service';
import type { PdfTemplatesService } from '../pdf-templates/pdf-templates.service';
import { checkedForm } from '../shared/checked-form';
import { createMasterFormsRepository, type MasterFormRow } from './master-forms.repository';

/** What a push brings to the forms that use it: an entry's label for fields of its key, or a section's components. */
export type PushSource =
  | { kind: 'dictionary'; key: string; label: string }
  | { kind: 'section'; key: string; components: FormComponent[] | undefined };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toMasterFormSummary(row: MasterFormRow): MasterFormSummary {
  return {
    formId: row.id,
    templateId: row.templateId,
    name: row.name,
    status: row.status,
    access: row.access as MasterForm['access'],
    membershipIds: row.membershipIds,
    companyIds: row.companyIds,
    excludedCompanyIds: row.excludedCompanyIds,
    mappingFieldsVersion: row.mappingFieldsVersion,
    updateMode: row.updateMode as MasterForm['updateMode'],
    processorId: row.processorId,
    version: row.version,
    hasUnpublishedChanges: row.hasUnpublishedChanges,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMasterForm(row: MasterFormRow): MasterForm {
  return { ...toMasterFormSummary(row), structure: readMasterFormStructure(row.structure) };
}

/** What a push does to one component: relabel a field of the entry's key, or refill the section's panel. */
function pushed(component: FormComponent, source: PushSource): FormComponent {
  if (component.key !== source.key) return component;
  if (source.kind === 'dictionary') return { ...component, label: source.label };
  const isContainer = component.type === 'panel' || component.type === 'fieldset';
  return isContainer && source.components ? { ...component, components: source.components } : component;
}

/**
 * Master forms (spec 1 §3, §4; decision 013): made from a mapped PDF template, arranged in the designer, published
 * as versions, and kept up to date by pushes. Sections and dictionary entries are read through the library's
 * service, templates through the PDF templates' service.
 */
/**
 * What the client forms built on master forms must hear (modules/custom-forms, decision 035): a new published
 * version (auto-update forms take it), an access change (forms of companies that lost access are archived), and
 * the count of client forms per master form.
 */
interface ClientFormHooks {
  published(opts: { masterFormId: string }): Promise<void>;
  accessChanged(opts: { masterFormId: string; actorUserId: string | null }): Promise<unknown>;
  countByMaster(): Promise<Map<string, number>>;
}

export function createMasterFormsService(deps: {
  db: Db;
  library: LibraryService;
  templates: PdfTemplatesService;
  clientForms: ClientFormHooks;
}) {
  const { db, library, templates } = deps;
  const repo = createMasterFormsRepository(db);

  async function loadForm(formId: string) {
    const row = await repo.findForm(formId);
    if (!row) throw notFound(MESSAGES.masterFormNotFound);
    return row;
  }

  /** The template and its mapping; an unknown one answers as it always has here (404 'not-found'). */
  async function loadTemplate(templateId: string) {
    try {
      const template = await templates.get({ templateId });
      const mapping = await templates.getMapping({ templateId });
      return { ...template, mapping: mapping.data };
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) throw notFound(MESSAGES.templateNotFound);
      throw err;
    }
  }

  /** The dictionary entries a mapping binds to (an entry deleted since is left out: its binding's key stays). */
  async function boundEntries(mapping: readonly PdfField[]): Promise<Dictionary[]> {
    const ids = new Set(mapping.flatMap((f) => f.bindingField?.dictionaryId ?? []).filter((id) => UUID.test(id)));
    // one query for all of them: a template binds dozens of entries (the starter dictionary alone has 72)
    return library.findDictionaries({ dictionaryIds: [...ids] });
  }

  /** The template's current mappingFieldsVersion, or undefined when the template is gone. */
  async function mappingFieldsVersionOf(templateId: string) {
    try {
      return (await templates.getMapping({ templateId })).mappingFieldsVersion;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    }
  }

  /** One audited change of a master form. */
  async function changeForm(
    auth: AuthContext,
    formId: string,
    action: 'update' | 'mode' | 'general' | 'accessibility' | 'status' | 'permission-global' | 'permission-limited',
    patch: (row: MasterFormRow) => Partial<MasterFormRow>,
  ) {
    return db.transaction(async (tx) => {
      const r = createMasterFormsRepository(tx);
      const row = await r.findForm(formId, true);
      if (!row) throw notFound(MESSAGES.masterFormNotFound);
      const updated = await r.updateForm(formId, patch(row));
      await writeAudit(tx, {
        actorUserId: auth.userId,
        action: `master-form.${action}`,
        targetType: 'master-form',
        targetId: formId,
      });
      return toMasterForm(updated);
    });
  }

  async function getPermission(opts: { formId: string }) {
    const form = await loadForm(opts.formId);
    const grants = await repo.listPermissions(form.id);
    return {
      formId: form.id,
      global: form.access === 'global',
      grants: grants.map((g) => ({ companyId: g.companyId, userIds: g.userIds })),
    };
  }

  return {
    /** A master form from a mapped template: its fields, bindings and the default header and progress layouts. */
    async createMasterForm(opts: { auth: AuthContext; templateId: string; name?: string }) {
      const template = await loadTemplate(opts.templateId);
      if (template.mapping.length === 0) throw new AppError(ERROR_CODES.mappingEmpty);
      const { form, bindingFields, dictionaryIds } = formFromMapping(
        template.mapping,
        await boundEntries(template.mapping),
      );
      const structure = MasterFormStructureSchema.parse({
        allField: form,
        rootAllField: form,
        bindingFields,
        dictionaryIds,
      });
      return db.transaction(async (tx) => {
        const row = await createMasterFormsRepository(tx).insertForm({
          templateId: template.templateId,
          name: opts.name ?? template.name,
          structure,
          mappingFieldsVersion: template.mappingFieldsVersion,
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          action: 'master-form.create',
          targetType: 'master-form',
          targetId: row.id,
        });
        return toMasterForm(row);
      });
    },
    /** The master form made from a template (the newest not archived), for the mapper's "edit form" link. */
    async formIdByTemplate(opts: { templateId: string }) {
      const row = await repo.findFormByTemplate(opts.templateId);
      return { formId: row?.id ?? null };
    },
    async getMasterForm(opts: { formId: string }) {
      return toMasterForm(await loadForm(opts.formId));
    },
    /**
     * The universal form saved (unpublished): allField checked by the form engine with the system fields, the root
     * form when sent, sections and entries existing.
     */
    async updateMasterForm(opts: { auth: AuthContext; formId: string; structure: MasterFormStructure }) {
      const allField = checkedForm(opts.structure.allField, 'structure.allField', true);
      const rootAllField =
        opts.structure.rootAllField === undefined
          ? undefined
          : checkedForm(opts.structure.rootAllField, 'structure.rootAllField', false);
      for (const [i, sectionId] of opts.structure.childSectionIds.entries()) {
        if (!(await library.findSection({ sectionId })))
          throw new AppError(ERROR_CODES.sectionNotFound, MESSAGES.sectionNotFound, [
            { path: `structure.childSectionIds.${i}`, message: MESSAGES.sectionNotFound },
          ]);
      }
      for (const [i, dictionaryId] of opts.structure.dictionaryIds.entries()) {
        if (!(await library.findDictionary({ dictionaryId })))
          throw new AppError(ERROR_CODES.dictionaryNotFound, MESSAGES.dictionaryNotFound, [
            { path: `structure.dictionaryIds.${i}`, message: MESSAGES.dictionaryNotFound },
          ]);
      }
      const structure: MasterFormStructure = { ...opts.structure, allField, ...(rootAllField ? { rootAllField } : {}) };
      return changeForm(opts.auth, opts.formId, 'update', () => ({ structure, hasUnpublishedChanges: true }));
    },
    setMode: (opts: { auth: AuthContext; formId: string; updateMode: string }) =>
      changeForm(opts.auth, opts.formId, 'mode', () => ({ updateMode: opts.updateMode })),
    setGeneral: (opts: { auth: AuthContext; formId: string; name: string; processorId?: string | null }) =>
      changeForm(opts.auth, opts.formId, 'general', (row) => ({
        name: opts.name,
        processorId: opts.processorId === undefined ? row.processorId : opts.processorId,
      })),
    async setAccessibility(opts: {
      auth: AuthContext;
      formId: string;
      access: 'global' | 'limited';
      membershipIds: string[];
      companyIds: string[];
      excludedCompanyIds: string[];
    }) {
      const form = await changeForm(opts.auth, opts.formId, 'accessibility', () => ({
        access: opts.access,
        membershipIds: opts.membershipIds,
        companyIds: opts.companyIds,
        excludedCompanyIds: opts.excludedCompanyIds.filter((id) => !opts.companyIds.includes(id)),
      }));
      await deps.clientForms.accessChanged({ masterFormId: form.formId, actorUserId: opts.auth.userId });
      return form;
    },
    /**
     * Active or inactive (spec 1 §4). Clients build on the published version, so a form with none stays inactive
     * (checked on the locked row: a publish and an activation cannot cross).
     */
    setStatus: (opts: { auth: AuthContext; formId: string; status: string }) =>
      changeForm(opts.auth, opts.formId, 'status', (row) => {
        if (opts.status === 'active' && row.version === 0) throw new AppError(ERROR_CODES.masterFormNotPublished);
        return { status: opts.status };
      }),
    /**
     * PATCH …/permission: global or limited. Switching to limited is confirmed by the admin first (spec 1 §4); the
     * client forms inherited from it are archived once custom forms exist.
     */
    async setGlobalPermission(opts: { auth: AuthContext; formId: string; global: boolean }) {
      const form = await changeForm(
        opts.auth,
        opts.formId,
        opts.global ? 'permission-global' : 'permission-limited',
        () => ({ access: opts.global ? 'global' : 'limited' }),
      );
      // the admin confirmed first, told how many client forms of how many companies (GET …/archive_impact)
      await deps.clientForms.accessChanged({ masterFormId: form.formId, actorUserId: opts.auth.userId });
      return form;
    },
    /** PATCH …/versions: publishes; every publish is a new version, kept whole with its mappingFieldsVersion. */
    async publish(opts: { auth: AuthContext; formId: string }) {
      // the template is read before the form's row is locked: a form never changes its template
      const { templateId } = await loadForm(opts.formId);
      const templateVersion = templateId ? await mappingFieldsVersionOf(templateId) : undefined;
      const published = await db.transaction(async (tx) => {
        const r = createMasterFormsRepository(tx);
        const row = await r.findForm(opts.formId, true);
        if (!row) throw notFound(MESSAGES.masterFormNotFound);
        const version = row.version + 1;
        const mappingFieldsVersion = templateVersion ?? row.mappingFieldsVersion;
        await r.insertVersion({
          formId: row.id,
          version,
          structure: row.structure,
          mappingFieldsVersion,
          publishedBy: opts.auth.userId,
        });
        const updated = await r.updateForm(row.id, { version, mappingFieldsVersion, hasUnpublishedChanges: false });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          action: 'master-form.publish',
          targetType: 'master-form',
          targetId: row.id,
          details: { version },
        });
        return toMasterForm(updated);
      });
      await deps.clientForms.published({ masterFormId: published.formId });
      return published;
    },
    async listVersions(opts: { formId: string }) {
      await loadForm(opts.formId);
      return (await repo.listVersions(opts.formId)).map((v) => ({
        version: v.version,
        mappingFieldsVersion: v.mappingFieldsVersion,
        publishedAt: v.publishedAt.toISOString(),
      }));
    },
    /**
     * GET /api/brief_master_forms: by name; with companyId, the forms that company may use: a global form of its
     * plan, or one granted to it, and never one it is excluded from (extended lists win over the subscription).
     */
    async briefMasterForms(opts: { q?: string; companyId?: string }) {
      let rows = await repo.listForms({ q: opts.q?.trim() || undefined });
      if (opts.companyId) {
        const company = await createCompaniesRepository(db).findCompanyWithMembership(opts.companyId);
        if (!company) throw new AppError(ERROR_CODES.companyNotFound, MESSAGES.http404);
        const membershipId = company.company.membershipId;
        const companyId = opts.companyId;
        rows = rows.filter(
          (f) =>
            !f.excludedCompanyIds.includes(companyId) &&
            (f.companyIds.includes(companyId) ||
              (f.access === 'global' && (f.membershipIds.length === 0 || f.membershipIds.includes(membershipId)))),
        );
      }
      return rows.map((f) => ({
        formId: f.id,
        name: f.name,
        status: f.status,
        version: f.version,
        templateId: f.templateId,
      }));
    },
    /** GET …/permission: global or limited, and the users granted per company. */
    getPermission,
    /** POST …/permission: the users of one company who may use the form; every id must be a user of that company. */
    async grantPermission(opts: { auth: AuthContext; formId: string; companyId: string; userIds: string[] }) {
      const form = await loadForm(opts.formId);
      const unique = [...new Set(opts.userIds)];
      const known = new Set(await createUsersRepository(db).clientUserIdsOfCompany(opts.companyId, unique));
      const problems = unique.flatMap((id, i) =>
        known.has(id) ? [] : [{ path: `userIds.${i}`, message: MESSAGES.http404 }],
      );
      if (problems.length) throw new AppError(ERROR_CODES.permissionUnknownUser, MESSAGES.http400, problems);
      await db.transaction(async (tx) => {
        await createMasterFormsRepository(tx).upsertPermission(form.id, opts.companyId, unique);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId: opts.companyId,
          action: 'master-form.permission',
          targetType: 'master-form',
          targetId: form.id,
          details: { users: unique.length },
        });
      });
      return getPermission({ formId: form.id });
    },
    /** Master forms with the number of client forms built on each (none until custom forms exist). */
    async masterFormsWithTotalForm() {
      const counts = await deps.clientForms.countByMaster();
      return (await repo.listForms({})).map((f) => ({ ...toMasterFormSummary(f), totalForm: counts.get(f.id) ?? 0 }));
    },

    // ---- pushes (the library queues them; the forms change here)
    /** The ids of the master forms whose structure lists the dictionary entry or section. */
    async formsUsing(opts: { kind: 'dictionary' | 'section'; id: string }): Promise<string[]> {
      const rows = await repo.formsUsing(opts.kind === 'dictionary' ? 'dictionaryIds' : 'childSectionIds', opts.id);
      return rows.map((r) => r.id);
    },
    /**
     * Brings one form up to date with a pushed entry or section, in one transaction with its audit event, and marks
     * it unpublished. A form in user-manual-update mode no longer receives template changes (spec 1 §4).
     */
    async applyPush(opts: { formId: string; pushId: string; source: PushSource }): Promise<void> {
      await db.transaction(async (tx) => {
        const r = createMasterFormsRepository(tx);
        const form = await r.findForm(opts.formId, true);
        if (form?.updateMode !== 'system-auto-update') return;
        const structure = readMasterFormStructure(form.structure);
        const components = mapComponents(structure.allField.components ?? [], (c) => pushed(c, opts.source));
        await r.updateForm(form.id, {
          structure: { ...structure, allField: { ...structure.allField, components } },
          hasUnpublishedChanges: true,
        });
        // a push runs as a job: no one acts at that moment (the push itself is audited with its requester)
        await writeAudit(tx, {
          actorUserId: null,
          action: opts.source.kind === 'dictionary' ? 'master-form.push-dictionary' : 'master-form.push-section',
          targetType: 'master-form',
          targetId: form.id,
          details: { pushId: opts.pushId },
        });
      });
    },
  };
}

export type MasterFormsService = ReturnType<typeof createMasterFormsService>;
