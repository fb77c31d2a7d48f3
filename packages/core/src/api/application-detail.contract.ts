import { ApplicationParamsSchema } from '../applications/application.schema';
import {
  ApplicationDetailSchema,
  DetailQuerySchema,
  UpdateApplicationBodySchema,
  UpdateApplicationResponseSchema,
} from '../applications/application-detail.schema';
import {
  AgreementListQuerySchema,
  AgreementListSchema,
  AttachmentListQuerySchema,
  AttachmentListSchema,
  AttachmentParamsSchema,
  ConfirmPageParamsSchema,
  DocumentListQuerySchema,
  DocumentListSchema,
  DocumentParamsSchema,
  DownloadUrlSchema,
  GenerateDocumentsResponseSchema,
} from '../applications/documents.schema';
import { HistoryQuerySchema, HistorySchema } from '../applications/history.schema';
import {
  NoteBodySchema,
  NoteListQuerySchema,
  NoteListSchema,
  NoteParamsSchema,
  NoteSchema,
} from '../applications/notes.schema';
import {
  RemoveSignatureBodySchema,
  RemoveSignatureResponseSchema,
  SignReminderBodySchema,
  SignReminderResponseSchema,
} from '../applications/signing.schema';
import { endpoint } from './contract';
import { FileTokenQuerySchema } from './files.contract';

const tag = 'applications';

/**
 * The institution's calls on one application (spec 2 §7 "Applications (client)"; issues 13 and 14): its detail and
 * edit, signatures, generated PDFs, attachments and chained history. Scoped to the caller's company (another
 * company's application answers 404); a STANDARD member only sees applications of forms granted to them.
 */
export const APPLICATION_DETAIL_API = {
  detail: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId',
    params: ApplicationParamsSchema,
    query: DetailQuerySchema,
    response: ApplicationDetailSchema,
    tag,
    summary: 'One application: data (encrypted values masked), owners, sign status and every owner’s signature',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/applications/:applicationId',
    params: ApplicationParamsSchema,
    query: DetailQuerySchema,
    body: UpdateApplicationBodySchema,
    response: UpdateApplicationResponseSchema,
    tag,
    summary: 'Edit the submission (revision-checked); a change to signed data invalidates the signatures',
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/history',
    params: ApplicationParamsSchema,
    query: HistoryQuerySchema,
    response: HistorySchema,
    tag,
    summary: 'Every event of the application, chained; the chain is reported intact or broken at event N',
  }),
  remind: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/sign-reminders',
    params: ApplicationParamsSchema,
    body: SignReminderBodySchema,
    status: 202,
    response: SignReminderResponseSchema,
    tag,
    summary: 'Remind one owner (or every owner who has not signed) to sign',
  }),
  removeSignature: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/remove-signature',
    params: ApplicationParamsSchema,
    body: RemoveSignatureBodySchema,
    response: RemoveSignatureResponseSchema,
    tag,
    summary: 'Remove an e-signature confirmation (one owner’s or all): signing reopens; audited',
  }),
  documents: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/documents',
    params: ApplicationParamsSchema,
    query: DocumentListQuerySchema,
    response: DocumentListSchema,
    tag,
    summary: 'The generated PDFs (paged) and the state of their generation',
  }),
  generate: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/documents/generate',
    params: ApplicationParamsSchema,
    status: 202,
    response: GenerateDocumentsResponseSchema,
    tag,
    summary: 'Generate the PDFs again (a new generation; the previous one is kept until it is done)',
  }),
  deleteDocument: endpoint({
    method: 'DELETE',
    path: '/api/applications/:applicationId/documents/:documentId',
    params: DocumentParamsSchema,
    status: 204,
    tag,
    summary: 'Delete one generated PDF (audited)',
  }),
  documentUrl: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/documents/:documentId/download-url',
    params: DocumentParamsSchema,
    response: DownloadUrlSchema,
    tag,
    summary: 'A short-lived signed URL to download one generated PDF (audited)',
  }),
  attachments: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/attachments',
    params: ApplicationParamsSchema,
    query: AttachmentListQuerySchema,
    response: AttachmentListSchema,
    tag,
    summary: 'The files applicants uploaded (paged, sorted)',
  }),
  attachmentUrl: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/attachments/:attachmentId/download-url',
    params: AttachmentParamsSchema,
    response: DownloadUrlSchema,
    tag,
    summary: 'A short-lived signed URL to download one attachment (audited)',
  }),
  deleteAttachment: endpoint({
    method: 'DELETE',
    path: '/api/applications/:applicationId/attachments/:attachmentId',
    params: AttachmentParamsSchema,
    status: 204,
    tag,
    summary: 'Delete one attachment: the file and its value in the data (audited)',
  }),
  // binary answer: the PDF of a short-lived signed URL (documentUrl, or an applicant's documents list)
  documentFile: endpoint({
    method: 'GET',
    path: '/api/document-files',
    query: FileTokenQuerySchema,
    tag,
    summary: 'The bytes of a generated PDF through its signed URL, while the document stands',
  }),
  // binary answer: application/pdf
  confirmPage: endpoint({
    method: 'POST',
    path: '/api/applications/confirm-page/:customFormId',
    params: ConfirmPageParamsSchema,
    tag,
    summary: "The form's confirm page as a PDF: the template's pages with the signers' boxes marked",
  }),
  // the Agreements screen (issue 14): the company's sealed documents across applications
  agreements: endpoint({
    method: 'GET',
    path: '/api/agreements',
    query: AgreementListQuerySchema,
    response: AgreementListSchema,
    tag,
    summary: "The sealed documents of the company's signed applications, newest first, searchable",
  }),
  // notes between team members (issue 14)
  notes: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/notes',
    params: ApplicationParamsSchema,
    query: NoteListQuerySchema,
    response: NoteListSchema,
    tag,
    summary: "The team's notes on the application, newest first (never shown to applicants)",
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/notes',
    params: ApplicationParamsSchema,
    body: NoteBodySchema,
    status: 201,
    response: NoteSchema,
    tag,
    summary: 'Adds a note for the team (audited: who and when, not the text)',
  }),
  deleteNote: endpoint({
    method: 'DELETE',
    path: '/api/applications/:applicationId/notes/:noteId',
    params: NoteParamsSchema,
    status: 204,
    tag,
    summary: 'Deletes a note: its author or a client ADMINISTRATOR',
  }),
} as const;
