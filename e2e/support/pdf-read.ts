import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

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

interface PdfImage {
  page: number;
  /** Top-left corner and size on the displayed page (top-left origin, after /Rotate), in PDF points. */
  x: number;
  y: number;
  width: number;
  height: number;
  /**
   * The image's own pixels: width, height, a digest of its decoded data (tells two images apart) and how wide its
   * ink is (columns from the first to the last one with a dark pixel), and the share of its pixels that cover what
   * is under them (1 for an image without transparency).
   */
  pixels: { width: number; height: number; digest: string; inkWidth: number; opaqueShare: number };
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
 * Every image a PDF paints, with the rectangle it covers on the displayed page (the operators read back with pdf.js,
 * the transformation matrix followed through save, restore and concat) and a digest of its pixels.
 */
export async function readPdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const images: PdfImage[] = [];
  const paints = new Set<number>([OPS.paintImageXObject, OPS.paintImageMaskXObject]);
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: 1 });
    const list = await page.getOperatorList();
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    for (let i = 0; i < list.fnArray.length; i++) {
      const fn = list.fnArray[i] as number;
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
        const id = (list.argsArray[i] as unknown[])[0];
        const data = typeof id === 'string' ? await decodedImage(page.objs, id) : null;
        const digest = createHash('sha256')
          .update(data?.data ?? new Uint8Array())
          .digest('hex')
          .slice(0, 16);
        images.push({
          page: p,
          x,
          y,
          width: Math.max(...xs) - x,
          height: Math.max(...ys) - y,
          pixels: {
            width: data?.width ?? 0,
            height: data?.height ?? 0,
            digest,
            inkWidth: inkWidth(data),
            opaqueShare: opaqueShare(data),
          },
        });
      }
    }
  }
  await doc.destroy();
  return images;
}

interface DecodedImage {
  width: number;
  height: number;
  /** pdf.js ImageKind: 1 grayscale 1 bpp, 2 RGB 24 bpp, 3 RGBA 32 bpp. */
  kind: number;
  data: Uint8Array;
}

/** pdf.js hands an image's pixels over once they are decoded: waits for them (a second at most). */
function decodedImage(
  objs: { get: (id: string, callback: (value: unknown) => void) => unknown },
  id: string,
): Promise<DecodedImage | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 1000);
    objs.get(id, (value) => {
      clearTimeout(timer);
      resolve((value as DecodedImage | null) ?? null);
    });
  });
}

/** The columns from the first to the last with a dark, opaque pixel (RGB and RGBA images; 0 otherwise). */
function inkWidth(image: DecodedImage | null): number {
  if (!image || (image.kind !== 2 && image.kind !== 3)) return 0;
  const channels = image.kind === 2 ? 3 : 4;
  let left = image.width;
  let right = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const at = (y * image.width + x) * channels;
      const d = image.data;
      const opaque = channels === 3 || (d[at + 3] as number) > 64;
      if (opaque && Math.min(d[at] as number, d[at + 1] as number, d[at + 2] as number) < 160) {
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  return right < 0 ? 0 : right - left + 1;
}

/** The share of an image's pixels that are opaque: 1 without an alpha channel (pdf.js gives RGBA when it has one). */
function opaqueShare(image: DecodedImage | null): number {
  if (!image) return 0;
  if (image.kind !== 3) return 1;
  let opaque = 0;
  for (let at = 3; at < image.data.length; at += 4) if ((image.data[at] as number) > 64) opaque++;
  return opaque / (image.width * image.height || 1);
}

/** Whether an image lies inside a box (top-left origin, PDF points), within a point. */
export const insideBox = (image: PdfImage, box: { x: number; y: number; width: number; height: number }) =>
  image.x >= box.x - 1 &&
  image.y >= box.y - 1 &&
  image.x + image.width <= box.x + box.width + 1 &&
  image.y + image.height <= box.y + box.height + 1;
