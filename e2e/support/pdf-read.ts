import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PdfText {
  page: number;
  text: string;
  /** Baseline start on the displayed page (top-left origin, after /Rotate), in PDF points. */
  x: number;
  y: number;
  /** Baseline end on the displayed page. */
  endX: number;
  endY: number;
  /** Font height. */
  height: number;
}

/** The page count and every text run of a PDF with where it sits on the displayed page (pdf.js, no eval). */
export async function readPdf(bytes: Uint8Array): Promise<{ pageCount: number; texts: PdfText[] }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const texts: PdfText[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: 1 });
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [a, b, , , e, f] = item.transform as number[];
      const scale = Math.hypot(a, b) || 1;
      // the run goes along (a, b) in user space, whatever the page's /Rotate; both ends land on the displayed page
      const [x, y] = viewport.convertToViewportPoint(e, f);
      const [endX, endY] = viewport.convertToViewportPoint(e + (a / scale) * item.width, f + (b / scale) * item.width);
      texts.push({ page: p, text: item.str, x, y, endX, endY, height: item.height });
    }
  }
  const pageCount = doc.numPages;
  await doc.destroy();
  return { pageCount, texts };
}
