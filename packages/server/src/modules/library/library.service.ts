import { parseFormDefinition } from '@under/core/forms/form.schema';
import { checkSystemFields } from '@under/core/forms/system-fields';
import { MESSAGES } from '@under/core/messages';
import type { Dictionary, DictionaryInput } from '@under/core/templates/dictionary.schema';
import { DictionaryInputSchema } from '@under/core/templates/dictionary.schema';
import { formFromMapping } from '@under/core/templates/form-from-mapping';
import {
  type MasterForm,
  type MasterFormStructure,
  MasterFormStructureSchema,
  type PushUpdate,
} from '@under/core/templates/master-form.schema';
import type { Section, SectionInput } from '@under/core/templates/section.schema';
import { SectionInputSchema } from '@under/core/templates/section.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Jobs } from '../../infra/jobs/jobs';
import { createAccountsRepository } from '../accounts/accounts.repository';
import type { AuthContext } from '../auth/auth.service';
import { createPdfTemplatesRepository } from '../pdf-templates/pdf-templates.repository';
import {
  createLibraryRepository,
  type DictionaryRow,
  type MasterFormRow,
  type PushUpdateRow,
  type SectionRow,
} from './library.repository';

export const PUSH_QUEUES = { dictionary: 'push-update-by-dictionaries', section: 'push-update-by-sections' } as const;

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

function toDictionary(row: DictionaryRow): Dictionary {
  return {
    ...(row.attrs as Omit<Dictionary, 'id' | 'type' | 'name' | 'label' | 'createdAt' | 'updatedAt'>),
    id: row.id,
    type: row.type as Dictionary['type'],
    name: row.name,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as Dictionary;
}

function toSection(row: SectionRow): Section {
  return {
    sectionId: row.id,
    keySection: row.keySection,
    label: row.label,
    title: row.title,
    components: row.components,
    conditional: row.conditional ?? undefined,
    processors: row.processors,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMasterForm(row: MasterFormRow): MasterForm {
  return {
    formId: row.id,
    templateId: row.templateId,
    name: row.name,
    status: row.status,
    access: row.access as MasterForm['access'],
    membershipIds: row.membershipIds,
    companyIds: row.companyIds,
    excludedCompanyIds: row.excludedCompanyIds,
    structure: MasterFormStructureSchema.parse(row.structure),
    mappingFieldsVersion: row.mappingFieldsVersion,
    updateMode: row.updateMode as MasterForm['updateMode'],
    processorId: row.processorId,
    version: row.version,
    hasUnpublishedChanges: row.hasUnpublishedChanges,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPush(row: PushUpdateRow): PushUpdate {
  return {
    pushId: row.id,
    kind: row.kind as PushUpdate['kind'],
    targetId: row.targetId,
    status: row.status as PushUpdate['status'],
    total: row.total,
    done: row.done,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A form definition checked by the form engine; its problems become a 400 by path. */
function checkedForm(json: unknown, path: string, requireSystemFields: boolean) {
  const parsed = parseFormDefinition(json);
  if (!parsed.ok) {
    throw new AppError(
      400,
      'form/invalid',
      MESSAGES.http400,
      parsed.errors.map((e) => ({ path: `${path}${e.path ? `.${e.path}` : ''}`, message: e.message })),
    );
  }
  if (requireSystemFields) {
    const missing = checkSystemFields(parsed.form);
    if (missing.length) {
      throw new AppError(
        400,
        'form/system-fields',
        MESSAGES.http400,
        missing.map((e) => ({ path: `${path}.${e.path}`, message: e.message })),
      );
    }
  }
  return parsed.form;
}

type Walkable = { key?: string; components?: Walkable[]; columns?: Walkable[]; [k: string]: unknown };

/** Applies `fn` to every component of a form definition, depth first, replacing each by what it returns. */
function mapComponents(list: Walkable[], fn: (c: Walkable) => Walkable): Walkable[] {
  return list.map((c) => {
    const next = fn(c);
    return {
      ...next,
      ...(Array.isArray(next.components) ? { components: mapComponents(next.components, fn) } : {}),
      ...(Array.isArray(next.columns) ? { columns: mapComponents(next.columns, fn) } : {}),
    };
  });
}

export function createLibraryService(deps: { db: Db; jobs: Jobs; log: FastifyBaseLogger }) {
  const { db, jobs, log } = deps;
  const repo = createLibraryRepository(db);
  const notFound = (message: string) => new AppError(404, 'not-found', message);

  async function loadForm(formId: string) {
    const row = await repo.findForm(formId);
    if (!row) throw notFound(MESSAGES.masterFormNotFound);
    return row;
  }

  /** One audited change of a master form. */
  async function changeForm(
    auth: AuthContext,
    formId: string,
    action: string,
    patch: (row: MasterFormRow) => Partial<MasterFormRow>,
  ) {
    return db.transaction(async (tx) => {
      const r = createLibraryRepository(tx);
      const row = await r.findForm(formId, true);
      if (!row) throw notFound(MESSAGES.masterFormNotFound);
      const updated = await r.updateForm(formId, patch(row));
      await r.audit({
        actorUserId: auth.userId,
        action: `master-form.${action}`,
        targetType: 'master-form',
        targetId: formId,
      });
      return toMasterForm(updated);
    });
  }

  /** Brings the forms using a dictionary entry or section up to date; progress is written as it goes. */
  async function runPush(pushId: string) {
    const push = await repo.findPush(pushId);
    if (!push || push.status === 'done') return;
    const kind = push.kind as 'dictionary' | 'section';
    const forms = await repo.formsUsing(kind === 'dictionary' ? 'dictionaryIds' : 'childSectionIds', push.targetId);
    await repo.updatePush(pushId, { status: 'running', total: forms.length, done: 0, attempts: push.attempts + 1 });
    const source =
      kind === 'dictionary' ? await repo.findDictionary(push.targetId) : await repo.findSection(push.targetId);
    if (!source) {
      await repo.updatePush(pushId, { status: 'failed', error: 'The entry no longer exists.', finishedAt: new Date() });
      return;
    }
    let done = 0;
    for (const { id } of forms) {
      await db.transaction(async (tx) => {
        const r = createLibraryRepository(tx);
        const form = await r.findForm(id, true);
        // a form in user-manual-update mode no longer receives template changes (spec 1 §4)
        if (form?.updateMode !== 'system-auto-update') return;
        const structure = MasterFormStructureSchema.parse(form.structure);
        const all = (structure.allField as { components?: Walkable[] } | undefined)?.components ?? [];
        const components = mapComponents(all, (c) => {
          if (kind === 'dictionary') {
            const d = source as DictionaryRow;
            return c.key === d.name ? { ...c, label: d.label } : c;
          }
          const s = source as SectionRow;
          const inner = (s.components as { components?: unknown[] }).components;
          return c.key === s.keySection && Array.isArray(inner) ? { ...c, components: inner as Walkable[] } : c;
        });
        await r.updateForm(id, {
          structure: { ...structure, allField: { ...(structure.allField as object), components } },
          hasUnpublishedChanges: true,
        });
        await r.audit({
          action: `master-form.push-${kind}`,
          targetType: 'master-form',
          targetId: id,
          details: { pushId },
        });
      });
      done += 1;
      await repo.updatePush(pushId, { done });
    }
    await repo.updatePush(pushId, { status: 'done', finishedAt: new Date() });
  }

  for (const kind of ['dictionary', 'section'] as const) {
    void jobs.register<{ pushId: string }>(PUSH_QUEUES[kind], async (data) => {
      try {
        await runPush(data.pushId);
      } catch (err) {
        log.error({ err, pushId: data.pushId }, 'push update failed');
        await repo
          .updatePush(data.pushId, { status: 'failed', error: 'The update failed; it is retried.' })
          .catch(() => {});
        throw err;
      }
    });
  }

  return {
    // ---- dictionaries
    async listDictionaries(opts: { q?: string; type?: string; page: number; pageSize: number }) {
      const { rows, total } = await repo.listDictionaries({
        q: opts.q?.trim() || undefined,
        type: opts.type,
        offset: (opts.page - 1) * opts.pageSize,
        limit: opts.pageSize,
      });
      return { items: rows.map(toDictionary), total, page: opts.page, pageSize: opts.pageSize };
    },
    async getDictionary(opts: { dictionaryId: string }) {
      const row = await repo.findDictionary(opts.dictionaryId);
      if (!row) throw notFound(MESSAGES.dictionaryNotFound);
      return toDictionary(row);
    },
    async saveDictionary(opts: { auth: AuthContext; dictionaryId?: string; input: DictionaryInput }) {
      const { type, name, label, ...attrs } = DictionaryInputSchema.parse(opts.input);
      if (opts.dictionaryId && !(await repo.findDictionary(opts.dictionaryId)))
        throw notFound(MESSAGES.dictionaryNotFound);
      if (await repo.dictionaryNameTaken(name, opts.dictionaryId))
        throw new AppError(409, 'dictionary/key-used', MESSAGES.dictionaryKeyUsed);
      try {
        return await db.transaction(async (tx) => {
          const r = createLibraryRepository(tx);
          const row = opts.dictionaryId
            ? await r.updateDictionary(opts.dictionaryId, { type, name, label, attrs })
            : await r.insertDictionary({ type, name, label, attrs });
          await r.audit({
            actorUserId: opts.auth.userId,
            action: opts.dictionaryId ? 'dictionary.update' : 'dictionary.create',
            targetType: 'dictionary',
            targetId: row.id,
          });
          return toDictionary(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'dictionary/key-used', MESSAGES.dictionaryKeyUsed);
        throw err;
      }
    },
    async deleteDictionary(opts: { auth: AuthContext; dictionaryId: string }) {
      if (!(await repo.findDictionary(opts.dictionaryId))) throw notFound(MESSAGES.dictionaryNotFound);
      await db.transaction(async (tx) => {
        const r = createLibraryRepository(tx);
        const forms = (await r.formsUsing('dictionaryIds', opts.dictionaryId)).length;
        const templates = (await r.templatesBindingDictionary(opts.dictionaryId)).length;
        if (forms || templates) {
          throw new AppError(409, 'dictionary/in-use', MESSAGES.dictionaryInUse(forms, templates));
        }
        await r.deleteDictionary(opts.dictionaryId);
        await r.audit({
          actorUserId: opts.auth.userId,
          action: 'dictionary.delete',
          targetType: 'dictionary',
          targetId: opts.dictionaryId,
        });
      });
      return { ok: true as const };
    },

    // ---- sections
    async listSections(opts: { q?: string; processors?: string[] }) {
      return (await repo.listSections(opts)).map(toSection);
    },
    async getSection(opts: { sectionId: string }) {
      const row = await repo.findSection(opts.sectionId);
      if (!row) throw notFound(MESSAGES.sectionNotFound);
      return toSection(row);
    },
    async saveSection(opts: { auth: AuthContext; sectionId?: string; input: SectionInput }) {
      const input = SectionInputSchema.parse(opts.input);
      const components = checkedForm(input.components, 'components', false);
      const current = opts.sectionId ? await repo.findSection(opts.sectionId) : undefined;
      if (opts.sectionId && !current) throw notFound(MESSAGES.sectionNotFound);
      if (await repo.sectionKeyTaken(input.keySection, opts.sectionId))
        throw new AppError(409, 'section/key-used', MESSAGES.sectionKeyUsed);
      try {
        return await db.transaction(async (tx) => {
          const r = createLibraryRepository(tx);
          const values = { ...input, components, conditional: input.conditional ?? null };
          const row = current
            ? await r.updateSection(current.id, { ...values, version: current.version + 1 })
            : await r.insertSection(values);
          await r.audit({
            actorUserId: opts.auth.userId,
            action: current ? 'section.update' : 'section.create',
            targetType: 'section',
            targetId: row.id,
          });
          return toSection(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'section/key-used', MESSAGES.sectionKeyUsed);
        throw err;
      }
    },

    // ---- pushes
    /** Queues a durable job updating every master form that uses the entry or section; returns its progress. */
    async push(opts: { auth: AuthContext; kind: 'dictionary' | 'section'; id: string }) {
      const exists = opts.kind === 'dictionary' ? await repo.findDictionary(opts.id) : await repo.findSection(opts.id);
      if (!exists) throw notFound(opts.kind === 'dictionary' ? MESSAGES.dictionaryNotFound : MESSAGES.sectionNotFound);
      const row = await db.transaction(async (tx) => {
        const r = createLibraryRepository(tx);
        const created = await r.insertPush({ kind: opts.kind, targetId: opts.id, requestedBy: opts.auth.userId });
        await r.audit({
          actorUserId: opts.auth.userId,
          action: `${opts.kind}.push`,
          targetType: opts.kind,
          targetId: opts.id,
          details: { pushId: created.id },
        });
        return created;
      });
      await jobs.send(PUSH_QUEUES[opts.kind], { pushId: row.id });
      return toPush(row);
    },
    async getPush(opts: { pushId: string }) {
      const row = await repo.findPush(opts.pushId);
      if (!row) throw notFound(MESSAGES.http404);
      return toPush(row);
    },

    // ---- master forms
    /** A master form from a mapped template: its fields, bindings and the default header and progress layouts. */
    async createMasterForm(opts: { auth: AuthContext; templateId: string; name?: string }) {
      const template = await createPdfTemplatesRepository(db).find(opts.templateId);
      if (!template) throw notFound(MESSAGES.templateNotFound);
      if (template.mapping.length === 0) throw new AppError(400, 'mapping/empty', MESSAGES.mappingEmpty);
      const { form, bindingFields } = formFromMapping(template.mapping);
      const structure = MasterFormStructureSchema.parse({ allField: form, rootAllField: form, bindingFields });
      return db.transaction(async (tx) => {
        const r = createLibraryRepository(tx);
        const row = await r.insertForm({
          templateId: template.id,
          name: opts.name ?? template.name,
          structure,
          mappingFieldsVersion: template.mappingFieldsVersion,
        });
        await r.audit({
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
    /** The universal form saved (unpublished): allField checked by the form engine, sections and entries existing. */
    async updateMasterForm(opts: { auth: AuthContext; formId: string; structure: MasterFormStructure }) {
      const allField = checkedForm(opts.structure.allField, 'structure.allField', true);
      for (const [i, id] of opts.structure.childSectionIds.entries()) {
        if (!(await repo.findSection(id)))
          throw new AppError(400, 'section/not-found', MESSAGES.sectionNotFound, [
            { path: `structure.childSectionIds.${i}`, message: MESSAGES.sectionNotFound },
          ]);
      }
      for (const [i, id] of opts.structure.dictionaryIds.entries()) {
        if (!(await repo.findDictionary(id)))
          throw new AppError(400, 'dictionary/not-found', MESSAGES.dictionaryNotFound, [
            { path: `structure.dictionaryIds.${i}`, message: MESSAGES.dictionaryNotFound },
          ]);
      }
      return changeForm(opts.auth, opts.formId, 'update', () => ({
        structure: { ...opts.structure, allField },
        hasUnpublishedChanges: true,
      }));
    },
    setMode: (opts: { auth: AuthContext; formId: string; updateMode: string }) =>
      changeForm(opts.auth, opts.formId, 'mode', () => ({ updateMode: opts.updateMode })),
    setGeneral: (opts: { auth: AuthContext; formId: string; name: string; processorId?: string | null }) =>
      changeForm(opts.auth, opts.formId, 'general', (row) => ({
        name: opts.name,
        processorId: opts.processorId === undefined ? row.processorId : opts.processorId,
      })),
    setAccessibility: (opts: {
      auth: AuthContext;
      formId: string;
      access: 'global' | 'limited';
      membershipIds: string[];
      companyIds: string[];
      excludedCompanyIds: string[];
    }) =>
      changeForm(opts.auth, opts.formId, 'accessibility', () => ({
        access: opts.access,
        membershipIds: opts.membershipIds,
        companyIds: opts.companyIds,
        excludedCompanyIds: opts.excludedCompanyIds.filter((id) => !opts.companyIds.includes(id)),
      })),
    setStatus: (opts: { auth: AuthContext; formId: string; status: string }) =>
      changeForm(opts.auth, opts.formId, 'status', () => ({ status: opts.status })),
    /** PATCH …/versions: publishes; every publish is a new version, kept whole with its mappingFieldsVersion. */
    async publish(opts: { auth: AuthContext; formId: string }) {
      return db.transaction(async (tx) => {
        const r = createLibraryRepository(tx);
        const row = await r.findForm(opts.formId, true);
        if (!row) throw notFound(MESSAGES.masterFormNotFound);
        const template = row.templateId ? await createPdfTemplatesRepository(tx).find(row.templateId) : undefined;
        const version = row.version + 1;
        const mappingFieldsVersion = template?.mappingFieldsVersion ?? row.mappingFieldsVersion;
        await r.insertVersion({
          formId: row.id,
          version,
          structure: row.structure,
          mappingFieldsVersion,
          publishedBy: opts.auth.userId,
        });
        const updated = await r.updateForm(row.id, { version, mappingFieldsVersion, hasUnpublishedChanges: false });
        await r.audit({
          actorUserId: opts.auth.userId,
          action: 'master-form.publish',
          targetType: 'master-form',
          targetId: row.id,
          details: { version },
        });
        return toMasterForm(updated);
      });
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
        const company = await createAccountsRepository(db).findCompanyWithMembership(opts.companyId);
        if (!company) throw new AppError(404, 'company/not-found', MESSAGES.http404);
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
    async getPermission(opts: { formId: string }) {
      const form = await loadForm(opts.formId);
      const grants = await repo.listPermissions(form.id);
      return {
        formId: form.id,
        global: form.access === 'global',
        grants: grants.map((g) => ({ companyId: g.companyId, userIds: g.userIds })),
      };
    },
    /**
     * PATCH …/permission: global or limited. Switching to limited is confirmed by the admin first (spec 1 §4); the
     * client forms inherited from it are archived once custom forms exist.
     */
    async setGlobalPermission(opts: { auth: AuthContext; formId: string; global: boolean }) {
      return changeForm(opts.auth, opts.formId, opts.global ? 'permission-global' : 'permission-limited', () => ({
        access: opts.global ? 'global' : 'limited',
      }));
    },
    /** POST …/permission: the users of one company who may use the form; every id must be a user of that company. */
    async grantPermission(opts: { auth: AuthContext; formId: string; companyId: string; userIds: string[] }) {
      const form = await loadForm(opts.formId);
      const unique = [...new Set(opts.userIds)];
      const known = new Set(await repo.usersOfCompany(opts.companyId, unique));
      const problems = unique.flatMap((id, i) =>
        known.has(id) ? [] : [{ path: `userIds.${i}`, message: MESSAGES.http404 }],
      );
      if (problems.length) throw new AppError(400, 'permission/unknown-user', MESSAGES.http400, problems);
      await db.transaction(async (tx) => {
        const r = createLibraryRepository(tx);
        await r.upsertPermission(form.id, opts.companyId, unique);
        await r.audit({
          actorUserId: opts.auth.userId,
          companyId: opts.companyId,
          action: 'master-form.permission',
          targetType: 'master-form',
          targetId: form.id,
          details: { users: unique.length },
        });
      });
      return this.getPermission({ formId: form.id });
    },
    /** Master forms with the number of client forms built on each (none until custom forms exist). */
    async masterFormsWithTotalForm() {
      return (await repo.listForms({})).map((f) => ({ ...toMasterForm(f), totalForm: 0 }));
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
