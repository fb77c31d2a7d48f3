import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { type PDFDocument as Doc, degrees, PDFDocument, type PDFFont, PDFName, type PDFPage, rgb } from 'pdf-lib';
import type { PdfLimits } from '../pdf-limits';
import type { FillRequest, FillValue } from '../pdf-protocol';
import { checkStreams } from './bomb-check';
import { decryptIfEncrypted } from './decrypt';
import { displayText } from './display';
import { type Box, type PageGeometry, pageGeometry, toUser } from './geometry';
import { checkPng, isJpeg, isPng, samplePng } from './images';
import { normalisePages } from './pages';
import { Refusal } from './refusal';
import { checkStructure } from './structure';
import { drawFitted, drawInStyle, embedFace, embedTextFont } from './text';
import { type FontFace, styleAt, type WidgetStyle, widgetStyles } from './widget-style';

const LOAD = { updateMetadata: false, parseSpeed: Number.POSITIVE_INFINITY } as const;
const SAVE = { useObjectStreams: false, updateFieldAppearances: false, objectsPerTick: Number.POSITIVE_INFINITY };

/** The pool believed this child held the template prepared, and it does not: the pool sends the bytes again. */
export class NotPrepared extends Error {
  override name = 'NotPrepared';
}

/** A template ready to fill: without its form, and the styles of the text fields it had. */
interface Prepared {
  bytes: Uint8Array;
  styles: WidgetStyle[];
}

/** Prepared templates by cache key, oldest first (the pool mirrors this order to know what each child holds). */
const prepared = new Map<string, Prepared>();

/**
 * The template without its interactive form: the AcroForm and every widget annotation removed (the mapping draws
 * the values), saved without object streams, which parse faster. The file passed inspection when it was uploaded;
 * it is checked for bombs and structure again before pdf-lib parses it here, since this is where it is parsed in
 * full. Kept per template for the child's life, at most `preparedTemplates` of them.
 */
async function preparedTemplate(request: FillRequest, limits: PdfLimits): Promise<Prepared> {
  const { bytes, cacheKey } = request;
  const hit = cacheKey ? prepared.get(cacheKey) : undefined;
  if (hit) return hit;
  if (request.prepared) throw new NotPrepared();
  const plain = decryptIfEncrypted(bytes, limits);
  await checkStreams(plain, limits);
  const doc = await PDFDocument.load(plain, LOAD);
  checkStructure(doc, limits);
  normalisePages(doc);
  const styles = widgetStyles(doc, doc.getPages().map(pageGeometry));
  const widget = PDFName.of('Widget');
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    const keep = annots.asArray().filter((ref) => {
      const annot = doc.context.lookup(ref);
      return !(
        annot &&
        'get' in annot &&
        typeof annot.get === 'function' &&
        annot.get(PDFName.of('Subtype')) === widget
      );
    });
    if (keep.length) page.node.set(PDFName.of('Annots'), doc.context.obj(keep));
    else page.node.delete(PDFName.of('Annots'));
  }
  doc.catalog.delete(PDFName.of('AcroForm'));
  const out = { bytes: await doc.save(SAVE), styles };
  if (cacheKey) {
    prepared.set(cacheKey, out);
    if (prepared.size > limits.preparedTemplates) prepared.delete(prepared.keys().next().value as string);
  }
  return out;
}

/** Sample values of a review, for keys without a value. */
function sampleValue(field: PdfField, group: PdfField[] | undefined): FillValue | undefined {
  switch (field.type) {
    case 'number':
      return '12345';
    case 'currency':
      return '1234.56';
    case 'date':
      return '2026-01-31';
    case 'checkbox':
      return true;
    case 'radio':
      return group?.[0]?.optionValue ?? field.options?.[0]?.value ?? '';
    case 'checkboxList':
      return (group ?? []).filter((_, i) => i % 2 === 0).map((f) => f.optionValue ?? '');
    case 'image':
    case 'signature':
      return null;
    default:
      return field.label || field.name || field.key;
  }
}

const imageBytes = (value: FillValue | undefined): Uint8Array | undefined => {
  if (typeof value !== 'string') return undefined;
  const m = /^data:image\/(png|jpe?g);base64,(.*)$/is.exec(value);
  return m ? Buffer.from(m[2] ?? '', 'base64') : undefined;
};

/** An image fitted inside the box keeping its aspect ratio, centred; upright on a rotated page. */
async function drawImage(doc: Doc, page: PDFPage, g: PageGeometry, box: Box, bytes: Uint8Array) {
  if (!isPng(bytes) && !isJpeg(bytes)) return;
  const image = isPng(bytes) ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const at = toUser(g, box.x + (box.width - w) / 2, box.y + (box.height - h) / 2 + h);
  page.drawImage(image, { x: at.x, y: at.y, width: w, height: h, rotate: degrees(g.rotation) });
}

const isTicked = (value: FillValue | undefined) =>
  value === true || value === 'true' || value === 'on' || value === 'yes';

/**
 * Fills a mapping into the template and returns the flat PDF. The file passed inspection, but pdf-lib may still
 * throw on a structure of it (its own TypeErrors, a stack exhausted): that is the file's fault, refused as damaged,
 * never a server error.
 */
export async function fill(request: FillRequest, limits: PdfLimits): Promise<Uint8Array> {
  try {
    return await fillTemplate(request, limits);
  } catch (err) {
    if (err instanceof Refusal || err instanceof NotPrepared) throw err;
    throw new Refusal('damaged', err instanceof Error ? err.message : String(err));
  }
}

async function fillTemplate(request: FillRequest, limits: PdfLimits): Promise<Uint8Array> {
  const { fields, values, useSamples, settings } = request;
  // the field's own size, else its page's (global settings), else the template's default (general settings)
  const sizeOf = (f: PdfField) => f.fontSize ?? settings.pageFontSizes?.[f.page] ?? settings.defaultFontSize ?? 10;
  const template = await preparedTemplate(request, limits);
  const doc = await PDFDocument.load(template.bytes, LOAD);
  const font = await embedTextFont(doc);
  const faces = new Map<FontFace, PDFFont>([['sans', font]]);
  const faceFor = async (face: FontFace) => {
    let f = faces.get(face);
    if (!f) {
      f = await embedFace(doc, face);
      faces.set(face, f);
    }
    return f;
  };
  const pages = doc.getPages();
  const geometries = pages.map(pageGeometry);
  const groups = new Map<string, PdfField[]>();
  for (const f of fields) {
    if (f.type !== 'radio' && f.type !== 'checkboxList') continue;
    const list = groups.get(f.key) ?? [];
    list.push(f);
    groups.set(f.key, list);
  }
  const sourceOf = (f: PdfField) =>
    f.type === 'replica' ? fields.find((x) => x.key === f.replicaOf && x.type !== 'replica') : f;
  const fieldValue = (f: PdfField): FillValue | undefined => {
    const key = f.type === 'replica' ? f.replicaOf : f.key;
    if (key !== undefined && Object.hasOwn(values, key)) return values[key];
    if (f.defaultValue !== undefined) return f.defaultValue;
    if (!useSamples) return undefined;
    const source = sourceOf(f);
    return source ? sampleValue(source, groups.get(source.key)) : undefined;
  };
  const ordered = [...fields].sort((a, b) => (a.renderOrder ?? 0) - (b.renderOrder ?? 0));
  for (const f of ordered) {
    const page = pages[f.page - 1];
    const g = geometries[f.page - 1];
    if (!page || !g) continue;
    const box = { x: f.x, y: f.y, width: f.width, height: f.height };
    const value = fieldValue(f);
    const source = f.type === 'replica' ? (fields.find((x) => x.key === f.replicaOf) ?? f) : f;
    const replica = f.type === 'replica';
    switch (source.type) {
      case 'checkbox':
        if (isTicked(value)) drawFitted(page, g, font, box, '✓', 100, 'center');
        break;
      case 'radio':
        if (replica) drawFitted(page, g, font, box, displayText(source.type, value, settings.dateFormat), sizeOf(f));
        else if (value !== undefined && value !== null && String(value) === String(f.optionValue ?? '')) {
          const c = toUser(g, box.x + box.width / 2, box.y + box.height / 2);
          page.drawCircle({ x: c.x, y: c.y, size: Math.min(box.width, box.height) * 0.3, color: rgb(0, 0, 0) });
        }
        break;
      case 'checkboxList': {
        const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
        if (replica) drawFitted(page, g, font, box, list.join(', '), sizeOf(f));
        else if (list.includes(String(f.optionValue ?? ''))) drawFitted(page, g, font, box, '✓', 100, 'center');
        break;
      }
      case 'image':
      case 'signature': {
        const given = imageBytes(value);
        if (given && isPng(given)) checkPng(given, limits, source.key);
        const bytes = given ?? (useSamples && value == null ? samplePng(source.type) : undefined);
        if (bytes) await drawImage(doc, page, g, box, bytes);
        break;
      }
      default: {
        const text = displayText(source.type, value, settings.dateFormat);
        // a box on one of the PDF's own text fields is filled in that field's style (comb, multiline, /DA)
        const style = styleAt(template.styles, f.page, box);
        if (style?.comb || style?.multiline || (style && style.font !== 'sans')) {
          const size = f.fontSize ?? style.fontSize ?? sizeOf(f);
          drawInStyle(page, g, await faceFor(style.font), box, text, style, size);
        } else if (style) {
          // one line in the text font: the fast fitting, in the field's size, alignment and colour
          drawFitted(page, g, font, box, text, f.fontSize ?? style.fontSize ?? sizeOf(f), style.align, style.color);
        } else drawFitted(page, g, font, box, text, sizeOf(f));
      }
    }
  }
  return doc.save(SAVE);
}
