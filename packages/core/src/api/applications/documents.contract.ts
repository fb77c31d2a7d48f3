import { ApplicationParamsSchema, CodeQuerySchema } from '../../applications/application.schema';
import {
  AgreementListQuerySchema,
  AgreementListSchema,
  ApplicantDocumentListSchema,
  ConfirmPageParamsSchema,
  DocumentListQuerySchema,
  DocumentListSchema,
  DocumentParamsSchema,
  DownloadUrlSchema,
  GenerateDocumentsResponseSchema,
} from '../../applications/documents.schema';
import { endpoint } from '../contract';
import { FileTokenQuerySchema } from '../files.contract';

/** An application's documents: the institution's generated and executed PDFs, agreements and confirmation pages; the applicant's preview and final sealed PDFs. */
export const DOCUMENTS_API = {
  documents: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/documents',
    params: ApplicationParamsSchema,
    query: DocumentListQuerySchema,
    response: DocumentListSchema,
    tag: 'applications',
    summary: 'The generated PDFs (paged) and the state of their generation',
  }),
  generate: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/documents/generate',
    params: ApplicationParamsSchema,
    status: 202,
    response: GenerateDocumentsResponseSchema,
    tag: 'applications',
    summary: 'Generate the PDFs again (a new generation; the previous one is kept until it is done)',
  }),
  deleteDocument: endpoint({
    method: 'DELETE',
    path: '/api/applications/:applicationId/documents/:documentId',
    params: DocumentParamsSchema,
    status: 204,
    tag: 'applications',
    summary: 'Delete one generated PDF (audited)',
  }),
  documentUrl: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/documents/:documentId/download-url',
    params: DocumentParamsSchema,
    response: DownloadUrlSchema,
    tag: 'applications',
    summary: 'A short-lived signed URL to download one generated PDF (audited)',
  }),
  // binary answer: the PDF of a short-lived signed URL (documentUrl, or an applicant's documents list)
  documentFile: endpoint({
    method: 'GET',
    path: '/api/document-files',
    query: FileTokenQuerySchema,
    tag: 'applications',
    summary: 'The bytes of a generated PDF through its signed URL, while the document stands',
  }),
  // binary answer: application/pdf
  confirmPage: endpoint({
    method: 'POST',
    path: '/api/applications/confirm-page/:customFormId',
    params: ConfirmPageParamsSchema,
    tag: 'applications',
    summary: "The form's confirm page as a PDF: the template's pages with the signers' boxes marked",
  }),
  // the Agreements screen (issue 14): the company's sealed documents across applications
  agreements: endpoint({
    method: 'GET',
    path: '/api/agreements',
    query: AgreementListQuerySchema,
    response: AgreementListSchema,
    tag: 'applications',
    summary: "The sealed documents of the company's signed applications, newest first, searchable",
  }),
  // binary answer: application/pdf
  preview: endpoint({
    method: 'GET',
    path: '/api/public/applications/:applicationId/preview',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    tag: 'signing',
    summary: 'The filled PDF the owner is about to sign (application/pdf, not sealed, marked as a preview)',
  }),
  applicantDocuments: endpoint({
    method: 'GET',
    path: '/api/public/applications/:applicationId/documents',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    response: ApplicantDocumentListSchema,
    tag: 'signing',
    summary: 'The final sealed PDFs (once every owner signed), each with a short-lived download URL',
  }),
} as const;
