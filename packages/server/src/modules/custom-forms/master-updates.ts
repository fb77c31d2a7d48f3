import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { AppError } from '../../errors';
import { cachedMasterStructures, masterFormNotFound, takeMasterVersion } from './custom-form-versions';
import { createCustomFormsRepository } from './custom-forms.repository';
import { companyMayUse } from './template-permissions';

/**
 * The master form's side of the custom forms (hooks called by the master-forms module, and the admin's questions):
 * a new published master version taken by forms in auto-update, and forms archived when their company loses access.
 */
export function createMasterUpdatesService(deps: { db: Db; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  const repo = createCustomFormsRepository(db);

  /** The forms (and companies) that would lose the master form under its current or a limited access. */
  async function losingAccess(opts: { masterFormId: string; access?: 'limited' }) {
    const master = await repo.findMasterForm(opts.masterFormId);
    if (!master) throw masterFormNotFound();
    const rule = opts.access ? { ...master, access: opts.access } : master;
    const plans = new Map((await repo.companyMemberships()).map((c) => [c.id, c.membershipId]));
    return (await repo.formsOfMaster(master.id)).filter(
      (f) => !companyMayUse(rule, f.companyId, plans.get(f.companyId) ?? ''),
    );
  }

  return {
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
    losingAccess,

    /** GET /api/master_forms/{formId}/archive_impact: what the admin confirms before switching to limited. */
    async archiveImpact(opts: { formId: string }) {
      const losing = await losingAccess({ masterFormId: opts.formId, access: 'limited' });
      return { forms: losing.length, companies: new Set(losing.map((f) => f.companyId)).size };
    },

    /** The master form's access changed: forms of companies that lost it are archived (read-only). */
    async masterAccessChanged(opts: { masterFormId: string; actorUserId: string | null }) {
      const losing = await losingAccess({ masterFormId: opts.masterFormId });
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
  };
}
