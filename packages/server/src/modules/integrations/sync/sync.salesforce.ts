import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
import type { SyncabilityCheck } from '../forms/syncability';
import type { SalesforceSession, SfObjectDescribe } from '../salesforce/salesforce.port';
import { classifyFailure, type SyncFailure, withoutSealedAnswers } from './sync.errors';
import { createSyncRepository, type SyncRow } from './sync.repository';
import type { IntegrationSyncDeps } from './sync.service';

/** Describes are read once per company and object for this long. */
export const DESCRIBE_TTL_MS = 5 * 60_000;
/** At most this many describes are kept (the oldest go first): a worker serving many companies stays bounded. */
export const DESCRIBE_MAX_ENTRIES = 500;

/**
 * Values kept for `ttlMs`, at most `max` of them: expired ones are dropped when a value is stored, then the oldest
 * stored while over `max` (a Map iterates in insertion order; a value stored again moves to the end).
 */
export function createTtlCache<T>(opts: { ttlMs: number; max: number; now: () => number }) {
  const entries = new Map<string, { at: number; value: T }>();
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (opts.now() - hit.at < opts.ttlMs) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: T) {
      const at = opts.now();
      entries.delete(key);
      for (const [k, e] of entries) {
        // oldest first: the first one still fresh ends the expired run
        if (at - e.at < opts.ttlMs) break;
        entries.delete(k);
      }
      entries.set(key, { at, value });
      while (entries.size > opts.max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/** What one attempt at the provider came to. */
export type Attempted =
  | { kind: 'synced'; object: string; recordId: string; recordUrl: string | null; httpStatus: number | null }
  | {
      kind: 'failure';
      failure: SyncFailure;
      object?: string;
      /** null: the stored record id is dropped (CardConnect's merchant no longer found). */
      recordId?: null;
      createPending?: boolean;
    };

/**
 * One attempt of a sync at Salesforce (decision 074): the application read for the job, the connection checked
 * first, the mapping's record, then an upsert on the external id, or create-then-update on the stored record id with
 * a create committed as pending before it is sent and looked up (by a field holding our application id) before any
 * retry.
 */
export function createSalesforceAttempt(
  deps: Pick<IntegrationSyncDeps, 'db' | 'applications' | 'salesforce' | 'afterProvider' | 'describeMaxEntries'> & {
    now: () => Date;
    syncability: SyncabilityCheck;
  },
) {
  const { db, now } = deps;
  const describes = createTtlCache<SfObjectDescribe>({
    ttlMs: DESCRIBE_TTL_MS,
    max: deps.describeMaxEntries ?? DESCRIBE_MAX_ENTRIES,
    now: () => now().getTime(),
  });

  async function describeOf(companyId: string, session: SalesforceSession, object: string) {
    const key = `${companyId}:${object}`;
    const cached = describes.get(key);
    if (cached) return cached;
    const describe = await deps.salesforce().client.describe(session, object);
    describes.set(key, describe);
    return describe;
  }

  /** One attempt at Salesforce; throws what `classifyFailure` turns into words. */
  return async function attemptSalesforce(row: SyncRow, attempt: number): Promise<Attempted> {
    const source = await deps.applications.syncSource(row.applicationId);
    if (!source) return { kind: 'failure', failure: { kind: 'attention', words: SYNC_WORDS.applicationGone } };
    const { connections, mappings, client } = deps.salesforce();
    // the syncability check first (decision 078): its first reason is the first thing to fix
    const verdict = await deps.syncability.salesforce(source);
    const { mapping } = verdict;
    if (!verdict.syncable || !mapping) {
      const words = verdict.reasons[0] ?? SYNC_WORDS.noMapping;
      return { kind: 'failure', failure: { kind: 'attention', words, detail: `not syncable (${verdict.state})` } };
    }
    // Salesforce's messages about fields filled from encrypted answers may quote them: names only (decision 079)
    let sealed: { fields: string[]; values: unknown[] } = { fields: [], values: [] };
    const attempted = connections.withSession(source.companyId, async (session): Promise<Attempted> => {
      const describe = await describeOf(source.companyId, session, mapping.object);
      const outcome = await mappings.recordFor({
        customFormId: source.customFormId,
        applicationId: source.applicationId,
        data: source.data,
        describe,
      });
      if (!outcome.ok) {
        const words = outcome.problems.map((p) => p.message).join(' ');
        return { kind: 'failure', failure: { kind: 'attention', words: words || SYNC_WORDS.noMapping } };
      }
      const { object, record } = outcome;
      sealed = { fields: outcome.sealedFields, values: outcome.sealedFields.map((f) => record[f]) };
      const link = (id: string) => `${session.instanceUrl.replace(/\/+$/, '')}/lightning/r/${object}/${id}/view`;
      if (outcome.externalIdField) {
        // Salesforce's one idempotent write: a retry after a crash or a timeout updates the record it created
        const done = await client.upsert(session, object, outcome.externalIdField, source.applicationId, record);
        await deps.afterProvider?.(row.id);
        let id = done.id ?? (row.providerObject === object ? row.providerRecordId : null);
        if (!id) {
          const ids = await client.findIds(session, object, outcome.externalIdField, source.applicationId);
          id = ids[0] ?? null;
        }
        if (!id) throw new Error('upsert answered no record id');
        return { kind: 'synced', object, recordId: id, recordUrl: link(id), httpStatus: done.created ? 201 : 204 };
      }
      // create-then-update on the stored record id
      let id = row.providerObject === object ? row.providerRecordId : null;
      if (!id && row.createPending && row.providerObject === object) {
        // a create was sent and its answer never stored: look it up by a field holding our application id
        const idField = Object.keys(record).find((k) => record[k] === source.applicationId);
        if (!idField) {
          return {
            kind: 'failure',
            failure: { kind: 'attention', words: SYNC_WORDS.uncertainCreate },
            object,
            createPending: true,
          };
        }
        const ids = await client.findIds(session, object, idField, source.applicationId);
        if (ids.length > 1) {
          return {
            kind: 'failure',
            failure: { kind: 'attention', words: SYNC_WORDS.multipleMatches(idField, source.applicationId) },
            object,
            createPending: true,
          };
        }
        id = ids[0] ?? null;
      }
      if (id) {
        try {
          await client.update(session, object, id, record);
          await deps.afterProvider?.(row.id);
          return { kind: 'synced', object, recordId: id, recordUrl: link(id), httpStatus: 204 };
        } catch (err) {
          // the record was deleted at Salesforce: a new one rather than updating nothing
          if (!(err instanceof Error && (err as { kind?: unknown }).kind === 'not_found')) throw err;
        }
      }
      if (!(await createSyncRepository(db).markCreatePending(row.id, attempt, object, now()))) {
        throw new Error('sync claim lost before the create');
      }
      try {
        const created = await client.create(session, object, record);
        await deps.afterProvider?.(row.id);
        return { kind: 'synced', object, recordId: created.id, recordUrl: link(created.id), httpStatus: 201 };
      } catch (err) {
        // a 4xx answer is certain (nothing created); a timeout or a 5xx may have created it
        const status = (err as { status?: unknown }).status;
        const certain = typeof status === 'number' && status >= 400 && status < 500;
        return {
          kind: 'failure',
          failure: classifyFailure(withoutSealedAnswers(err, sealed)),
          object,
          createPending: !certain,
        };
      }
    });
    return attempted.catch((err: unknown) => {
      throw withoutSealedAnswers(err, sealed);
    });
  };
}
