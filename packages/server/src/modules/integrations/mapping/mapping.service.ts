import { ERROR_CODES } from '@under/core/api/error.schema';
import { planAllows } from '@under/core/billing/plan-features';
import { type CompiledScope, compileForm } from '@under/core/forms/compile-form';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { type SalesforceMapping, SalesforceMappingSchema } from '@under/core/integrations/integrations';
import {
  buildRecord,
  checkMapping,
  formTypesFor,
  isRequiredSfField,
  mappableFields,
  proposeMapping,
  sampleAnswers,
} from '@under/core/integrations/salesforce-mapping';
import type {
  MappingPreview,
  SalesforceMappingView,
  SfAttributes,
  SfObjects,
} from '@under/core/integrations/salesforce-mapping.schema';
import { SF_MAPPING_MESSAGES } from '@under/core/integrations/salesforce-mapping-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../../db/repositories/companies.repository';
import { AppError, notFound } from '../../../errors';
import { isClientAdmin, requireCompanyId } from '../../accounts/tenant';
import type { ApplicationDetailService } from '../../applications/review/detail.service';
import type { CustomFormsService } from '../../custom-forms/custom-forms.service';
import { requireIntegrationPermitted } from '../forms/permissions';
import { IntegrationUnavailable, type RecordOutcome, type SalesforceMappings, type SalesforcePorts } from '../ports';
import {
  type SalesforceClient,
  SalesforceError,
  type SalesforceSession,
  type SfObjectDescribe,
} from '../salesforce/salesforce.port';
import { createMappingRepository, type SalesforceMappingRow } from './mapping.repository';

/** The form's encrypted fields (their keys, with their labels), in containers too. */
function encryptedFields(form: FormDefinition): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (scope: CompiledScope) => {
    for (const field of scope.fields) {
      if (field.encrypted) out.set(field.key, field.label);
      if (field.scope) walk(field.scope);
    }
  };
  walk(compileForm(form));
  return out;
}

/** Standard objects an application may become besides custom ones (issue #23 §5). */
const STANDARD_OBJECTS: ReadonlySet<string> = new Set(['Lead', 'Account', 'Contact', 'Opportunity']);

/**
 * A custom form's Salesforce mapping (issue #23 §5; decision 075): the objects and attributes read from the
 * company's Salesforce, the saved mapping, the create mapper's proposal, the preview of a record, and for the sync
 * (`SalesforceMappings`) the mapping and the record an application produces.
 */
export function createSalesforceMappingsService(deps: {
  db: Db;
  customForms: CustomFormsService;
  applicationDetail: ApplicationDetailService;
  salesforce: SalesforcePorts;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: Clock;
}) {
  const { db, customForms, applicationDetail, salesforce, log, now } = deps;
  const repo = createMappingRepository(db);
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const applicationLink = (applicationId: string) => `${publicUrl}/applications/${encodeURIComponent(applicationId)}`;

  /** The plan's `salesForce` flag gates every call (spec 1 §6: the spec's upgrade text). */
  async function requirePlan(auth: AuthContext): Promise<string> {
    const companyId = requireCompanyId(auth);
    const found = await createCompaniesRepository(db).findCompanyWithMembership(companyId);
    if (!planAllows(found?.membership, 'crm')) throw new AppError(ERROR_CODES.upgradeRequired);
    return companyId;
  }

  /** Runs a call on the company's Salesforce, its failures turned into what the caller can act on. */
  async function onSalesforce<T>(
    companyId: string,
    what: string,
    fn: (client: SalesforceClient, s: SalesforceSession) => Promise<T>,
  ): Promise<T> {
    try {
      return await salesforce.connections.withSession(companyId, (s) => fn(salesforce.client, s));
    } catch (err) {
      if (err instanceof IntegrationUnavailable) {
        throw new AppError(ERROR_CODES.integrationUnavailable, SF_MAPPING_MESSAGES.unusable[err.state]);
      }
      if (err instanceof SalesforceError) {
        // the provider's detail stays in the log (bounded and redacted by the client), never in the answer
        log.warn({ kind: err.kind, status: err.status, what }, 'salesforce call failed');
        if (err.kind === 'not_found') {
          throw new AppError(ERROR_CODES.salesforceObjectNotFound, SF_MAPPING_MESSAGES.objectNotFound(what));
        }
        throw new AppError(ERROR_CODES.salesforceUnavailable);
      }
      throw err;
    }
  }

  const describe = (companyId: string, object: string) =>
    onSalesforce(companyId, object, (client, s) => client.describe(s, object));

  /** The caller's custom form (another company's, or one a STANDARD member was not granted, is 404). */
  async function ownForm(auth: AuthContext, customFormId: string) {
    const detail = await customForms.get({ auth, customFormId });
    return { detail, components: detail.form.components };
  }

  function toMapping(row: SalesforceMappingRow): SalesforceMapping {
    return SalesforceMappingSchema.parse({
      object: row.object,
      mode: row.mode,
      externalIdField: row.externalIdField,
      fields: row.fields,
    });
  }

  function view(
    auth: AuthContext,
    detail: Awaited<ReturnType<CustomFormsService['get']>>,
    row: SalesforceMappingRow | undefined,
  ): SalesforceMappingView {
    return {
      customFormId: detail.customFormId,
      masterFormId: detail.masterFormId,
      formName: detail.name,
      mapping: row ? toMapping(row) : null,
      formFields: mappableFields(detail.form.components).map((f) => ({ key: f.key, label: f.label, type: f.type })),
      updatedAt: row ? row.updatedAt.toISOString() : null,
      canEdit: isClientAdmin(auth),
    };
  }

  async function save(opts: { auth: AuthContext; customFormId: string; mapping: SalesforceMapping }) {
    const companyId = await requirePlan(opts.auth);
    const { detail, components } = await ownForm(opts.auth, opts.customFormId);
    // integration permissions (decision 078): not for a form of a template the platform withheld from the company
    await requireIntegrationPermitted(db, companyId, detail.masterFormId);
    const described = await describe(companyId, opts.mapping.object);
    const problems = checkMapping(components, opts.mapping, described);
    if (problems.length > 0) {
      throw new AppError(
        ERROR_CODES.salesforceMappingInvalid,
        undefined,
        problems.map((p) => ({ path: p.path, message: p.message })),
      );
    }
    const row = await db.transaction(async (tx) => {
      const saved = await createMappingRepository(tx).save({
        customFormId: detail.customFormId,
        companyId,
        mapping: opts.mapping,
        userId: opts.auth.userId,
        at: new Date(now()),
      });
      await writeAudit(tx, {
        actorUserId: opts.auth.userId,
        companyId,
        action: 'custom-form.salesforce-mapping',
        targetType: 'custom-form',
        targetId: detail.customFormId,
        details: { object: opts.mapping.object, mode: opts.mapping.mode, fields: opts.mapping.fields.length },
      });
      return saved;
    });
    return view(opts.auth, detail, row);
  }

  /** The record a form's mapping makes of some answers. */
  function record(input: {
    components: FormDefinition['components'];
    data: Record<string, unknown>;
    mapping: SalesforceMapping;
    described: SfObjectDescribe;
    applicationId: string;
  }) {
    return buildRecord({
      components: input.components,
      data: input.data,
      mapping: input.mapping,
      describe: input.described,
      ctx: { applicationId: input.applicationId, linkTo: () => applicationLink(input.applicationId) },
    });
  }

  const mappings: SalesforceMappings = {
    async mappingFor(customFormId) {
      const row = await repo.find(customFormId);
      return row ? toMapping(row) : null;
    },

    async recordFor(input): Promise<RecordOutcome> {
      const row = await repo.find(input.customFormId);
      const found = row ? await customForms.currentForm(input.customFormId) : null;
      if (!row || !found) {
        return {
          ok: false,
          object: row?.object ?? input.describe.name,
          problems: [{ formKey: null, sfField: '', message: SF_MAPPING_MESSAGES.noMapping }],
        };
      }
      const built = record({
        components: found.form.components,
        data: input.data,
        mapping: toMapping(row),
        described: input.describe,
        applicationId: input.applicationId,
      });
      if (!built.ok) {
        // the sync stores and shows these words: a problem with an encrypted answer never quotes the answer
        const encrypted = encryptedFields(found.form);
        return {
          ok: false,
          object: built.object,
          problems: built.problems.map(({ formKey, sfField, message }) => {
            const label = formKey === null ? undefined : encrypted.get(formKey);
            return {
              formKey,
              sfField,
              message: label === undefined ? message : SF_MAPPING_MESSAGES.encryptedRefused(sfField, label),
            };
          }),
        };
      }
      const encrypted = encryptedFields(found.form);
      const sealedFields = row.fields
        .filter((f) => encrypted.has(f.formKey) && f.sfField in built.record)
        .map((f) => f.sfField);
      return {
        ok: true,
        object: built.object,
        externalIdField: built.externalIdField,
        record: built.record,
        sealedFields,
      };
    },
  };

  return {
    ...mappings,

    /** GET /api/sf-objects: the standard objects an application may become, and the custom ones. */
    async objects(opts: { auth: AuthContext }): Promise<SfObjects> {
      const companyId = await requirePlan(opts.auth);
      const all = await onSalesforce(companyId, 'objects', (client, s) => client.listObjects(s));
      const objects = all
        .filter((o) => o.createable && (o.custom || STANDARD_OBJECTS.has(o.name)))
        .map((o) => ({ name: o.name, label: o.label, custom: o.custom }))
        .sort((a, b) => Number(a.custom) - Number(b.custom) || a.label.localeCompare(b.label));
      return { objects };
    },

    /** GET /api/sf-attributes: the object's writable fields and External IDs, with the form types for each. */
    async attributes(opts: { auth: AuthContext; object: string }): Promise<SfAttributes> {
      const companyId = await requirePlan(opts.auth);
      const described = await describe(companyId, opts.object);
      return {
        object: described.name,
        label: described.label,
        attributes: described.fields
          .filter((f) => f.createable || f.externalId)
          .map((f) => ({
            name: f.name,
            label: f.label,
            type: f.type,
            length: f.length,
            required: isRequiredSfField(f),
            externalId: f.externalId,
            picklistValues: f.picklistValues.filter((p) => p.active).map((p) => ({ value: p.value, label: p.label })),
            formTypes: [...formTypesFor(f)],
          })),
      };
    },

    /** GET /api/salesforce/mapping/{customFormId}. */
    async get(opts: { auth: AuthContext; customFormId: string }): Promise<SalesforceMappingView> {
      const companyId = await requirePlan(opts.auth);
      const { detail } = await ownForm(opts.auth, opts.customFormId);
      return view(opts.auth, detail, await repo.findForCompany(detail.customFormId, companyId));
    },

    /** PUT (or POST) /api/salesforce/mapping/{customFormId}: checked against the form and a fresh describe. */
    save,

    /** POST /api/salesforce/create-mapper: a proposal to review; nothing is saved. */
    async propose(opts: { auth: AuthContext; customFormId: string; object: string }) {
      const companyId = await requirePlan(opts.auth);
      const { detail, components } = await ownForm(opts.auth, opts.customFormId);
      const described = await describe(companyId, opts.object);
      const saved = await repo.findForCompany(detail.customFormId, companyId);
      const proposal = proposeMapping(components, described);
      return {
        mapping: { object: described.name, mode: saved ? toMapping(saved).mode : ('auto-sync' as const), ...proposal },
      };
    },

    /**
     * POST /api/salesforce/mapping/{customFormId}/preview: the record an application of the form (its encrypted
     * answers masked), the given answers, or sample answers would produce under the given or saved mapping.
     */
    async preview(opts: {
      auth: AuthContext;
      customFormId: string;
      applicationId?: string;
      data?: Record<string, unknown>;
      mapping?: SalesforceMapping;
    }): Promise<MappingPreview> {
      const companyId = await requirePlan(opts.auth);
      const { detail, components } = await ownForm(opts.auth, opts.customFormId);
      const saved = await repo.findForCompany(detail.customFormId, companyId);
      const mapping = opts.mapping ?? (saved ? toMapping(saved) : null);
      if (!mapping) throw new AppError(ERROR_CODES.salesforceMappingInvalid, SF_MAPPING_MESSAGES.noMapping);
      let data: Record<string, unknown>;
      let source: MappingPreview['source'];
      let applicationId = 'preview';
      if (opts.applicationId) {
        const application = await applicationDetail.detail({ auth: opts.auth, applicationId: opts.applicationId });
        if (application.customFormId !== detail.customFormId) throw notFound();
        data = application.data;
        applicationId = application.applicationId;
        source = 'application';
      } else if (opts.data) {
        data = opts.data;
        source = 'data';
      } else {
        data = sampleAnswers(components);
        source = 'sample';
      }
      const described = await describe(companyId, mapping.object);
      const built = record({ components, data, mapping, described, applicationId });
      return {
        object: built.object,
        externalIdField: built.ok ? built.externalIdField : mapping.externalIdField,
        externalIdValue: applicationId,
        ok: built.ok,
        record: built.record,
        problems: built.ok ? [] : built.problems,
        source,
      };
    },
  };
}

export type SalesforceMappingsService = ReturnType<typeof createSalesforceMappingsService>;
