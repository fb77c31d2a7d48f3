import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is a file of our own origin (the CSP allows workers from 'self' and blob: only).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

/** Opens a PDF for display. No eval: the CSP forbids it, and pdf.js then interprets fonts and functions instead. */
export function openPdf(url: string): { promise: Promise<PDFDocumentProxy>; destroy: () => Promise<void> } {
  const task = getDocument({ url, isEvalSupported: false, withCredentials: false });
  return { promise: task.promise, destroy: () => task.destroy() };
}
