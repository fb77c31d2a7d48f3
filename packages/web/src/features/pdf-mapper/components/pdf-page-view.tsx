import { Badge, Loader, Text } from '@mantine/core';
import type { PdfPage } from '@under/core/templates/pdf-field.schema';
import { MAPPER_TEXT } from '@under/core/ui-text/admin-mapper';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { toPoints } from '../lib/geometry';
import type { PDFDocumentProxy } from '../lib/pdf-document';
import classes from './mapper.module.css';

interface PdfPageViewProps {
  doc: PDFDocumentProxy | null;
  page: PdfPage;
  pageCount: number;
  zoom: number;
  isPlacing: boolean;
  /** A click on the page itself (not on a box), in points of the displayed page. */
  onPageClick: (point: { x: number; y: number }) => void;
  headerActions?: ReactNode;
  children: ReactNode;
}

/**
 * One page: a frame of the displayed page's size at the zoom, the page drawn by pdf.js when it scrolls into view
 * (pdf.js applies the page's /Rotate, so the frame and the server's coordinates agree), and the boxes over it.
 */
export function PdfPageView({
  doc,
  page,
  pageCount,
  zoom,
  isPlacing,
  onPageClick,
  headerActions,
  children,
}: PdfPageViewProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [isVisible, setIsVisible] = useState(typeof IntersectionObserver === 'undefined');
  const [renderedZoom, setRenderedZoom] = useState<number | null>(null);
  const [isFailed, setIsFailed] = useState(false);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setIsVisible(entries.some((e) => e.isIntersecting)), {
      rootMargin: '400px 0px',
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!doc || !isVisible || renderedZoom === zoom) return;
    let isCurrent = true;
    let cancel: (() => void) | null = null;
    (async () => {
      const pdfPage = await doc.getPage(page.page);
      if (!isCurrent) return;
      const viewport = pdfPage.getViewport({ scale: zoom });
      const ratio = window.devicePixelRatio || 1;
      // a fresh canvas each time: pdf.js refuses a canvas that another render still uses
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.setAttribute('aria-hidden', 'true');
      const task = pdfPage.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      cancel = () => task.cancel();
      await task.promise;
      if (!isCurrent || !hostRef.current) return;
      hostRef.current.replaceChildren(canvas);
      setRenderedZoom(zoom);
      setIsFailed(false);
    })().catch((error: unknown) => {
      if (isCurrent && !(error instanceof Error && error.name === 'RenderingCancelledException')) setIsFailed(true);
    });
    return () => {
      isCurrent = false;
      cancel?.();
    };
  }, [doc, isVisible, zoom, renderedZoom, page.page]);

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const bounds = event.currentTarget.getBoundingClientRect();
    onPageClick({ x: toPoints(event.clientX - bounds.left, zoom), y: toPoints(event.clientY - bounds.top, zoom) });
  };

  const isRendering = doc !== null && renderedZoom !== zoom && !isFailed;
  return (
    <section aria-label={MAPPER_TEXT.pageRegion(page.page)}>
      <div className={classes.pageHeader} style={{ width: page.width * zoom }}>
        <Text size="sm" fw={600}>
          {MAPPER_TEXT.pageLabel(page.page, pageCount)}
          {page.rotation % 360 !== 0 ? (
            <Badge component="span" ml="xs" size="sm" variant="light" color="gray">
              {MAPPER_TEXT.pageRotated(((page.rotation % 360) + 360) % 360)}
            </Badge>
          ) : null}
        </Text>
        {headerActions}
      </div>
      <div
        ref={frameRef}
        className={classes.frame}
        style={{ width: page.width * zoom, height: page.height * zoom }}
        data-page={page.page}
      >
        <div ref={hostRef} className={classes.canvasHost} />
        {isRendering ? (
          <div className={classes.pageStatus}>
            <Loader size="xs" role="status" aria-label={MAPPER_TEXT.pageLoading(page.page)} />
          </div>
        ) : null}
        {isFailed ? (
          <Text className={classes.pageStatus} c="red.8" size="sm">
            {MAPPER_TEXT.pdfError}
          </Text>
        ) : null}
        {/* Clicks place a field; the keyboard does the same with the page's "Place on page" button. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer shortcut; the keyboard way is the "Place on page" button */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
        <div
          className={`${classes.overlay} ${isPlacing ? classes.placing : ''}`}
          onClick={handleClick}
          data-testid={`page-overlay-${page.page}`}
        >
          {children}
        </div>
      </div>
    </section>
  );
}
