import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PlacedText {
  page: number;
  text: string;
  /** Baseline start, in displayed page coordinates (top-left origin, after rotation), PDF points. */
  x: number;
  y: number;
  /** Width along the text direction and font height. */
  width: number;
  height: number;
}

/** Every text run of a PDF with its position on the displayed page, read back with pdf.js. */
export async function readPdfText(bytes: Uint8Array): Promise<{ pages: number; texts: PlacedText[] }> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  const texts: PlacedText[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
      texts.push({ page: p, text: item.str, x, y, width: item.width, height: item.height });
    }
  }
  await doc.destroy();
  return { pages: texts.length ? Math.max(...texts.map((t) => t.page)) : 0, texts };
}
