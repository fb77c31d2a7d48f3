import type { PdfField, PdfPage } from '@under/core/templates/pdf-field.schema';
import type { SealReading } from '../pdf-seal/seal-reader';
import type { FoundField } from './worker/detect-layout';

/** Why the worker refused or could not finish a PDF. */
export type PdfFailure =
  | 'not-pdf'
  | 'damaged'
  | 'encrypted'
  | 'xfa'
  | 'no-pages'
  | 'too-many-pages'
  | 'too-complex'
  | 'bad-image'
  | 'timeout'
  | 'busy'
  | 'failed';

/** What a child may refuse a file or a value for (the pool adds timeout, busy and failed). */
export type PdfRefusalKind = Exclude<PdfFailure, 'timeout' | 'busy' | 'failed'>;

export interface InspectResult {
  pages: PdfPage[];
  acroFields: PdfField[];
}

export type FillValue = string | number | boolean | string[] | null;

/** The template's settings the filler reads: default font size, date format, font size per page. */
export interface FillSettings {
  defaultFontSize?: number;
  dateFormat?: string;
  pageFontSizes?: Record<number, number>;
}

interface InspectRequest {
  op: 'inspect';
  bytes: Uint8Array;
}

export interface FillRequest {
  op: 'fill';
  bytes: Uint8Array;
  fields: readonly PdfField[];
  values: Record<string, FillValue>;
  useSamples: boolean;
  /** Names the template for the child's cache of prepared templates (the storage key: it never changes). */
  cacheKey?: string;
  /** The child holds the template prepared under cacheKey: `bytes` is empty (a 25 MB file is not sent again). */
  prepared?: boolean;
  settings: FillSettings;
}

/**
 * One line of a text document: text, or text with an image (a signature as a png or jpeg data URL) drawn under it,
 * fitted into at most 220 x 60 points.
 */
export type TextLine = string | { text: string; image: string };

/** A document of text we lay out ourselves (additional questions, audit certificate). */
export interface TextDocumentRequest {
  op: 'text';
  title: string;
  subtitle?: string;
  sections: { heading: string; lines: TextLine[] }[];
  /** ISO time written as the document's creation date. */
  createdAt: string;
}

/** The pdf-lib part of a seal (decision 047): the signature field with room for the signature, the byte range set. */
export interface SealPrepareRequest {
  op: 'seal';
  bytes: Uint8Array;
  info: { reason: string; applicationId: string; documentId: string; at: string };
}

export interface PreparedSealResult {
  bytes: Uint8Array;
  hexStart: number;
  hexEnd: number;
}

/** The verify API's read of a seal (decision 055): linear scan, hashes and the CMS, over a file anyone sent. */
export interface SealReadRequest {
  op: 'seal-read';
  bytes: Uint8Array;
}

/** Field detection on a flat PDF (issue 25). */
export interface DetectRequest {
  op: 'detect';
  bytes: Uint8Array;
}

/** The boxes found on each page, before binding (the server binds them to its dictionary). */
export interface DetectResult {
  pages: number;
  fields: FoundField[];
}

export type PdfRequest =
  | InspectRequest
  | FillRequest
  | TextDocumentRequest
  | SealPrepareRequest
  | SealReadRequest
  | DetectRequest;

/** What a task answers. */
export type PdfResult = InspectResult | Uint8Array | PreparedSealResult | SealReading | DetectResult;

/** Parent to child: one task at a time. */
export type ToChild = PdfRequest & { type: 'task'; id: number };

/**
 * A task's outcome, child to parent. `retiring`: the child exits after this reply (a heavy task), so the parent
 * must give it no further task.
 */
export type TaskDone = (
  | { type: 'done'; id: number; ok: true; result: PdfResult }
  | {
      type: 'done';
      id: number;
      ok: false;
      kind: PdfRefusalKind | 'failed' | 'not-prepared';
      message: string;
      key?: string;
    }
) & { retiring?: boolean };

/** Child to parent: ready once loaded, then one outcome per task. */
export type FromChild = { type: 'ready' } | TaskDone;
