import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { AuthContext } from '../../auth-context';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../../errors';
import { isClientAdmin, requireCompanyId } from '../accounts/tenant';
import { companyOf, masterFormNotFound } from './custom-form-versions';
import { type CustomFormsRepository, createCustomFormsRepository, type MasterFormRow } from './custom-forms.repository';

/** May a company of this plan use this master form (decision 013: an exclusion wins; a grant beats the plan)? */
export function companyMayUse(form: MasterFormRow, companyId: string, membershipId: string): boolean {
  if (form.excludedCompanyIds.includes(companyId)) return false;
  if (form.companyIds.includes(companyId)) return true;
  return form.access === 'global' && (form.membershipIds.length === 0 || form.membershipIds.includes(membershipId));
}

/**
 * Which master forms a caller may use: the company's plan and grants (decision 013), then, for a STANDARD member,
 * the template permissions inside the company (the company's switch, its list of members, or the admin's list).
 */
export function createMasterFormAccess(deps: { db: Db }) {
  const { db } = deps;
  const repo = createCustomFormsRepository(db);

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
    const { company } = await companyOf(db, companyId);
    const rows = (await repo.listPublishedMasterForms(q?.trim() || undefined)).filter((r) =>
      companyMayUse(r.form, companyId, company.membershipId),
    );
    if (forCompany) return rows;
    const granted = await grantedMasterIds(auth, companyId);
    return granted ? rows.filter((r) => granted.includes(r.form.id)) : rows;
  }

  async function usableMasterForm(auth: AuthContext, formId: string, forCompany = false) {
    const found = (await usableMasterForms(auth, undefined, forCompany)).find((r) => r.form.id === formId);
    if (!found) throw masterFormNotFound();
    return found;
  }

  return { memberGranted, grantedMasterIds, usableMasterForms, usableMasterForm };
}

type MasterFormAccess = ReturnType<typeof createMasterFormAccess>;

/**
 * Template permissions inside the caller's company (client ADMINISTRATOR), and `grantedMasterFormIds`: the one
 * answer to "which master forms may this member use" that the application modules scope their lists by.
 */
export function createTemplatePermissionsService(deps: { db: Db; access: MasterFormAccess }) {
  const { db, access } = deps;
  const { grantedMasterIds, usableMasterForms, usableMasterForm } = access;
  const repo = createCustomFormsRepository(db);

  return {
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
