import { ERROR_CODES } from '@under/core/api/error.schema';
import { maskValue } from '@under/core/forms/masking';
import {
  CARDCONNECT,
  type CardConnectCredentialsBody,
  type CardConnectView,
  type CcMapperBody,
  type CcMapperView,
} from '@under/core/integrations/cardconnect.schema';
import { CC_ATTRIBUTES } from '@under/core/integrations/cardconnect-attributes';
import { CARDCONNECT_MESSAGES } from '@under/core/integrations/cardconnect-messages';
import { type CardConnectTrial, ccTrialAt, ccTrialEnd } from '@under/core/integrations/cardconnect-trial';
import type { IntegrationState } from '@under/core/integrations/integrations';
import { mappableFields } from '@under/core/integrations/salesforce-mapping';
import { cardConnectTrialEndedText, integrationTurnedOffText } from '@under/core/ui-text/mails';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { composeMail } from '../../../infra/mail/compose';
import { isClientAdmin, requireCompanyId } from '../../accounts/tenant';
import type { MailService } from '../../mail/mail.service';
import type { MasterFormsService } from '../../master-forms/master-forms.service';
import { keptOrTyped, openSecret } from '../sealed-values';
import type { CardConnectEndpoints } from './cardconnect.endpoints';
import { type CardConnectClient, type CardConnectCredentials, CardConnectError } from './cardconnect.port';
import { type CardConnectRow, createCardConnectRepository } from './cardconnect.repository';

export interface CardConnectServiceDeps {
  db: Db;
  /** The master forms' definitions (the mapper lists a master form's fields). */
  masterForms: Pick<MasterFormsService, 'getMasterForm'>;
  fieldCrypto: FieldCrypto;
  cardConnect: CardConnectClient;
  endpoints: CardConnectEndpoints;
  mail: Pick<MailService, 'queueMail' | 'dispatch'>;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
}

/** The six credentials of spec 2 §3, by the names the body and the sealed row use. */
const FIELDS = ['username', 'password', 'saleCode', 'pricingTemplateId', 'clientSecretKey', 'clientId'] as const;
type Field = (typeof FIELDS)[number];

/** What the sync and the status poll take from a company's connection (the credentials opened). */
export interface CardConnectSetup {
  credentials: CardConnectCredentials;
  saleCode: string;
  templateId: string;
}

/**
 * The company's CardConnect (CardPointe CoPilot) connection (issue #24 §1; decision 083): credentials checked by
 * obtaining a token before they are kept, kept sealed in `integration_connections` (SEALED_COLUMNS), answered as
 * masks only; turned off with the spec's status call (the platform's admins mailed), turned on again by Edit.
 */
export function createCardConnectService(deps: CardConnectServiceDeps) {
  const { db, fieldCrypto, cardConnect, mail, now, log } = deps;

  const open = (sealed: string | undefined) => openSecret(fieldCrypto, sealed);

  async function trialFor(companyId: string): Promise<CardConnectTrial | null> {
    const found = await createCardConnectRepository(db).trialOf(companyId);
    return ccTrialAt(found?.trial, found?.planStatus, now());
  }

  /** Masks for a client ADMINISTRATOR only: a member sees the state (issue 23 §3), not parts of the credentials. */
  function viewOf(row: CardConnectRow | undefined, trial: CardConnectTrial | null, masks = true): CardConnectView {
    const mask = (f: Field) => {
      const plain = row && masks ? open(row.secrets[f]) : undefined;
      return plain ? maskValue(plain) : null;
    };
    return {
      state: (row?.state as IntegrationState | undefined) ?? 'not_connected',
      username: mask('username'),
      password: mask('password'),
      saleCode: mask('saleCode'),
      pricingTemplateId: mask('pricingTemplateId'),
      clientSecretKey: mask('clientSecretKey'),
      clientId: mask('clientId'),
      connectedAt: row?.connectedAt?.toISOString() ?? null,
      turnedOffAt: row?.state === 'turned_off' ? (row.turnedOffAt?.toISOString() ?? null) : null,
      trial,
    };
  }

  /** Spec 2 §5: a masked value sent back (holding '*') means "unchanged": the stored one, when it is its mask. */
  function keptOrNew(field: Field, sent: string, row: CardConnectRow | undefined): string {
    const kept = keptOrTyped(fieldCrypto, sent, row?.secrets[field]);
    if (kept === null) {
      throw new AppError(ERROR_CODES.validation, 'Enter the credential again.', [
        { path: field, message: 'Enter it again: the value shown is only its mask.' },
      ]);
    }
    return kept;
  }

  /** The token endpoint's refusal in the person's words; anything else is "Connection Failed !". */
  function tokenFailure(err: unknown): never {
    if (err instanceof CardConnectError) {
      log.warn({ kind: err.kind, status: err.status }, 'cardconnect token refused');
      if (err.kind === 'invalid_credentials') throw new AppError(ERROR_CODES.cardConnectInvalidCredentials);
      if (err.kind === 'invalid_client') throw new AppError(ERROR_CODES.cardConnectInvalidClient);
      throw new AppError(ERROR_CODES.integrationFailed);
    }
    throw err;
  }

  /** The master form's fields the mapper offers: the four pseudo-fields first, then its mappable fields. */
  async function formFieldsOf(masterFormId: string) {
    const form = await deps.masterForms.getMasterForm({ formId: masterFormId });
    const pseudo = CC_ATTRIBUTES.filter((a) => a.pseudo).map((a) => ({ key: a.name, label: a.label, type: 'pseudo' }));
    const fields = mappableFields(form.structure.allField.components).map((f) => ({
      key: f.key,
      label: f.label,
      type: f.type,
    }));
    return { formName: form.name, formFields: [...pseudo, ...fields] };
  }

  function mapperView(
    masterFormId: string,
    row: { fields: CcMapperBody['fields']; updatedAt: Date } | undefined,
    form: Pick<CcMapperView, 'formName' | 'formFields'>,
  ): CcMapperView {
    return {
      masterFormId,
      formName: form.formName,
      fields: row?.fields ?? [],
      formFields: form.formFields,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    /** GET /api/card-connect/mapper/{masterFormId} (the platform's admin): the mapping and the form's fields. */
    async getMapper(opts: { masterFormId: string }): Promise<CcMapperView> {
      const form = await formFieldsOf(opts.masterFormId);
      const row = await createCardConnectRepository(db).findMapping(opts.masterFormId);
      return mapperView(opts.masterFormId, row, form);
    },

    /**
     * POST /api/card-connect/mapper/{masterFormId}: every line names a field of the form (or a pseudo-field) and a
     * boarding attribute that is not a pseudo-field; an attribute is filled once. Problems answer 400 by path.
     */
    async saveMapper(opts: { auth: AuthContext; masterFormId: string; body: CcMapperBody }): Promise<CcMapperView> {
      const form = await formFieldsOf(opts.masterFormId);
      const keys = new Set(form.formFields.map((f) => f.key));
      const targets = new Set(CC_ATTRIBUTES.filter((a) => !a.pseudo).map((a) => a.name));
      const seen = new Set<string>();
      const problems: { path: string; message: string }[] = [];
      opts.body.fields.forEach((f, i) => {
        if (!keys.has(f.formKey)) {
          problems.push({ path: `fields.${i}.formKey`, message: `The form has no field ${f.formKey}.` });
        }
        if (!targets.has(f.attribute)) {
          problems.push({ path: `fields.${i}.attribute`, message: `${f.attribute} is not a CardConnect attribute.` });
        } else if (seen.has(f.attribute)) {
          problems.push({ path: `fields.${i}.attribute`, message: `${f.attribute} is mapped twice.` });
        }
        seen.add(f.attribute);
      });
      if (problems.length > 0) throw new AppError(ERROR_CODES.validation, 'The mapping has problems.', problems);
      const at = new Date(now());
      const row = await db.transaction(async (tx) => {
        const saved = await createCardConnectRepository(tx).saveMapping({
          masterFormId: opts.masterFormId,
          fields: opts.body.fields,
          updatedBy: opts.auth.userId,
          updatedAt: at,
        });
        await writeAudit(tx, {
          action: 'master-form.cardconnect-mapping',
          actorUserId: opts.auth.userId,
          companyId: null,
          targetType: 'master-form',
          targetId: opts.masterFormId,
          details: { fields: opts.body.fields.length },
        });
        return saved;
      });
      return mapperView(opts.masterFormId, row, form);
    },

    /**
     * A template clone with `isCloneCcMapper` (spec 2 §7; decision 090): the clone carries the source template's
     * CardConnect mapping, in the clone's transaction. Answers the number of lines copied.
     */
    carryMappingToClone(tx: DbOrTx, opts: { fromTemplateId: string; toTemplateId: string }): Promise<number> {
      return createCardConnectRepository(tx).carryMapping(opts.fromTemplateId, opts.toTemplateId);
    },

    /** GET /api/companies/card-connect: the caller's company's setup, masked (any member reads it). */
    async get(opts: { auth: AuthContext }): Promise<CardConnectView> {
      const companyId = requireCompanyId(opts.auth);
      const row = await createCardConnectRepository(db).find(companyId);
      return viewOf(row, await trialFor(companyId), isClientAdmin(opts.auth));
    },

    /**
     * POST /api/companies/card-connect: the credentials (masks sent back mean "unchanged") are checked by a token
     * from the provider before anything is kept; then sealed and turned on (a turned-off connection too: Edit).
     */
    async integrate(opts: { auth: AuthContext; body: CardConnectCredentialsBody }): Promise<CardConnectView> {
      const companyId = requireCompanyId(opts.auth);
      const current = await createCardConnectRepository(db).find(companyId);
      const values = Object.fromEntries(FIELDS.map((f) => [f, keptOrNew(f, opts.body[f], current)])) as Record<
        Field,
        string
      >;
      try {
        await cardConnect.token({
          username: values.username,
          password: values.password,
          clientId: values.clientId,
          clientSecret: values.clientSecretKey,
        });
      } catch (err) {
        tokenFailure(err);
      }
      const at = new Date(now());
      const row = await db.transaction(async (tx) => {
        const saved = await createCardConnectRepository(tx).upsert({
          companyId,
          state: 'connected',
          secrets: Object.fromEntries(FIELDS.map((f) => [f, fieldCrypto.encryptValue(values[f])])),
          domain: null,
          instanceUrl: deps.endpoints.apiUrl,
          connectedAt: at,
          connectedBy: opts.auth.userId,
          expiredAt: null,
          turnedOffAt: null,
          turnedOffBy: null,
          updatedAt: at,
        });
        // the first connection starts the 30-day trial; a later one (Edit, turned on again) keeps it
        await createCardConnectRepository(tx).startTrial({
          companyId,
          startedAt: at,
          endsAt: ccTrialEnd(at),
          startedBy: opts.auth.userId,
        });
        await writeAudit(tx, {
          action: 'integration.connect',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: { kind: CARDCONNECT, instanceHost: new URL(deps.endpoints.apiUrl).host },
        });
        return saved;
      });
      return viewOf(row, await trialFor(companyId));
    },

    /**
     * PATCH /api/companies/card-connect/status {status: "inactive"}: nothing is sent to CardConnect any more (the
     * state), the credentials stay for Edit, and the platform's admins are told (spec 1 §6).
     */
    async turnOff(opts: { auth: AuthContext }): Promise<CardConnectView> {
      const companyId = requireCompanyId(opts.auth);
      const at = new Date(now());
      const companyName = opts.auth.profile.company?.name ?? 'A company';
      const { row, outboxIds } = await db.transaction(async (tx) => {
        const repo = createCardConnectRepository(tx);
        const locked = await repo.find(companyId, true);
        if (!locked || locked.state === 'not_connected') {
          throw new AppError(ERROR_CODES.integrationNotConnected, CARDCONNECT_MESSAGES.notConnected);
        }
        if (locked.state === 'turned_off') {
          throw new AppError(ERROR_CODES.integrationTurnedOff, CARDCONNECT_MESSAGES.alreadyTurnedOff);
        }
        const saved = await repo.update(locked.id, {
          state: 'turned_off',
          tokenVersion: locked.tokenVersion + 1,
          turnedOffAt: at,
          turnedOffBy: opts.auth.userId,
          updatedAt: at,
        });
        await writeAudit(tx, {
          action: 'integration.turn-off',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'company',
          targetId: companyId,
          // CoPilot's tokens live 300 s and are not kept: nothing to revoke
          details: { kind: CARDCONNECT, revoked: false },
        });
        const ids: string[] = [];
        for (const to of await repo.activeAdminEmails()) {
          ids.push(
            await mail.queueMail(tx, {
              kind: 'integration-turned-off',
              key: `integration-off:${locked.id}:${locked.tokenVersion + 1}:${to}`,
              message: composeMail(
                to,
                integrationTurnedOffText({
                  companyName,
                  integration: 'CardConnect',
                  by: opts.auth.email,
                  at,
                  adminUrl: `${deps.publicUrl}/admin/accounts`,
                }),
              ),
            }),
          );
        }
        return { row: saved, outboxIds: ids };
      });
      for (const id of outboxIds) await mail.dispatch(id);
      return viewOf(row, await trialFor(companyId));
    },

    /**
     * Tells the platform's admins and the company's administrators of each trial that has ended (decision 090), once:
     * the row is marked in the transaction that queues the mails. Run on a schedule; answers how many it told.
     */
    async sweepTrialEnds(): Promise<number> {
      const at = new Date(now());
      const outbox = await db.transaction(async (tx) => {
        const repo = createCardConnectRepository(tx);
        const ids: string[] = [];
        const platformAdmins = await repo.activeAdminEmails();
        for (const ended of await repo.endedUntold(at)) {
          const { companyId } = ended.trial;
          await repo.markTrialTold(companyId, at);
          const paid = ccTrialAt(ended.trial, ended.planStatus, at.getTime())?.phase === 'paid';
          const recipients = [
            ...platformAdmins.map((to) => ({ to, url: `${deps.publicUrl}/admin/accounts` })),
            ...(await repo.companyAdminEmails(companyId)).map((to) => ({ to, url: `${deps.publicUrl}/membership` })),
          ];
          for (const { to, url } of recipients) {
            ids.push(
              await mail.queueMail(tx, {
                kind: 'cardconnect-trial-ended',
                key: `cc-trial-ended:${companyId}:${to}`,
                message: composeMail(
                  to,
                  cardConnectTrialEndedText({ companyName: ended.companyName, endedAt: ended.trial.endsAt, paid, url }),
                ),
              }),
            );
          }
        }
        return ids;
      });
      for (const id of outbox) await mail.dispatch(id);
      return outbox.length;
    },

    /** The template's (master form's) mapping lines, for the sync (decision 086); empty when it has none. */
    async mappingFor(masterFormId: string): Promise<CcMapperBody['fields']> {
      return (await createCardConnectRepository(db).findMapping(masterFormId))?.fields ?? [];
    },

    /** The company's CardConnect connection state (`not_connected` without a row), for the status view. */
    async connectionState(companyId: string): Promise<string> {
      return (await createCardConnectRepository(db).find(companyId))?.state ?? 'not_connected';
    },

    /**
     * The opened credentials of a company whose CardConnect is on, for the sync and the status poll (issue #24
     * §1); null when it is not set up or turned off (nothing is sent then).
     */
    async setupFor(companyId: string): Promise<CardConnectSetup | null> {
      const row = await createCardConnectRepository(db).find(companyId);
      if (row?.state !== 'connected') return null;
      const v = (f: Field) => open(row.secrets[f]) ?? '';
      return {
        credentials: {
          username: v('username'),
          password: v('password'),
          clientId: v('clientId'),
          clientSecret: v('clientSecretKey'),
        },
        saleCode: v('saleCode'),
        templateId: v('pricingTemplateId'),
      };
    },
  };
}

export type CardConnectService = ReturnType<typeof createCardConnectService>;
