import { ERROR_CODES } from '@under/core/api/error.schema';
import type { Note } from '@under/core/applications/notes.schema';
import type { AuthContext } from '../../../auth-context';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import { isClientAdmin } from '../../accounts/tenant';
import { type FormGrants, loadVisibleApplication } from '../access/visible-application';
import { createNotesRepository, type NoteRow } from './notes.repository';

/**
 * Notes between an institution's team members on one application (issue 14; decision 051). Whoever may read the
 * application reads and writes its notes; a note is deleted by its author or a client ADMINISTRATOR. Each change is
 * in the application's chained history (who and when, never the text).
 */
export function createNotesService(deps: { db: Db; forms: FormGrants }) {
  const { db } = deps;
  const visible = async (tx: DbOrTx, auth: AuthContext, applicationId: string) =>
    (await loadVisibleApplication(tx, auth, applicationId, { grants: deps.forms })).application;
  const canDelete = (auth: AuthContext, row: NoteRow) => row.authorUserId === auth.userId || isClientAdmin(auth);
  const view = (auth: AuthContext, row: NoteRow): Note => ({
    noteId: row.id,
    authorName: row.authorName,
    authorEmail: row.authorEmail,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
    canDelete: canDelete(auth, row),
  });

  return {
    async list(opts: { auth: AuthContext; applicationId: string; page: number; pageSize: number }) {
      const application = await visible(db, opts.auth, opts.applicationId);
      const { rows, total } = await createNotesRepository(db).page(application.id, {
        limit: opts.pageSize,
        offset: (opts.page - 1) * opts.pageSize,
      });
      return {
        items: rows.map((r) => view(opts.auth, r)),
        total,
        page: opts.page,
        pageSize: opts.pageSize,
      };
    },

    async add(opts: { auth: AuthContext; applicationId: string; text: string }): Promise<Note> {
      return db.transaction(async (tx) => {
        const application = await visible(tx, opts.auth, opts.applicationId);
        const { firstName, lastName } = opts.auth.profile;
        const row = await createNotesRepository(tx).insert({
          applicationId: application.id,
          authorUserId: opts.auth.userId,
          authorName: [firstName, lastName].filter(Boolean).join(' ') || opts.auth.email,
          authorEmail: opts.auth.email,
          body: opts.text,
        });
        await writeAudit(tx, {
          action: 'application.note-add',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { noteId: row.id, length: row.body.length },
        });
        return view(opts.auth, row);
      });
    },

    async remove(opts: { auth: AuthContext; applicationId: string; noteId: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const application = await visible(tx, opts.auth, opts.applicationId);
        const notes = createNotesRepository(tx);
        const row = await notes.find(application.id, opts.noteId);
        if (!row) throw new AppError(ERROR_CODES.noteNotFound);
        if (!canDelete(opts.auth, row)) throw new AppError(ERROR_CODES.noteNotYours);
        await notes.delete(row.id);
        await writeAudit(tx, {
          action: 'application.note-delete',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { noteId: row.id },
        });
      });
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
