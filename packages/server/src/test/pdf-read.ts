import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

interface PlacedText {
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

interface PlacedImage {
  page: number;
  /** Top-left corner and size on the displayed page (top-left origin, after rotation), PDF points. */
  x: number;
  y: number;
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * Every image a PDF paints, with the rectangle it covers on the displayed page: the page's operators read back with
 * pdf.js, the transformation matrix followed through save, restore and concat, the image's unit square mapped by it.
 */
export async function readPdfImages(bytes: Uint8Array): Promise<PlacedImage[]> {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const images: PlacedImage[] = [];
  const paints = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: 1 });
    const list = await page.getOperatorList();
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    list.fnArray.forEach((fn, i) => {
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (fn === OPS.transform) ctm = multiply(ctm, list.argsArray[i] as Matrix);
      else if (paints.has(fn)) {
        const corners = [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ].map(([u, v]) =>
          viewport.convertToViewportPoint(
            ctm[0] * (u as number) + ctm[2] * (v as number) + ctm[4],
            ctm[1] * (u as number) + ctm[3] * (v as number) + ctm[5],
          ),
        );
        const xs = corners.map((c) => c[0] as number);
        const ys = corners.map((c) => c[1] as number);
        const x = Math.min(...xs);
        const y = Math.min(...ys);
        images.push({ page: p, x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y });
      }
    });
  }
  await doc.destroy();
  return images;
}

/** Whether an image lies inside a box (top-left origin), within a point. */
export const insideBox = (image: PlacedImage, box: { x: number; y: number; width: number; height: number }) =>
  image.x >= box.x - 1 &&
  image.y >= box.y - 1 &&
  image.x + image.width <= box.x + box.width + 1 &&
  image.y + image.height <= box.y + box.height + 1;
