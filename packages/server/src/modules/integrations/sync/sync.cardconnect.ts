import { createHash } from 'node:crypto';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { CC_ATTRIBUTES } from '@under/core/integrations/cardconnect-attributes';
import { buildMerchantBody, type CcMapperField } from '@under/core/integrations/cardconnect-convert';
import { CC_SYNC_WORDS } from '@under/core/integrations/cardconnect-sync-words';
import { mappableFields } from '@under/core/integrations/salesforce-mapping';
import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
import { createCardConnectSession } from '../cardconnect/cardconnect.client';
import { type CardConnectClient, CardConnectError, type CcApiError } from '../cardconnect/cardconnect.port';
import type { CardConnectSetup } from '../cardconnect/cardconnect.service';
import type { SyncabilityCheck } from '../forms/syncability';
import { redactDetail, type SyncFailure } from './sync.errors';
import { createSyncRepository, type SyncRow } from './sync.repository';
import type { Attempted } from './sync.salesforce';
import type { IntegrationSyncDeps } from './sync.service';

/** CoPilot sessions (a token each) kept per process, one per company. */
const SESSIONS_MAX = 500;

/** CardConnect is one CoPilot partner account per company: its syncs have one target. */
export const CARDCONNECT_TARGET = 'copilot';
/** What the sync row names the provider's record. */
export const CC_OBJECT = 'merchant';

/** What a sync uses of CardConnect: the platform's client, the companies' opened setup and the templates' mappings. */
export interface SyncCardConnect {
  client: CardConnectClient;
  /** The company's opened credentials, sale code and template id; null when not set up or turned off. */
  setupFor(companyId: string): Promise<CardConnectSetup | null>;
  /** The template's (master form's) CardConnect mapping lines; empty when it has none. */
  mappingFor(masterFormId: string): Promise<readonly CcMapperField[]>;
}

/** Labels and encrypted keys of a form by the mapper's keys (a container's fields as `container.key`). */
function fieldsOf(form: FormDefinition | undefined) {
  const labels: Record<string, string> = {};
  const encrypted = new Set<string>();
  for (const f of form ? mappableFields(form.components) : []) {
    labels[f.key] = f.label;
    if ((f.component as { euEncrypted?: unknown }).euEncrypted === true) encrypted.add(f.key);
  }
  return { labels, encrypted };
}

const ATTRIBUTE_LABEL = new Map(CC_ATTRIBUTES.map((a) => [a.name, a]));

type WordsContext = { byAttribute: Map<string, string>; labels: Record<string, string>; encrypted: Set<string> };

/** A CoPilot error field as a path of names: indexes dropped (`owners[0].ownerSSN`, `owners.0.ownerSSN`), lower case. */
const pathOf = (field: string) =>
  field
    .replace(/\[\d+\]/g, '')
    .split('.')
    .filter((p) => p !== '' && !/^\d+$/.test(p))
    .map((p) => p.toLowerCase());

/**
 * The mapped lines a CoPilot error field may be about: the attribute itself, one it is a part of (an address's
 * `zip`), or the same leaf name (`ownerSSN`). Indexes and case are ignored.
 */
function mappedOf(field: string, byAttribute: Map<string, string>): { attribute: string; formKey: string }[] {
  const path = pathOf(field);
  if (path.length === 0) return [];
  const leaf = path[path.length - 1];
  const found: { attribute: string; formKey: string }[] = [];
  for (const [attribute, formKey] of byAttribute) {
    const a = pathOf(attribute);
    const exact = a.length === path.length && a.every((p, i) => p === path[i]);
    const within = a.length < path.length && a.every((p, i) => p === path[i]);
    const sameLeaf = a[a.length - 1] === leaf;
    if (exact || within || sameLeaf) found.push({ attribute, formKey });
  }
  return found;
}

/**
 * CoPilot's field errors in the person's words: each field named by the form's label when it was mapped (the
 * attribute's own label otherwise). The provider's message is shown only when the field is a mapped answer that is
 * not encrypted (its message may quote the value): otherwise the attribute's help text. The detail kept for admins
 * has the codes and fields only.
 */
function refusedWords(errors: readonly CcApiError[], ctx: WordsContext): { words: string; detail: string } {
  const problems = errors.slice(0, 8).map((e) => {
    const field = e.errorField ?? '';
    const mapped = mappedOf(field, ctx.byAttribute);
    const first = mapped[0];
    const attribute = ATTRIBUTE_LABEL.get(first?.attribute ?? field);
    const label = first ? (ctx.labels[first.formKey] ?? first.formKey) : (attribute?.label ?? (field || 'CardConnect'));
    const sealed = mapped.some((m) => ctx.encrypted.has(m.formKey));
    const help = attribute ? ` (${attribute.helpText})` : '';
    const message = sealed
      ? `${CC_SYNC_WORDS.encryptedRefused}${help}`
      : mapped.length === 0
        ? `${CC_SYNC_WORDS.valueRefused}${help}`
        : redactDetail(e.message).slice(0, 200);
    return `${label}: ${message}`;
  });
  const detail = errors.map((e) => `${e.code}${e.errorField ? ` [${e.errorField}]` : ''}`).join('; ');
  return { words: CC_SYNC_WORDS.refused(problems), detail };
}

/** A CoPilot failure as the sync acts on it (`retry` later, or `attention` of a person). */
function classify(err: unknown, ctx: WordsContext): SyncFailure {
  if (!(err instanceof CardConnectError)) {
    return { kind: 'retry', words: SYNC_WORDS.unexpected, detail: err instanceof Error ? err.message : String(err) };
  }
  const base = { detail: `${err.kind} ${err.status ?? ''}`.trim(), httpStatus: err.status };
  switch (err.kind) {
    case 'invalid_data': {
      const { words, detail } = refusedWords(err.errors, ctx);
      return { kind: 'attention', words, detail: `${base.detail}: ${detail}`, httpStatus: err.status };
    }
    case 'invalid_credentials':
    case 'invalid_client':
      return { kind: 'attention', words: CC_SYNC_WORDS.invalidCredentials, ...base };
    case 'not_editable':
      return {
        kind: 'attention',
        words: CC_SYNC_WORDS.notEditable(/the merchant is (\w+)/.exec(err.detail)?.[1] ?? 'past in progress'),
        ...base,
      };
    case 'refused':
      return { kind: 'attention', words: CC_SYNC_WORDS.notAllowed, ...base };
    case 'pending':
      return { kind: 'retry', words: CC_SYNC_WORDS.pending, ...base };
    case 'unavailable':
      return { kind: 'retry', words: CC_SYNC_WORDS.unavailable, ...base };
    default:
      return { kind: 'retry', words: CC_SYNC_WORDS.failed, ...base };
  }
}

/**
 * One attempt of a sync at CardPointe CoPilot (issue #24 §1; decision 086), on the durable engine of decision 074:
 * the syncability check first; the template's mapping applied to the application's answers (encrypted ones opened
 * in memory only) and converted (core `buildMerchantBody`): a value that cannot be converted ends it with the
 * field's label and the help text. With a merchant id stored, the whole object is sent (`PUT`, a signature request
 * withdrawn first and asked again after: the owed request is committed before the withdraw and kept until one is
 * made); a merchant no longer found needs a person; without one, `create_pending` is committed, then `POST /merchant` with the
 * company's template id and sale code, and the merchant id is stored with the state in the sync's end. CoPilot has
 * no lookup by anything of ours: a create whose answer was lost is never sent again until a person has checked.
 */
export function createCardConnectAttempt(
  deps: Pick<IntegrationSyncDeps, 'db' | 'applications' | 'afterProvider'> & {
    now: () => Date;
    syncability: SyncabilityCheck;
    cardConnect: () => SyncCardConnect;
  },
) {
  const { db, now } = deps;
  /**
   * One CoPilot session per company and credentials in this process: its token (300 s) is reused by the company's
   * syncs until shortly before it expires, instead of a token call per sync. At most SESSIONS_MAX are kept.
   */
  const sessions = new Map<string, { key: string; session: ReturnType<typeof createCardConnectSession> }>();
  function sessionOf(companyId: string, client: CardConnectClient, setup: CardConnectSetup) {
    const c = setup.credentials;
    const key = createHash('sha256')
      .update([c.username, c.password, c.clientId, c.clientSecret].join('\u0000'))
      .digest('base64url');
    const kept = sessions.get(companyId);
    if (kept?.key === key) return kept.session;
    const session = createCardConnectSession(client, c, () => now().getTime());
    sessions.delete(companyId);
    sessions.set(companyId, { key, session });
    if (sessions.size > SESSIONS_MAX) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) sessions.delete(oldest);
    }
    return session;
  }

  return async function attemptCardConnect(row: SyncRow, attempt: number): Promise<Attempted> {
    const attention = (words: string, extra: Partial<Extract<Attempted, { kind: 'failure' }>> = {}): Attempted => ({
      kind: 'failure',
      failure: { kind: 'attention', words },
      ...extra,
    });
    const source = await deps.applications.syncSource(row.applicationId);
    if (!source) return attention(SYNC_WORDS.applicationGone);
    const verdict = await deps.syncability.cardconnect(source);
    if (!verdict.syncable) {
      return {
        kind: 'failure',
        failure: {
          kind: 'attention',
          words: verdict.reasons[0] ?? CC_SYNC_WORDS.noMapping,
          detail: `not syncable (${verdict.state})`,
        },
      };
    }
    const cc = deps.cardConnect();
    const setup = await cc.setupFor(source.companyId);
    if (!setup) return attention(CC_SYNC_WORDS.notConnected);
    const fields = source.masterFormId ? await cc.mappingFor(source.masterFormId) : [];
    if (fields.length === 0) return attention(CC_SYNC_WORDS.noMapping);
    const { labels, encrypted } = fieldsOf(source.form);
    const built = buildMerchantBody({
      fields,
      answers: source.data,
      labels,
      facts: {
        formName: source.formName ?? '',
        submittedAt: source.submittedAt ?? null,
        formVersion: source.formVersion ?? '',
        applicationId: source.applicationId,
      },
    });
    if (built.problems.length > 0) {
      // "{label}: {help text}": never the value (it may be an encrypted answer)
      return attention(CC_SYNC_WORDS.invalidValues(built.problems.map((p) => p.message)));
    }
    const merchant = { ...built.body.merchant, salesCode: setup.saleCode };
    const ownerSiteUser = Object.keys(built.body.ownerSiteUser).length > 0 ? built.body.ownerSiteUser : undefined;
    const ctx = { byAttribute: new Map(fields.map((f) => [f.attribute, f.formKey])), labels, encrypted };
    const session = sessionOf(source.companyId, cc.client, setup);
    const synced = (merchantId: string, httpStatus: number): Attempted => ({
      kind: 'synced',
      object: CC_OBJECT,
      recordId: merchantId,
      recordUrl: null,
      httpStatus,
    });

    const merchantId = row.providerObject === CC_OBJECT ? row.providerRecordId : null;
    if (!merchantId && row.createPending && row.providerObject === CC_OBJECT) {
      // the create was sent and its answer never stored; CoPilot cannot be searched for it (decision 086)
      return attention(CC_SYNC_WORDS.uncertainCreate, { object: CC_OBJECT, createPending: true });
    }
    if (merchantId) {
      const id = merchantId;
      let status: Awaited<ReturnType<CardConnectClient['status']>>;
      try {
        status = await session.run((t) => cc.client.status(t, id));
      } catch (err) {
        if (err instanceof CardConnectError && err.kind === 'not_found') {
          // no such merchant any more (deleted at CoPilot?): never a second merchant by itself. The id is dropped
          // and the create marked uncertain, so only a person's Sync again (which clears that) creates one.
          return {
            kind: 'failure',
            failure: {
              kind: 'attention',
              words: CC_SYNC_WORDS.merchantGone(id),
              detail: `not_found 404 merchant ${id}`,
            },
            object: CC_OBJECT,
            recordId: null,
            createPending: true,
          };
        }
        return { kind: 'failure', failure: classify(err, ctx) };
      }
      try {
        if (status.boardingProcessPendingFlg) {
          throw new CardConnectError('pending', 'the provider is still processing a change');
        }
        // the owed request outlives this attempt: committed before the withdraw, cleared only by a synced end
        let owed = row.signatureOwed;
        if (status.boardingProcessStatusCd === 'OFS') {
          if (!owed && !(await createSyncRepository(db).markSignatureOwed(row.id, attempt, now()))) {
            throw new Error('sync claim lost before the withdraw');
          }
          owed = true;
          await session.run((t) => cc.client.withdrawSignature(t, id));
        } else if (status.boardingProcessStatusCd !== 'INPROG') {
          throw new CardConnectError('not_editable', `the merchant is ${status.boardingProcessStatusCd}`);
        }
        await session.run((t) => cc.client.updateMerchant(t, id, { merchant, ownerSiteUser: ownerSiteUser ?? null }));
        await deps.afterProvider?.(row.id);
        if (owed) {
          // it was out for signature: send it out again, as it was (the owner signs the updated application)
          try {
            await session.run((t) => cc.client.requestSignature(t, id));
          } catch (err) {
            if (!(err instanceof CardConnectError) || err.kind !== 'invalid_data') throw err;
            const { words } = refusedWords(err.errors, ctx);
            return {
              kind: 'failure',
              failure: { kind: 'attention', words: CC_SYNC_WORDS.signatureNotRequested([words]) },
              object: CC_OBJECT,
              createPending: false,
            };
          }
        }
        return synced(id, 200);
      } catch (err) {
        // a 404 here (after the merchant was found) is the provider's hiccup: retried, never a new merchant
        return { kind: 'failure', failure: classify(err, ctx) };
      }
    }
    // the token first: a refused API user is certain, and nothing is marked pending for it
    try {
      await session.run(async () => undefined);
    } catch (err) {
      return { kind: 'failure', failure: classify(err, ctx) };
    }
    if (!(await createSyncRepository(db).markCreatePending(row.id, attempt, CC_OBJECT, now()))) {
      throw new Error('sync claim lost before the create');
    }
    try {
      const created = await session.run((t) =>
        cc.client.createMerchant(t, {
          templateId: setup.templateId,
          merchant,
          ...(ownerSiteUser ? { ownerSiteUser } : {}),
        }),
      );
      await deps.afterProvider?.(row.id);
      return synced(created.merchantId, 200);
    } catch (err) {
      // an answer with errors or a 4xx is certain (nothing created); a timeout, a 5xx or a lost answer may have
      const status = err instanceof CardConnectError ? err.status : null;
      const certain =
        err instanceof CardConnectError &&
        (err.kind === 'invalid_data' ||
          err.kind === 'refused' ||
          (typeof status === 'number' && status >= 400 && status < 500));
      const failure = classify(err, ctx);
      return {
        kind: 'failure',
        // an uncertain create waits for a person: retrying it could make a second merchant
        failure: certain ? failure : { ...failure, kind: 'attention', words: CC_SYNC_WORDS.uncertainCreate },
        object: CC_OBJECT,
        createPending: !certain,
      };
    }
  };
}
