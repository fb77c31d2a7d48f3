import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, OPS, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfLimits } from '../pdf-limits';
import type { PageContent, Run } from './detect-layout';
import { addSubpath, type PathMarks } from './detect-paths';
import { Refusal } from './refusal';

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

type Matrix = [number, number, number, number, number, number];

let workerLoaded: Promise<void> | undefined;
/**
 * pdf.js's worker code, loaded into this process once, by the first detection (its "fake worker" then runs in the
 * same thread; the PDF child is our worker already). Not at the child's start: it adds about 100 MB to a child's
 * memory, which fills and seals never need (pdf-pool.test's memory bounds).
 */
export function preloadPdfJs(): Promise<void> {
  const specifier = 'pdfjs-dist/legacy/build/pdf.worker.mjs'; // untyped module: what it exports is not read here
  workerLoaded ??= import(specifier).then((worker: unknown) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  });
  return workerLoaded;
}

/** Drawing operators read per page at most: a page drawn with more is read up to here (a hostile page is bounded). */
const MAX_PATH_OPS = 60_000;
/** Text runs read per page at most. */
const MAX_RUNS = 20_000;

const DRAW = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;
const FILLS = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
const STROKES = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);

/**
 * A page's text runs and drawn geometry in displayed coordinates (top-left origin, y down, after /Rotate), read with
 * pdf.js: the text content's items, and the operator list's paths (lines, rectangles, small closed curves) with the
 * transformation matrix followed through save/restore, transforms and form XObjects.
 */
async function readPage(doc: Awaited<ReturnType<typeof getDocument>['promise']>, n: number): Promise<PageContent> {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: 1 });
  const vt = viewport.transform as Matrix;
  const runs: Run[] = [];
  const content = await page.getTextContent();
  for (const item of content.items) {
    if (runs.length >= MAX_RUNS) break;
    if (!('str' in item) || !item.str.trim()) continue;
    const t = Util.transform(vt, item.transform) as Matrix;
    // horizontal text only (on the displayed page): labels of forms read left to right
    if (Math.abs(t[1]) > Math.abs(t[0]) * 0.1 || t[0] <= 0) continue;
    const size = Math.hypot(t[2], t[3]);
    if (!(size > 0)) continue;
    const width = item.width * Math.hypot(vt[0], vt[1]);
    runs.push({ text: item.str, x: t[4], baseline: t[5], width, size });
  }

  const marks: PathMarks = { rules: [], shapes: [], shaded: [] };
  const ops = await page.getOperatorList();
  let ctm: Matrix = [...vt];
  const stack: Matrix[] = [];
  let fill = '#000000';
  let dashed = false;
  const fillStack: string[] = [];
  const dashStack: boolean[] = [];
  let count = 0;
  const pt = (x: number, y: number): [number, number] => [
    ctm[0] * x + ctm[2] * y + ctm[4],
    ctm[1] * x + ctm[3] * y + ctm[5],
  ];
  for (let i = 0; i < ops.fnArray.length && count < MAX_PATH_OPS; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === OPS.save) {
      stack.push(ctm);
      fillStack.push(fill);
      dashStack.push(dashed);
    } else if (fn === OPS.restore) {
      ctm = stack.pop() ?? ctm;
      fill = fillStack.pop() ?? fill;
      dashed = dashStack.pop() ?? dashed;
    } else if (fn === OPS.transform) ctm = Util.transform(ctm, args as Matrix) as Matrix;
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      fillStack.push(fill);
      dashStack.push(dashed);
      const m = args[0] as Matrix | null;
      if (Array.isArray(m) && m.length === 6) ctm = Util.transform(ctm, m) as Matrix;
    } else if (fn === OPS.paintFormXObjectEnd) {
      ctm = stack.pop() ?? ctm;
      fill = fillStack.pop() ?? fill;
      dashed = dashStack.pop() ?? dashed;
    } else if (fn === OPS.setFillRGBColor) fill = String(args[0]);
    // a tiling pattern fill is hatching (a cell crossed out); a shading pattern is a colour gradient
    else if (fn === OPS.setFillColorN) fill = args[0] === 'TilingPattern' ? 'pattern' : fill;
    else if (fn === OPS.setDash) dashed = Array.isArray(args[0]) && (args[0] as unknown[]).length > 0;
    else if (fn === OPS.constructPath) {
      const paint = args[0] as number;
      const data = (args[1] as unknown[] | undefined)?.[0] as ArrayLike<number> | undefined;
      if (!data || paint === OPS.endPath) continue;
      const filled = FILLS.has(paint);
      const stroked = STROKES.has(paint);
      if (!filled && !stroked) continue;
      // one subpath at a time: its points, whether it curves, whether it was closed
      let points: [number, number][] = [];
      let curved = false;
      let closed = false;
      const how = { filled, stroked, fill, dashed };
      const flush = () => {
        if (points.length >= 2) {
          count++;
          addSubpath(points, curved, closed, how, marks);
        }
        points = [];
        curved = false;
        closed = false;
      };
      for (let k = 0; k < data.length; ) {
        const op = data[k++];
        if (op === DRAW.moveTo) {
          flush();
          points.push(pt(data[k++] as number, data[k++] as number));
        } else if (op === DRAW.lineTo) points.push(pt(data[k++] as number, data[k++] as number));
        else if (op === DRAW.curveTo) {
          curved = true;
          k += 4;
          points.push(pt(data[k++] as number, data[k++] as number));
        } else if (op === DRAW.quadraticCurveTo) {
          curved = true;
          k += 2;
          points.push(pt(data[k++] as number, data[k++] as number));
        } else if (op === DRAW.closePath) {
          closed = true;
          if (points[0]) points.push(points[0]);
        } else break;
      }
      flush();
    }
  }
  page.cleanup();
  return { page: n, width: viewport.width, height: viewport.height, runs, ...marks };
}

/** Every page of a PDF read for detection; a file pdf.js cannot open is refused as damaged. */
export async function readPages(bytes: Uint8Array, limits: PdfLimits): Promise<PageContent[]> {
  await preloadPdfJs();
  let doc: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      standardFontDataUrl,
      verbosity: 0,
      stopAtErrors: false,
    }).promise;
  } catch {
    throw new Refusal('damaged', 'pdf.js could not open it');
  }
  try {
    if (doc.numPages > limits.maxPages) throw new Refusal('too-many-pages');
    const pages: PageContent[] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push(await readPage(doc, n));
    return pages;
  } finally {
    await doc.destroy();
  }
}
