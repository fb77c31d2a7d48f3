import { z } from 'zod';
import { PageSchema, PageSizeSchema, pagedSchema } from '../api/pagination.schema';
import { MESSAGES } from '../messages';

/** Notes between an institution's team members on one application (issue 14): never seen by applicants. */
export const NOTE_MAX = 2000;

export const NoteBodySchema = z.strictObject({
  text: z.string().trim().min(1, MESSAGES.noteEmpty).max(NOTE_MAX, MESSAGES.noteTooLong),
});
export type NoteBody = z.input<typeof NoteBodySchema>;

export const NoteParamsSchema = z.strictObject({ applicationId: z.uuid(), noteId: z.uuid() });

export const NoteListQuerySchema = z.strictObject({ page: PageSchema, pageSize: PageSizeSchema });

export const NoteSchema = z.object({
  noteId: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** The caller may delete it (the author, or a client ADMINISTRATOR). */
  canDelete: z.boolean(),
});
export type Note = z.output<typeof NoteSchema>;

/** Newest first. */
export const NoteListSchema = pagedSchema(NoteSchema);
