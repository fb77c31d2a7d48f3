import { useEffect, useRef, useState } from 'react';
import { sameOriginFileUrl } from '../../../lib/file-url';
import type { PDFDocumentProxy } from '../lib/pdf-document';

export type PdfDocumentState =
  | { status: 'loading'; doc: null }
  | { status: 'ready'; doc: PDFDocumentProxy }
  | { status: 'error'; doc: null };

/**
 * Loads a PDF with pdf.js (its module only when a mapper opens) and destroys it on leaving. `fileKey` names the file:
 * a refetched template brings a new signed URL for the same file, which must not reload the document.
 */
export function usePdfDocument(url: string | undefined, fileKey: string | undefined): PdfDocumentState {
  const [state, setState] = useState<PdfDocumentState>({ status: 'loading', doc: null });
  const urlRef = useRef(url);
  urlRef.current = url;
  useEffect(() => {
    const url = fileKey ? urlRef.current : undefined;
    if (!url) return;
    let isCurrent = true;
    let destroy: (() => Promise<void>) | null = null;
    setState({ status: 'loading', doc: null });
    import('../lib/pdf-document')
      .then(({ openPdf }) => {
        if (!isCurrent) return;
        // the signed URL is built from PUBLIC_URL; the CSP allows our own origin only
        const opened = openPdf(sameOriginFileUrl(url));
        destroy = opened.destroy;
        return opened.promise.then((doc) => {
          if (isCurrent) setState({ status: 'ready', doc });
        });
      })
      .catch(() => {
        if (isCurrent) setState({ status: 'error', doc: null });
      });
    return () => {
      isCurrent = false;
      void destroy?.();
    };
  }, [fileKey]);
  return state;
}
