import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPageLeaf,
  PDFStream,
} from 'pdf-lib';

type Rect = [number, number, number, number];

/** pdf.js's page size when a page has no usable MediaBox (US Letter). */
const LETTER: Rect = [0, 0, 612, 792];
const OTHER_BOXES = ['BleedBox', 'TrimBox', 'ArtBox'] as const;
const RESOURCE_DICTS = ['Font', 'XObject', 'ExtGState', 'ColorSpace', 'Pattern', 'Shading', 'Properties'] as const;

/** A box as viewers read it: four finite numbers, corners in any order (`[0 792 612 0]` is allowed), some area. */
function boxOf(doc: PDFDocument, value: PDFObject | undefined): Rect | undefined {
  const array = doc.context.lookup(value);
  if (!(array instanceof PDFArray) || array.size() !== 4) return undefined;
  const n = array.asArray().map((v) => {
    const item = doc.context.lookup(v);
    return item instanceof PDFNumber ? item.asNumber() : Number.NaN;
  });
  if (!n.every(Number.isFinite)) return undefined;
  const [x1, y1, x2, y2] = n as Rect;
  const box: Rect = [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
  return box[2] > box[0] && box[3] > box[1] ? box : undefined;
}

function intersect(a: Rect, b: Rect): Rect | undefined {
  const box: Rect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return box[2] > box[0] && box[3] > box[1] ? box : undefined;
}

/** An inheritable attribute of a page (own, else the nearest page tree node's); the tree was checked loop-free. */
function inherited(doc: PDFDocument, leaf: PDFPageLeaf, name: string): PDFObject | undefined {
  const key = PDFName.of(name);
  let node: PDFObject | undefined = leaf;
  while (node instanceof PDFDict) {
    const value = node.get(key);
    if (value !== undefined) return doc.context.lookup(value);
    node = doc.context.lookup(node.get(PDFName.of('Parent')));
  }
  return undefined;
}

/**
 * Writes each page's own attributes the way viewers (pdf.js, the mapper's) read them, so that pdf-lib, the geometry
 * and the filler see the same page and never meet an object of an unexpected kind:
 * - every box with its corners ordered (min/max), a MediaBox that is not four numbers enclosing an area replaced by
 *   US Letter, the CropBox intersected with it (dropped when they do not meet), other boxes dropped when unusable;
 * - /Rotate a multiple of 90 in 0-270 (else 0), written on the page;
 * - /Resources a dictionary (a stream or anything else is replaced by an empty one), and its font, image and state
 *   dictionaries dictionaries or absent; /Contents streams only; /Annots an array or absent.
 * Before this, a stream where a dictionary is expected made pdf-lib throw while drawing (a review answered 500) and
 * an upside-down MediaBox gave negative page heights.
 */
export function normalisePages(doc: PDFDocument) {
  const { context } = doc;
  for (const page of doc.getPages()) {
    const node = page.node;
    const media = boxOf(doc, inherited(doc, node, 'MediaBox')) ?? LETTER;
    node.set(PDFName.of('MediaBox'), context.obj(media));
    const crop = boxOf(doc, inherited(doc, node, 'CropBox'));
    const view = crop ? intersect(crop, media) : undefined;
    if (view) node.set(PDFName.of('CropBox'), context.obj(view));
    else node.delete(PDFName.of('CropBox'));
    for (const name of OTHER_BOXES) {
      const box = boxOf(doc, node.get(PDFName.of(name)));
      if (box) node.set(PDFName.of(name), context.obj(box));
      else node.delete(PDFName.of(name));
    }

    const rotate = inherited(doc, node, 'Rotate');
    const angle = rotate instanceof PDFNumber ? rotate.asNumber() : 0;
    const rotation = Number.isFinite(angle) && angle % 90 === 0 ? (((angle % 360) + 360) % 360) + 0 : 0;
    node.set(PDFName.of('Rotate'), PDFNumber.of(rotation));

    const resources = inherited(doc, node, 'Resources');
    if (resources instanceof PDFDict) {
      for (const name of RESOURCE_DICTS) {
        const key = PDFName.of(name);
        const value = resources.get(key);
        if (value !== undefined && !(context.lookup(value) instanceof PDFDict)) resources.delete(key);
      }
      if (node.get(PDFName.of('Resources')) === undefined) node.set(PDFName.of('Resources'), resources);
    } else node.set(PDFName.of('Resources'), context.obj({}));

    const contentsRef = node.get(PDFName.of('Contents'));
    const contents = context.lookup(contentsRef);
    if (contents instanceof PDFArray) {
      const streams = contents.asArray().filter((ref) => context.lookup(ref) instanceof PDFStream);
      if (streams.length !== contents.size()) node.set(PDFName.of('Contents'), context.obj(streams));
    } else if (contents !== undefined && !(contents instanceof PDFStream)) node.delete(PDFName.of('Contents'));

    if (!(context.lookup(node.get(PDFName.of('Annots'))) instanceof PDFArray)) node.delete(PDFName.of('Annots'));
  }
}
