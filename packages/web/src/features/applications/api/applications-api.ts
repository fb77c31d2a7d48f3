import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENTS_API } from '@under/core/api/applications/documents.contract';
import { EXPORT_API } from '@under/core/api/applications/export.contract';
import { HISTORY_API } from '@under/core/api/applications/history.contract';
import { REVIEW_API } from '@under/core/api/applications/review.contract';
import { SIGNING_API } from '@under/core/api/applications/signing.contract';
import { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import type {
  ApplicationExportQuery,
  ApplicationListQuery,
  ChangeStatusBody,
} from '@under/core/applications/application-list.schema';
import { useState } from 'react';
import { useSession } from '../../../lib/session-context';

const KEYS = {
  all: ['applications'] as const,
  list: (q: ApplicationListQuery) => ['applications', 'list', q] as const,
  one: (id: string) => ['applications', 'one', id] as const,
  documents: (id: string) => ['applications', 'documents', id] as const,
  history: (id: string) => ['applications', 'history', id] as const,
  attachments: (id: string) => ['applications', 'attachments', id] as const,
  notes: (id: string) => ['applications', 'notes', id] as const,
};

export function useApplications(query: ApplicationListQuery) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.list(query),
    queryFn: ({ signal }) => http.call(REVIEW_API.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The caller's saved views of the list (filters and sort under a name). */
export function useSavedViews() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['applications', 'saved-views'] });
  return {
    list: useQuery({
      queryKey: ['applications', 'saved-views'],
      queryFn: ({ signal }) => http.call(REVIEW_API.savedViews, { signal }),
    }),
    save: useMutation({
      mutationFn: (body: { name: string; query: string }) => http.call(REVIEW_API.saveView, { body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (viewId: string) => http.call(REVIEW_API.deleteView, { params: { viewId } }),
      onSuccess: refresh,
    }),
  };
}

/** The Agreements screen: the company's sealed documents across applications. */
export function useAgreements(query: { page: number; pageSize: number; q?: string }) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['applications', 'agreements', query],
    queryFn: ({ signal }) => http.call(DOCUMENTS_API.agreements, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A 5-minute download URL of one generated document. */
export function useDocumentDownload() {
  const { http } = useSession();
  return (applicationId: string, documentId: string) =>
    http.call(DOCUMENTS_API.documentUrl, { params: { applicationId, documentId } });
}

/** The company's forms, for the list's form filter (the first 100 by name). */
export function useFormChoices() {
  const { http } = useSession();
  return useQuery({
    queryKey: ['applications', 'form-choices'],
    queryFn: ({ signal }) =>
      http.call(CUSTOM_FORMS_API.list, { query: { pageSize: 100, sort: 'name', order: 'asc' }, signal }),
    staleTime: 60_000,
  });
}

export function useApplication(applicationId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.one(applicationId),
    queryFn: ({ signal }) => http.call(REVIEW_API.detail, { params: { applicationId }, query: {}, signal }),
  });
}

export function useDocuments(applicationId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.documents(applicationId),
    queryFn: ({ signal }) =>
      http.call(DOCUMENTS_API.documents, { params: { applicationId }, query: { pageSize: 50 }, signal }),
    // while a generation runs, look again
    refetchInterval: (q) => (['queued', 'running'].includes(q.state.data?.generation.state ?? '') ? 3000 : false),
  });
}

export function useHistory(applicationId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.history(applicationId),
    queryFn: ({ signal }) =>
      http.call(HISTORY_API.history, {
        params: { applicationId },
        query: { pageSize: 100, order: 'desc' },
        signal,
      }),
  });
}

export function useAttachments(applicationId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.attachments(applicationId),
    queryFn: ({ signal }) =>
      http.call(REVIEW_API.attachments, { params: { applicationId }, query: { pageSize: 100 }, signal }),
  });
}

export function useNotes(applicationId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  const params = { applicationId };
  // a note changes the notes and the history (its events are chained there), nothing else of the application
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEYS.notes(applicationId) }),
      queryClient.invalidateQueries({ queryKey: KEYS.history(applicationId) }),
    ]);
  return {
    list: useQuery({
      queryKey: KEYS.notes(applicationId),
      queryFn: ({ signal }) => http.call(REVIEW_API.notes, { params, query: { pageSize: 100 }, signal }),
    }),
    add: useMutation({
      mutationFn: (text: string) => http.call(REVIEW_API.addNote, { params, body: { text } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (noteId: string) => http.call(REVIEW_API.deleteNote, { params: { applicationId, noteId } }),
      onSuccess: refresh,
    }),
  };
}

/** Saves a Blob under a file name through a temporary link (the export needs the Bearer token, not a plain URL). */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The list's filter (every page) as a spreadsheet, saved as a file. */
/** How far a running export is: rows received (CSV) or bytes received (Excel), of the rows the server announced. */
export interface ExportProgress {
  format: 'xlsx' | 'csv';
  /** The rows the export holds (the server's x-export-rows), once the answer started. */
  rows: number | null;
  /** CSV rows received so far; null for Excel (a zip is not read row by row). */
  done: number | null;
  bytes: number;
}

/** At most this often the progress re-renders the page. */
const PROGRESS_EVERY_MS = 100;

export function useExportApplications() {
  const { http } = useSession();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (query: ApplicationExportQuery) => {
      const format = query.format ?? 'xlsx';
      let lines = 0;
      let shownAt = 0;
      setProgress({ format, rows: null, done: format === 'csv' ? 0 : null, bytes: 0 });
      try {
        const blob = (await http.call(EXPORT_API.export, {
          query,
          responseType: 'blob',
          timeoutMs: 120_000,
          onProgress: ({ received, chunk, headers }) => {
            if (format === 'csv') for (const byte of chunk) if (byte === 10) lines += 1;
            const now = Date.now();
            if (now - shownAt < PROGRESS_EVERY_MS) return;
            shownAt = now;
            const announced = Number.parseInt(headers.get('x-export-rows') ?? '', 10);
            const rows = Number.isFinite(announced) ? announced : null;
            // the first line of a CSV is its header; a value with a line break may count twice, so never past the total
            const done = format === 'csv' ? Math.min(Math.max(lines - 1, 0), rows ?? Number.MAX_SAFE_INTEGER) : null;
            setProgress({ format, rows, done, bytes: received });
          },
        })) as unknown as Blob;
        const stamp = new Date().toISOString().slice(0, 10);
        saveBlob(blob, `applications-${stamp}.${format}`);
      } finally {
        setProgress(null);
      }
    },
  });
  return { ...mutation, progress };
}

/** The actions on one application; each refreshes what it changes. */
export function useApplicationActions(applicationId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEYS.all });
  const params = { applicationId };
  return {
    remind: useMutation({
      mutationFn: (ownerId?: string) =>
        http.call(SIGNING_API.clientRemind, { params, body: ownerId ? { ownerId } : {} }),
      onSuccess: refresh,
    }),
    removeSignature: useMutation({
      mutationFn: (ownerId: string) => http.call(SIGNING_API.removeSignature, { params, body: { ownerId } }),
      onSuccess: refresh,
    }),
    regenerate: useMutation({
      mutationFn: () => http.call(DOCUMENTS_API.generate, { params }),
      onSuccess: refresh,
    }),
    deleteDocument: useMutation({
      mutationFn: (documentId: string) =>
        http.call(DOCUMENTS_API.deleteDocument, { params: { applicationId, documentId } }),
      onSuccess: refresh,
    }),
    documentUrl: (documentId: string) =>
      http.call(DOCUMENTS_API.documentUrl, { params: { applicationId, documentId } }),
    update: useMutation({
      mutationFn: (body: { data: Record<string, unknown>; revision: number }) =>
        http.call(REVIEW_API.update, { params, query: {}, body }),
      onSuccess: refresh,
    }),
    changeStatus: useMutation({
      mutationFn: (body: ChangeStatusBody) => http.call(REVIEW_API.changeStatus, { params, body }),
      onSuccess: refresh,
    }),
    reveal: (path: string) => http.call(REVIEW_API.reveal, { params, body: { path } }),
    attachmentUrl: (attachmentId: string) =>
      http.call(REVIEW_API.attachmentUrl, { params: { applicationId, attachmentId } }),
    deleteAttachment: useMutation({
      mutationFn: (attachmentId: string) =>
        http.call(REVIEW_API.deleteAttachment, { params: { applicationId, attachmentId } }),
      onSuccess: refresh,
    }),
    editUrl: useMutation({
      mutationFn: (email: string) => http.call(REVIEW_API.editUrl, { params, body: { email } }),
      onSuccess: refresh,
    }),
    inviteEdit: useMutation({
      mutationFn: (email: string) => http.call(REVIEW_API.inviteEdit, { params, body: { email } }),
      onSuccess: refresh,
    }),
    copy: useMutation({
      mutationFn: (email: string) => http.call(REVIEW_API.copy, { params, body: { email } }),
      onSuccess: refresh,
    }),
    repopulate: useMutation({
      mutationFn: () => http.call(REVIEW_API.repopulate, { params }),
      onSuccess: refresh,
    }),
  };
}
