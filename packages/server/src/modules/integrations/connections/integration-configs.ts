import { ERROR_CODES } from '@under/core/api/error.schema';
import { maskValue } from '@under/core/forms/masking';
import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import type {
  IntegrationConfig,
  IntegrationConfigBodySchema,
  IntegrationPermission,
  IntegrationPermissionsBodySchema,
} from '@under/core/integrations/connections.schema';
import type { ConfigTarget, IntegrationState } from '@under/core/integrations/integrations';
import type { z } from 'zod';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import type { createCompaniesRepository } from '../../../db/repositories/companies.repository';
import { AppError, notFound } from '../../../errors';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { requireCompanyId } from '../../accounts/tenant';
import { type FormGrants, loadVisibleApplication } from '../../applications/access/visible-application';
import { requireIntegrationPermitted } from '../forms/permissions';
import { keptOrTyped, openSecret } from '../sealed-values';
import { type ConfigRow, createConnectionsRepository, type PermissionRow } from './connections.repository';

type CompanyWithMembership = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createCompaniesRepository>['findCompanyWithMembership']>>
>;

export interface IntegrationConfigsDeps {
  db: Db;
  fieldCrypto: FieldCrypto;
  grants: FormGrants;
  now: Clock;
  readableCompany(auth: AuthContext, companyId: string | undefined): Promise<CompanyWithMembership>;
  requirePlan(auth: AuthContext): void;
}

/**
 * The spec's integration configs and permissions (spec 2 §3, §7; decision 073). A config's credentials (the card
 * processors' username, password, …) are sealed one by one and answered masked; a mask sent back keeps the stored
 * value, an empty value removes it. Permissions say, per company and template (master form), whether its forms may
 * use integrations: set by platform admins, read by the company.
 */
export function createIntegrationConfigs(deps: IntegrationConfigsDeps) {
  const { db, fieldCrypto, now } = deps;

  const maskAll = (sealed: Record<string, string | undefined>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(sealed).flatMap(([name, value]) => {
        const plain = openSecret(fieldCrypto, value);
        return plain ? [[name, maskValue(plain)]] : [];
      }),
    );

  const toConfig = (row: ConfigRow): IntegrationConfig => ({
    id: row.id,
    formId: row.formId,
    integrationToActivate: row.integrationToActivate as ConfigTarget,
    companyId: row.companyId,
    credentials: maskAll(row.credentials),
    credentialsTemplateId: row.credentialsTemplateId,
    selectedStoredPricing: row.selectedStoredPricing ?? null,
    autoSync: row.autoSync,
    activeIntegration: row.activeIntegration,
    updatedAt: row.updatedAt.toISOString(),
  });

  const toPermission = (row: PermissionRow): IntegrationPermission => ({
    id: row.id,
    companyId: row.companyId,
    templateId: row.templateId,
    templateStatus: row.templateStatus as IntegrationPermission['templateStatus'],
  });

  return {
    async listMasked(companyId: string): Promise<IntegrationConfig[]> {
      return (await createConnectionsRepository(db).listConfigs(companyId)).map(toConfig);
    },

    /** POST /api/integrations/config: a form of the caller's company (another's is 404). */
    async save(opts: { auth: AuthContext; body: z.output<typeof IntegrationConfigBodySchema> }) {
      const companyId = requireCompanyId(opts.auth);
      const { body } = opts;
      if (body.companyId && body.companyId !== companyId) throw notFound(INTEGRATION_MESSAGES.formNotFound);
      if (body.integrationToActivate === 'salesforce') deps.requirePlan(opts.auth);
      const form = await createConnectionsRepository(db).findCompanyForm(companyId, body.formId);
      if (!form) throw notFound(INTEGRATION_MESSAGES.formNotFound);
      // integration permissions (decision 078): turning one on needs the template's permission; off always works
      if (body.activeIntegration) await requireIntegrationPermitted(db, companyId, form.masterFormId);
      const row = await db.transaction(async (tx) => {
        const repo = createConnectionsRepository(tx);
        const stored = (await repo.findConfig(body.formId, body.integrationToActivate))?.credentials ?? {};
        const credentials: Record<string, string> = {};
        const changed: string[] = [];
        for (const [name, value] of Object.entries(stored)) if (value) credentials[name] = value;
        for (const [name, value] of Object.entries(body.credentials)) {
          if (value.includes('*')) {
            // a mask sent back: unchanged, and it must be the stored value's mask
            if (keptOrTyped(fieldCrypto, value, stored[name]) === null) {
              throw new AppError(ERROR_CODES.validation, `${name}: enter the value again`);
            }
            continue;
          }
          changed.push(name);
          if (value === '') delete credentials[name];
          else credentials[name] = fieldCrypto.encryptValue(value);
        }
        const at = new Date(now());
        const saved = await repo.upsertConfig({
          companyId,
          formId: body.formId,
          integrationToActivate: body.integrationToActivate,
          credentials,
          credentialsTemplateId: body.credentialsTemplateId,
          selectedStoredPricing: body.selectedStoredPricing,
          autoSync: body.autoSync,
          activeIntegration: body.activeIntegration,
          updatedAt: at,
        });
        await writeAudit(tx, {
          action: 'integration.config',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: {
            formId: body.formId,
            kind: body.integrationToActivate,
            credentialsChanged: changed.sort(),
            activeIntegration: body.activeIntegration,
          },
        });
        return saved;
      });
      return toConfig(row);
    },

    /** POST /api/integrations/credentials: an application the caller may see (else 404), its form's configs. */
    async forApplication(opts: { auth: AuthContext; companyId: string; applicationId: string }) {
      const visible = await loadVisibleApplication(db, opts.auth, opts.applicationId, {
        grants: deps.grants,
        companyId: opts.companyId,
      });
      const repo = createConnectionsRepository(db);
      const formConfigs = await repo.listFormConfigs(visible.application.customFormId);
      const connections = await repo.listByCompany(visible.application.companyId);
      return {
        applicationId: visible.application.id,
        integrations: formConfigs.map((c) => ({
          integrationToActivate: c.integrationToActivate as ConfigTarget,
          state:
            (connections.find((k) => k.kind === c.integrationToActivate)?.state as IntegrationState | undefined) ??
            'not_connected',
          credentialsTemplateId: c.credentialsTemplateId,
          credentials: maskAll(c.credentials),
          autoSync: c.autoSync,
          activeIntegration: c.activeIntegration,
        })),
      };
    },

    /** POST /api/integrations/config/permissions/get (platform admin). */
    async getPermissions(opts: { auth: AuthContext; companyId: string }): Promise<IntegrationPermission[]> {
      const { company } = await deps.readableCompany(opts.auth, opts.companyId);
      return (await createConnectionsRepository(db).listPermissions(company.id)).map(toPermission);
    },

    /** POST /api/integrations/config/permissions (platform admin): the list's rows set, others kept. */
    async setPermissions(opts: {
      auth: AuthContext;
      rows: z.output<typeof IntegrationPermissionsBodySchema>;
    }): Promise<IntegrationPermission[]> {
      const companyId = opts.rows[0]?.companyId as string;
      const { company } = await deps.readableCompany(opts.auth, companyId);
      const templates = [...new Set(opts.rows.map((r) => r.templateId))];
      const existing = await createConnectionsRepository(db).existingTemplates(templates);
      const unknown = templates.filter((id) => !existing.has(id));
      if (unknown.length > 0) {
        throw new AppError(ERROR_CODES.validation, INTEGRATION_MESSAGES.formNotFound, [
          ...unknown.map((id) => ({ path: `templateId:${id}`, message: INTEGRATION_MESSAGES.formNotFound })),
        ]);
      }
      await db.transaction(async (tx) => {
        const repo = createConnectionsRepository(tx);
        const at = new Date(now());
        for (const r of opts.rows) {
          await repo.upsertPermission({
            companyId: company.id,
            templateId: r.templateId,
            templateStatus: r.templateStatus,
            updatedAt: at,
          });
        }
        await writeAudit(tx, {
          action: 'integration.permissions',
          actorUserId: opts.auth.userId,
          companyId: company.id,
          targetType: 'company',
          targetId: company.id,
          details: { count: opts.rows.length },
        });
      });
      return (await createConnectionsRepository(db).listPermissions(company.id)).map(toPermission);
    },

    /** POST /api/integrations/uc/getUcPermissions: the caller's own company's. */
    async ucPermissions(opts: { auth: AuthContext }): Promise<IntegrationPermission[]> {
      return (await createConnectionsRepository(db).listPermissions(requireCompanyId(opts.auth))).map(toPermission);
    },
  };
}
