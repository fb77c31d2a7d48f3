import { type CSSProperties, useEffect, useRef, useState } from 'react';
import classes from './pdf-pages.module.css';

/** What the pages say, in the caller's words. */
interface PdfPagesText {
  loading: string;
  failed: string;
  /** The name of the scrolling region of pages. */
  region: string;
  page: (n: number, total: number) => string;
  download: string;
  /** The zoom controls (shown when given): their labels and the zoom's state, read out when it changes. */
  zoom?: { zoomIn: string; zoomOut: string; level: (percent: number) => string };
}

/** The zoom steps: the page fitted to the width is 100 %; beyond it the region scrolls sideways, not the page. */
const ZOOM_STEPS = [1, 1.5, 2, 3] as const;
/** The widest a page is drawn, in canvas pixels (a long document's canvases stay within a phone's memory). */
const MAX_CANVAS_WIDTH = 2400;

/**
 * A PDF page by page, each page fitted to the width (readable on a phone), drawn by pdf.js (loaded with this chunk
 * only; its worker from our origin, no eval: the CSP forbids it), and a download link beside it. Plain HTML: the
 * applicant's lean pages use it as well as the portal (the signing page's filled document, a generated PDF).
 * With `text.zoom`, Zoom in and Zoom out buttons enlarge the pages inside their scrolling region (issue 21 §5: a phone
 * reads small print); the pages are then drawn at twice the fitted size so the zoomed text stays sharp. Pinch zoom stays
 * the browser's.
 */
export function PdfPages({
  load,
  onShown,
  text: T,
  fileName = 'document.pdf',
}: {
  load: () => Promise<ArrayBuffer>;
  onShown?: () => void;
  text: PdfPagesText;
  fileName?: string;
}) {
  const box = useRef<HTMLElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [pages, setPages] = useState(0);
  const [href, setHref] = useState<string | null>(null);
  const [zoom, setZoom] = useState(0);
  const zoomable = T.zoom !== undefined;
  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    let destroy: (() => Promise<void>) | undefined;
    const canvasOf = async (n: number, isCancelled: () => boolean) => {
      for (let i = 0; i < 300 && !isCancelled(); i++) {
        const found = box.current?.querySelector<HTMLCanvasElement>(`canvas[data-page="${n}"]`);
        if (found) return found;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      return null;
    };
    (async () => {
      try {
        const bytes = await load();
        url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
        if (!cancelled) setHref(url);
        const pdfjs = await import('pdfjs-dist');
        const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false });
        destroy = () => task.destroy();
        const doc = await task.promise;
        if (cancelled || !box.current) return;
        setPages(doc.numPages);
        const width = box.current.clientWidth || 600;
        // sharp at the device's pixels, and when zoomable twice that (at most 3x and 2400 px wide: memory)
        const ratio = Math.min((window.devicePixelRatio || 1) * (zoomable ? 2 : 1), zoomable ? 3 : 2);
        for (let n = 1; n <= doc.numPages; n++) {
          const page = await doc.getPage(n);
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: Math.min(width * ratio, MAX_CANVAS_WIDTH) / base.width });
          // the page's canvas appears once React has rendered the new page count: wait for it (under load the
          // first page can be read before that render is committed)
          const canvas = await canvasOf(n, () => cancelled);
          if (!canvas || cancelled) {
            if (!cancelled) setState('error');
            return;
          }
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          const context = canvas.getContext('2d');
          if (context) await page.render({ canvas, canvasContext: context, viewport }).promise;
        }
        if (!cancelled) {
          setState('ready');
          onShown?.();
        }
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
      void destroy?.();
      if (url) URL.revokeObjectURL(url);
    };
  }, [load, onShown, zoomable]);
  return (
    <div className={classes.section}>
      {state === 'error' ? <p role="alert">{T.failed}</p> : null}
      {/* one row of fixed height holds the loading line, then the zoom: the pages and what follows do not move when the
          document arrives, so a click meant for a button below is not lost to a shifting layout */}
      {state === 'loading' || T.zoom ? (
        <div className={classes.bar}>
          {state === 'loading' ? <p role="status">{T.loading}</p> : null}
          {T.zoom && state === 'ready' ? (
            <div className={classes.zoom}>
              {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus at either end */}
              <button type="button" aria-disabled={zoom === 0} onClick={() => setZoom((z) => Math.max(z - 1, 0))}>
                {T.zoom.zoomOut}
              </button>
              <output aria-live="polite">{T.zoom.level(Math.round((ZOOM_STEPS[zoom] ?? 1) * 100))}</output>
              <button
                type="button"
                aria-disabled={zoom === ZOOM_STEPS.length - 1}
                onClick={() => setZoom((z) => Math.min(z + 1, ZOOM_STEPS.length - 1))}
              >
                {T.zoom.zoomIn}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {/* scrolls inside the page: focusable, so the keyboard scrolls it too */}
      <section
        ref={box}
        className={classes.pages}
        style={{ '--pdf-zoom': ZOOM_STEPS[zoom] ?? 1 } as CSSProperties}
        hidden={state === 'error'}
        aria-label={T.region}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <figure key={n}>
            <canvas data-page={n} aria-label={T.page(n, pages)} role="img" />
            <figcaption>{T.page(n, pages)}</figcaption>
          </figure>
        ))}
      </section>
      {/* its line is kept while the document loads, for the same reason as the bar above */}
      <p className={classes.download}>
        {href ? (
          <a href={href} download={fileName}>
            {T.download}
          </a>
        ) : null}
      </p>
    </div>
  );
}
