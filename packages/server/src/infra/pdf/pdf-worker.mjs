// PDF work off the main thread: inspecting uploads and filling mappings. Plain JavaScript so that a worker
// thread can load it under any runner (tsx, vitest, node) without a TypeScript loader. The pool that starts it
// (pdf-pool.ts) bounds its memory (resourceLimits) and time (terminate on timeout).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { deflateSync, inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import {
  degrees,
  PDFCheckBox,
  PDFDocument,
  PDFDropdown,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
  rgb,
} from 'pdf-lib';

const MAX_PAGES = 50;
/** A stream may inflate to at most this, and all streams together to at most TOTAL_INFLATE. */
const STREAM_INFLATE = 64 * 1024 * 1024;
const TOTAL_INFLATE = 256 * 1024 * 1024;

const require = createRequire(import.meta.url);
let fontBytes;
const font = () => {
  fontBytes ??= readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return fontBytes;
};

class Refusal extends Error {
  constructor(kind) {
    super(kind);
    this.kind = kind;
  }
}

const latin1 = (bytes, start, end) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');

/** Page box and rotation; width and height as displayed. */
function pageGeometry(page) {
  const box = page.getCropBox();
  const angle = (((page.getRotation().angle % 360) + 360) % 360) | 0;
  const rotation = angle - (angle % 90);
  const swap = rotation === 90 || rotation === 270;
  return {
    ox: box.x,
    oy: box.y,
    w: box.width,
    h: box.height,
    rotation,
    width: swap ? box.height : box.width,
    height: swap ? box.width : box.height,
  };
}

/** A point measured from the displayed page's top-left corner (y down) to PDF user space. */
function toUser(g, dx, dy) {
  switch (g.rotation) {
    case 90:
      return { x: g.ox + dy, y: g.oy + dx };
    case 180:
      return { x: g.ox + g.w - dx, y: g.oy + dy };
    case 270:
      return { x: g.ox + g.w - dy, y: g.oy + g.h - dx };
    default:
      return { x: g.ox + dx, y: g.oy + g.h - dy };
  }
}

/** A rectangle in user space to displayed coordinates (top-left origin). */
function rectToDisplay(g, r) {
  const corners = [
    [r.x, r.y],
    [r.x + r.width, r.y],
    [r.x, r.y + r.height],
    [r.x + r.width, r.y + r.height],
  ].map(([ux, uy]) => {
    const x = ux - g.ox;
    const y = uy - g.oy;
    switch (g.rotation) {
      case 90:
        return [y, x];
      case 180:
        return [g.w - x, y];
      case 270:
        return [g.h - y, g.w - x];
      default:
        return [x, g.h - y];
    }
  });
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.max(0, Math.min(...xs));
  const y = Math.max(0, Math.min(...ys));
  return {
    x: round(x),
    y: round(y),
    width: round(Math.min(g.width, Math.max(...xs)) - x),
    height: round(Math.min(g.height, Math.max(...ys)) - y),
  };
}

const round = (n) => Math.round(n * 100) / 100;

/**
 * Inflates every zlib stream of the raw file with a ceiling, before any parser sees it, so that a decompression bomb
 * is refused instead of expanded: in a page's content or in an object stream, which pdf-lib would inflate while
 * parsing. Streams are found by their keywords; damaged ones are left for the parser to judge.
 */
function checkStreams(data) {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let total = 0;
  let pos = 0;
  for (;;) {
    const at = buf.indexOf('stream', pos, 'latin1');
    if (at < 0) return;
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') {
      pos = at + 6;
      continue;
    }
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf('endstream', start, 'latin1');
    if (end < 0) return;
    pos = end + 9;
    const b0 = buf[start];
    const b1 = buf[start + 1];
    // a zlib header: deflate method, and the check bits of the first two bytes
    if (b0 === undefined || b1 === undefined || (b0 & 0x0f) !== 8 || (b0 * 256 + b1) % 31 !== 0) continue;
    let out;
    try {
      out = inflateSync(buf.subarray(start, end), { maxOutputLength: STREAM_INFLATE });
    } catch (err) {
      if (err && (err.code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)) throw new Refusal('too-complex');
      continue;
    }
    total += out.length;
    if (total > TOTAL_INFLATE) throw new Refusal('too-complex');
  }
}

const keyOf = (name, used) => {
  let k =
    String(name)
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'field';
  if (/^[0-9]/.test(k)) k = `_${k}`;
  let candidate = k;
  for (let i = 2; used.has(candidate); i++) candidate = `${k}_${i}`;
  used.add(candidate);
  return candidate;
};

/** The AcroForm fields of a PDF as a starting mapping: names, types and rectangles in displayed coordinates. */
function acroFields(doc, geometries) {
  let fields;
  try {
    fields = doc.getForm().getFields();
  } catch {
    return [];
  }
  const pageRefs = doc.getPages().map((p) => p.ref);
  const out = [];
  const used = new Set();
  let n = 0;
  for (const field of fields.slice(0, 2000)) {
    let type;
    if (field instanceof PDFTextField || field instanceof PDFDropdown || field instanceof PDFOptionList) type = 'text';
    else if (field instanceof PDFCheckBox) type = 'checkbox';
    else if (field instanceof PDFRadioGroup) type = 'radio';
    else if (field instanceof PDFSignature) type = 'signature';
    else continue;
    const name = field.getName();
    const key = keyOf(name, used);
    const widgets = field.acroField.getWidgets();
    widgets.forEach((widget, wi) => {
      const pRef = widget.P();
      let pageIndex = pRef ? pageRefs.findIndex((r) => r === pRef || String(r) === String(pRef)) : -1;
      if (pageIndex < 0) {
        pageIndex = doc.getPages().findIndex((p) => {
          const annots = p.node.Annots();
          return annots
            ? annots.asArray().some((a) => String(a) === String(doc.context.getObjectRef(widget.dict)))
            : false;
        });
      }
      if (pageIndex < 0) return;
      const g = geometries[pageIndex];
      const rect = rectToDisplay(g, widget.getRectangle());
      if (rect.width <= 0 || rect.height <= 0) return;
      n += 1;
      const entry = {
        id: `acro_${n}`,
        key,
        name,
        label: name,
        type,
        page: pageIndex + 1,
        ...rect,
        renderOrder: n,
        required: field.isRequired(),
        euPermission: 'editTableByAllOwner',
        euEncrypted: false,
      };
      if (type === 'radio') {
        // the export values (the /Opt array when there is one), in widget order
        const options = field.getOptions();
        entry.optionValue = options[wi] ?? String(wi);
        entry.options = options.map((o) => ({ label: o, value: o }));
      }
      out.push(entry);
    });
  }
  return out;
}

async function inspect({ bytes }) {
  const data = new Uint8Array(bytes);
  const head = latin1(data, 0, Math.min(1024, data.length));
  if (!head.includes('%PDF-')) throw new Refusal('not-pdf');
  const tail = latin1(data, Math.max(0, data.length - 2048), data.length);
  if (!tail.includes('%%EOF')) throw new Refusal('damaged');
  checkStreams(data);
  let doc;
  try {
    doc = await PDFDocument.load(data, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
      parseSpeed: Number.POSITIVE_INFINITY,
    });
  } catch {
    throw new Refusal('damaged');
  }
  if (doc.isEncrypted) throw new Refusal('encrypted');
  const count = doc.getPageCount();
  if (count === 0) throw new Refusal('no-pages');
  if (count > MAX_PAGES) throw new Refusal('too-many-pages');
  let geometries;
  try {
    geometries = doc.getPages().map(pageGeometry);
  } catch {
    throw new Refusal('damaged');
  }
  const pages = geometries.map((g, i) => ({
    page: i + 1,
    width: round(g.width),
    height: round(g.height),
    rotation: g.rotation,
  }));
  return { pages, acroFields: acroFields(doc, geometries) };
}

// ---------- filling ----------

/** A small PNG (RGBA) drawn by `pixel(x, y)`, for sample images and signatures. */
function makePng(width, height, pixel) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * (width * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, body) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    const tb = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(tb));
    return Buffer.concat([len, tb, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let samplePngs;
const samples = () => {
  samplePngs ??= {
    signature: makePng(160, 48, (x, y) => {
      const wave = 24 + Math.round(14 * Math.sin(x / 9));
      return Math.abs(y - wave) <= 1 ? [20, 40, 140, 255] : [0, 0, 0, 0];
    }),
    image: makePng(64, 64, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? [69, 130, 236, 255] : [230, 236, 250, 255])),
  };
  return samplePngs;
};

function sampleValue(field, group) {
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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO date (yyyy-MM-dd...) in the template's date format: tokens yyyy, MMM, MM, M, dd, d; the rest as written. */
export function formatDate(value, format = 'MM/dd/yyyy') {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  if (!m) return String(value);
  const [, y, mo, d] = m;
  const parts = {
    yyyy: y,
    MMM: MONTHS[Number(mo) - 1] ?? mo,
    MM: mo,
    M: String(Number(mo)),
    dd: d,
    d: String(Number(d)),
  };
  return format.replace(/yyyy|MMM|MM|M|dd|d/g, (token) => parts[token]);
}

function displayText(field, value, dateFormat) {
  if (value === undefined || value === null || value === '') return '';
  if (field.type === 'date') return formatDate(value, dateFormat);
  if (field.type === 'currency') {
    const n = Number(String(value).replace(/[$,\s]/g, ''));
    return Number.isFinite(n)
      ? `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
      : String(value);
  }
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Draws `text` fitted inside the box: the size shrinks to the box's height and width, then characters are cut. */
function drawFitted(page, g, fnt, box, rawText, preferred, align = 'left') {
  const text = rawText.replace(/\s+/g, ' ').trim();
  if (!text) return;
  const pad = Math.min(2, box.width / 10);
  const unitH = fnt.heightAtSize(1);
  let size = Math.min(preferred, (box.height - 1) / unitH);
  const unitW = fnt.widthOfTextAtSize(text, 1);
  if (unitW * size > box.width - 2 * pad) size = (box.width - 2 * pad) / unitW;
  let shown = text;
  const minSize = Math.min(4, (box.height - 1) / unitH);
  if (size < minSize) {
    size = minSize;
    while (shown.length > 1 && fnt.widthOfTextAtSize(`${shown}…`, size) > box.width - 2 * pad)
      shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  if (!(size > 0)) return;
  const full = fnt.heightAtSize(size);
  const ascent = fnt.heightAtSize(size, { descender: false });
  const descent = full - ascent;
  const textW = fnt.widthOfTextAtSize(shown, size);
  const dx = align === 'center' ? box.x + (box.width - textW) / 2 : box.x + pad;
  const dy = box.y + box.height - (box.height - full) / 2 - descent;
  const at = toUser(g, dx, dy);
  page.drawText(shown, { x: at.x, y: at.y, size, font: fnt, color: rgb(0, 0, 0), rotate: degrees(g.rotation) });
}

async function drawImage(doc, page, g, box, bytes) {
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50;
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!isPng && !isJpeg) return;
  const image = isPng ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const dx = box.x + (box.width - w) / 2;
  const dy = box.y + (box.height - h) / 2 + h;
  const at = toUser(g, dx, dy);
  page.drawImage(image, { x: at.x, y: at.y, width: w, height: h, rotate: degrees(g.rotation) });
}

const imageBytes = (value) => {
  if (value instanceof Uint8Array) return value;
  if (typeof value !== 'string') return undefined;
  const m = /^data:image\/(png|jpe?g);base64,(.*)$/is.exec(value);
  return m ? Buffer.from(m[2], 'base64') : undefined;
};

/**
 * The template without its interactive form: the AcroForm and every widget annotation removed (the mapping draws
 * the values), saved without object streams, which parse faster. Kept per template for the worker's life.
 */
const prepared = new Map();
const PREPARED_MAX = 16;
async function preparedTemplate(bytes, cacheKey) {
  const hit = cacheKey ? prepared.get(cacheKey) : undefined;
  if (hit) return hit;
  const doc = await PDFDocument.load(new Uint8Array(bytes), {
    updateMetadata: false,
    parseSpeed: Number.POSITIVE_INFINITY,
  });
  const widget = PDFName.of('Widget');
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    const keep = annots.asArray().filter((ref) => {
      const annot = doc.context.lookup(ref);
      return !(annot && typeof annot.get === 'function' && annot.get(PDFName.of('Subtype')) === widget);
    });
    if (keep.length) page.node.set(PDFName.of('Annots'), doc.context.obj(keep));
    else page.node.delete(PDFName.of('Annots'));
  }
  doc.catalog.delete(PDFName.of('AcroForm'));
  const out = await doc.save({
    useObjectStreams: false,
    updateFieldAppearances: false,
    objectsPerTick: Number.POSITIVE_INFINITY,
  });
  if (cacheKey) {
    prepared.set(cacheKey, out);
    if (prepared.size > PREPARED_MAX) prepared.delete(prepared.keys().next().value);
  }
  return out;
}

/**
 * Glyphs by the font's character map, without shaping: pdf-lib asks fontkit to lay out every string (ligatures,
 * kerning it then ignores), which cost most of the fill time. Forms print plain words; complex scripts that need
 * shaping are not supported.
 */
function fastGlyphs(fnt) {
  const fk = fnt.embedder.font;
  const cache = new Map();
  fk.layout = (text) => {
    let glyphs = cache.get(text);
    if (!glyphs) {
      glyphs = fk.glyphsForString(text);
      if (cache.size < 5000) cache.set(text, glyphs);
    }
    return { glyphs };
  };
}

async function fill({ bytes, fields, values = {}, useSamples = true, cacheKey, settings = {} }) {
  // the field's own size, else its page's (global settings), else the template's default (general settings)
  const sizeOf = (f) => f.fontSize ?? settings.pageFontSizes?.[f.page] ?? settings.defaultFontSize ?? 10;
  const doc = await PDFDocument.load(await preparedTemplate(bytes, cacheKey), {
    updateMetadata: false,
    parseSpeed: Number.POSITIVE_INFINITY,
  });
  doc.registerFontkit(fontkit);
  const fnt = await doc.embedFont(font(), { subset: true });
  fastGlyphs(fnt);
  const pages = doc.getPages();
  const geometries = pages.map(pageGeometry);
  const groups = new Map();
  for (const f of fields) {
    if (f.type === 'radio' || f.type === 'checkboxList') {
      const list = groups.get(f.key) ?? [];
      list.push(f);
      groups.set(f.key, list);
    }
  }
  const fieldValue = (f) => {
    const key = f.type === 'replica' ? f.replicaOf : f.key;
    if (key !== undefined && Object.hasOwn(values, key)) return values[key];
    if (f.defaultValue !== undefined) return f.defaultValue;
    if (!useSamples) return undefined;
    const source = f.type === 'replica' ? fields.find((x) => x.key === f.replicaOf && x.type !== 'replica') : f;
    return source ? sampleValue(source, groups.get(source.key)) : undefined;
  };
  const ordered = [...fields].sort((a, b) => (a.renderOrder ?? 0) - (b.renderOrder ?? 0));
  for (const f of ordered) {
    const page = pages[f.page - 1];
    if (!page) continue;
    const g = geometries[f.page - 1];
    const box = { x: f.x, y: f.y, width: f.width, height: f.height };
    const value = fieldValue(f);
    const source = f.type === 'replica' ? (fields.find((x) => x.key === f.replicaOf) ?? f) : f;
    switch (source.type) {
      case 'checkbox':
        if (value === true || value === 'true' || value === 'on' || value === 'yes')
          drawFitted(page, g, fnt, box, '✓', 100, 'center');
        break;
      case 'radio': {
        if (f.type === 'replica') {
          drawFitted(page, g, fnt, box, displayText(source, value, settings.dateFormat), sizeOf(f));
        } else if (value !== undefined && value !== null && String(value) === String(f.optionValue ?? '')) {
          const c = toUser(g, box.x + box.width / 2, box.y + box.height / 2);
          page.drawCircle({ x: c.x, y: c.y, size: Math.min(box.width, box.height) * 0.3, color: rgb(0, 0, 0) });
        }
        break;
      }
      case 'checkboxList': {
        const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
        if (f.type === 'replica') drawFitted(page, g, fnt, box, list.join(', '), sizeOf(f));
        else if (list.includes(String(f.optionValue ?? ''))) drawFitted(page, g, fnt, box, '✓', 100, 'center');
        break;
      }
      case 'image':
      case 'signature': {
        const bytesOf = imageBytes(value) ?? (useSamples && value == null ? samples()[source.type] : undefined);
        if (bytesOf) await drawImage(doc, page, g, box, bytesOf);
        break;
      }
      default:
        drawFitted(page, g, fnt, box, displayText(source, value, settings.dateFormat), sizeOf(f));
    }
  }
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false, objectsPerTick: Number.POSITIVE_INFINITY });
}

parentPort.on('message', async (msg) => {
  try {
    const result = msg.op === 'inspect' ? await inspect(msg) : await fill(msg);
    if (result instanceof Uint8Array) parentPort.postMessage({ id: msg.id, ok: true, result }, [result.buffer]);
    else parentPort.postMessage({ id: msg.id, ok: true, result });
  } catch (err) {
    const kind = err instanceof Refusal ? err.kind : 'failed';
    parentPort.postMessage({ id: msg.id, ok: false, kind, message: err instanceof Error ? err.message : String(err) });
  }
});
