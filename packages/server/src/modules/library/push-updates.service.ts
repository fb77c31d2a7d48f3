import { ERROR_CODES } from '@under/core/api/error.schema';
import type { FormComponent } from '@under/core/forms/form.schema';
import { readStoredForm } from '@under/core/forms/form-migrate';
import { MESSAGES } from '@under/core/messages';
import type { PushUpdate } from '@under/core/templates/master-form.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth-context';
import type { Db } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { AppError, notFound } from '../../errors';
import type { Jobs } from '../../infra/jobs/jobs';
import type { MasterFormsService, PushSource } from '../master-forms/master-forms.service';
import { createLibraryRepository, type PushUpdateRow } from './library.repository';
import type { LibraryService } from './library.service';

type PushKind = 'dictionary' | 'section';

const PUSH_QUEUES = { dictionary: 'push-update-by-dictionaries', section: 'push-update-by-sections' } as const;

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

/**
 * Pushes of a dictionary entry or a section to every master form that uses it (spec 1 §9, decision 013): a
 * durable job per push, its progress in a `push_updates` row. The forms themselves change through the master-forms
 * service, one form per transaction.
 */
export function createPushUpdatesService(deps: {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  library: LibraryService;
  masterForms: MasterFormsService;
}) {
  const { db, jobs, log, library, masterForms } = deps;
  const repo = createLibraryRepository(db);

  /** What the forms receive: an entry's label for fields of its key, or a section's components. */
  async function sourceOf(kind: PushKind, id: string): Promise<PushSource | undefined> {
    if (kind === 'dictionary') {
      const entry = await library.findDictionary({ dictionaryId: id });
      return entry && { kind, key: entry.name, label: entry.label };
    }
    const section = await library.findSection({ sectionId: id });
    if (!section) return undefined;
    const components = readStoredForm(section.components).components as FormComponent[] | undefined;
    return { kind, key: section.keySection, components: Array.isArray(components) ? components : undefined };
  }

  /** Brings the forms using a dictionary entry or section up to date; progress is written as it goes. */
  async function runPush(pushId: string) {
    const push = await repo.findPush(pushId);
    if (!push || push.status === 'done') return;
    const kind = push.kind as PushKind;
    const formIds = await masterForms.formsUsing({ kind, id: push.targetId });
    await repo.updatePush(pushId, { status: 'running', total: formIds.length, done: 0, attempts: push.attempts + 1 });
    const source = await sourceOf(kind, push.targetId);
    if (!source) {
      await repo.updatePush(pushId, { status: 'failed', error: 'The entry no longer exists.', finishedAt: new Date() });
      return;
    }
    let done = 0;
    for (const formId of formIds) {
      await masterForms.applyPush({ formId, pushId, source });
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
    /** Queues a durable job updating every master form that uses the entry or section; returns its progress. */
    async push(opts: { auth: AuthContext; kind: PushKind; id: string }) {
      const exists =
        opts.kind === 'dictionary'
          ? await library.findDictionary({ dictionaryId: opts.id })
          : await library.findSection({ sectionId: opts.id });
      if (!exists) {
        throw new AppError(
          ERROR_CODES.notFound,
          opts.kind === 'dictionary' ? MESSAGES.dictionaryNotFound : MESSAGES.sectionNotFound,
        );
      }
      const row = await db.transaction(async (tx) => {
        const created = await createLibraryRepository(tx).insertPush({
          kind: opts.kind,
          targetId: opts.id,
          requestedBy: opts.auth.userId,
        });
        const event = { actorUserId: opts.auth.userId, targetId: opts.id, details: { pushId: created.id } };
        await writeAudit(
          tx,
          opts.kind === 'dictionary'
            ? { ...event, action: 'dictionary.push', targetType: 'dictionary' }
            : { ...event, action: 'section.push', targetType: 'section' },
        );
        return created;
      });
      await jobs.send(PUSH_QUEUES[opts.kind], { pushId: row.id });
      return toPush(row);
    },
    async getPush(opts: { pushId: string }) {
      const row = await repo.findPush(opts.pushId);
      if (!row) throw notFound();
      return toPush(row);
    },
  };
}

export type PushUpdatesService = ReturnType<typeof createPushUpdatesService>;
