import { deflateRawSync, deflateSync, constants as zlib } from 'node:zlib';
import type { PdfFieldInput } from '@under/core/templates/pdf-field.schema';
import { degrees, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { pngFile } from '../infra/pdf/worker/images';

/** A PDF of `pages` pages (US Letter), page numbers written on them; `rotate` maps page numbers to /Rotate. */
export async function makePdf(opts: { pages?: number; rotate?: Record<number, number>; landscape?: number[] } = {}) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= (opts.pages ?? 3); i++) {
    const size: [number, number] = opts.landscape?.includes(i) ? [792, 612] : [612, 792];
    const page = doc.addPage(size);
    page.drawText(`Application page ${i}`, { x: 50, y: size[1] - 50, size: 14, font });
    const rotation = opts.rotate?.[i];
    if (rotation) page.setRotation(degrees(rotation));
  }
  return Buffer.from(await doc.save());
}

/** Two pages with AcroForm fields: a text field, a checkbox and a radio group on page 1, a text field on page 2. */
export async function makeAcroFormPdf() {
  const doc = await PDFDocument.create();
  const p1 = doc.addPage([612, 792]);
  const p2 = doc.addPage([612, 792]);
  const form = doc.getForm();
  form.createTextField('Business Name').addToPage(p1, { x: 100, y: 700, width: 200, height: 20 });
  form.createCheckBox('agree').addToPage(p1, { x: 100, y: 650, width: 15, height: 15 });
  const radio = form.createRadioGroup('entity type');
  radio.addOptionToPage('llc', p1, { x: 100, y: 600, width: 15, height: 15 });
  radio.addOptionToPage('corp', p1, { x: 150, y: 600, width: 15, height: 15 });
  form.createTextField('owner.name').addToPage(p2, { x: 72, y: 72, width: 300, height: 24 });
  return Buffer.from(await doc.save());
}

/** A PDF whose trailer names an /Encrypt dictionary, as a password-protected file does. */
export async function makeEncryptedPdf() {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: PDFString.of('0123456789abcdef0123456789abcdef'),
    U: PDFString.of('0123456789abcdef0123456789abcdef'),
    P: -4,
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const MIB = 1024 * 1024;

/**
 * A zlib stream of `bytes` zeros (default: `mib` MiB), made without inflating anything: one full-flushed deflate
 * block of 1 MiB of zeros, repeated, then the rest, an empty final block and the right checksum. About 1 KB per MiB.
 */
export function zeroZlib(mib: number, bytes = mib * MIB) {
  const block = deflateRawSync(Buffer.alloc(MIB), { finishFlush: zlib.Z_FULL_FLUSH });
  const parts = [Buffer.from([0x78, 0x01])];
  for (let i = 0; i < Math.floor(bytes / MIB); i++) parts.push(block);
  if (bytes % MIB) parts.push(deflateRawSync(Buffer.alloc(bytes % MIB), { finishFlush: zlib.Z_FULL_FLUSH }));
  // adler32 of n zeros: a = 1, b = n mod 65521
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((bytes % 65521) * 65536 + 1) >>> 0);
  parts.push(Buffer.from([0x03, 0x00]), adler);
  return Buffer.concat(parts);
}

/**
 * `mib` MiB of zeros under `layers` FlateDecode filters: each layer compresses the one below it again, so two layers
 * of 256 MiB fit in about 1.6 KB and pass a check that inflates only the outer one.
 */
export function layeredZeros(mib: number, layers: number) {
  let data = zeroZlib(mib);
  for (let i = 1; i < layers; i++) data = deflateSync(data, { level: 9 });
  return data;
}

/**
 * A decompression bomb: a page content stream of about 2 MB that inflates to 2 GiB. With `inObjectStream`, the bomb
 * is an object stream instead, which a parser inflates while reading the file. With `layers`, the zeros sit under
 * that many FlateDecode filters (`/Filter [/FlateDecode /FlateDecode ...]`) and inflate to `mib` MiB (default 256).
 */
export async function makeBombPdf(opts: { inObjectStream?: boolean; layers?: number; mib?: number } = {}) {
  const layers = opts.layers ?? 1;
  const data = layeredZeros(opts.mib ?? (layers === 1 ? 2048 : 256), layers);
  const Filter = layers === 1 ? 'FlateDecode' : Array.from({ length: layers }, () => 'FlateDecode');
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  if (opts.inObjectStream) {
    doc.context.register(doc.context.stream(data, { Type: 'ObjStm', N: 1, First: 4, Filter }));
  } else {
    const stream = doc.context.stream(data, { Filter });
    page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * A PDF written byte by byte from numbered object bodies and a trailer dictionary, with a correct cross-reference
 * table: for structures pdf-lib would never write (no catalog, loops in the page tree, ...).
 */
export function rawPdf(objects: Record<number, string | Uint8Array>, trailer: string) {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const numbers = Object.keys(objects)
    .map(Number)
    .sort((a, b) => a - b);
  const offsets = new Map<number, number>();
  for (const n of numbers) {
    const body = objects[n] ?? '';
    const chunk = Buffer.concat([
      Buffer.from(`${n} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : Buffer.from(body),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.set(n, offset);
    parts.push(chunk);
    offset += chunk.length;
  }
  const size = (numbers.at(-1) ?? 0) + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) {
    const at = offsets.get(n);
    xref += at === undefined ? '0000000000 65535 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`;
  }
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${size} ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object's body: its dictionary (without Length) and its bytes. */
export const rawStream = (dict: string, data: Uint8Array) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    Buffer.from(data),
    Buffer.from('\nendstream', 'latin1'),
  ]);

const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>';

/**
 * PDFs whose structure is broken in one way each: the catalog, the page tree, the page count. Each must be refused
 * as damaged, never answered with a server error.
 */
export const MALFORMED_PDFS: Record<string, () => Buffer> = {
  // no /Root and no catalog to recover (pdf-lib, like viewers, finds a catalog object when /Root is missing)
  'no catalog': () => rawPdf({ 1: '<< /Pages 2 0 R >>', 2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 3: PAGE }, ''),
  '/Root not a dictionary': () =>
    rawPdf({ 1: '[/Catalog 2 0 R]', 2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 3: PAGE }, '/Root 1 0 R'),
  '/Root a missing object': () => rawPdf({ 2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 3: PAGE }, '/Root 9 0 R'),
  '/Root without /Type /Catalog': () =>
    rawPdf({ 1: '<< /Pages 2 0 R >>', 2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 3: PAGE }, '/Root 1 0 R'),
  'no /Pages': () => rawPdf({ 1: '<< /Type /Catalog >>', 3: PAGE }, '/Root 1 0 R'),
  '/Pages not a dictionary': () =>
    rawPdf({ 1: '<< /Type /Catalog /Pages 2 0 R >>', 2: '(pages)', 3: PAGE }, '/Root 1 0 R'),
  '/Kids not an array': () =>
    rawPdf(
      { 1: '<< /Type /Catalog /Pages 2 0 R >>', 2: '<< /Type /Pages /Kids 3 0 R /Count 1 >>', 3: PAGE },
      '/Root 1 0 R',
    ),
  'a page tree loop': () =>
    rawPdf(
      {
        1: '<< /Type /Catalog /Pages 2 0 R >>',
        2: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
        3: PAGE,
        4: '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
      },
      '/Root 1 0 R',
    ),
  'a page listed twice': () =>
    rawPdf(
      { 1: '<< /Type /Catalog /Pages 2 0 R >>', 2: '<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>', 3: PAGE },
      '/Root 1 0 R',
    ),
  'a /Parent loop': () =>
    rawPdf(
      {
        1: '<< /Type /Catalog /Pages 2 0 R >>',
        2: '<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 4 0 R >>',
        3: '<< /Type /Page /Parent 2 0 R >>',
        4: '<< /Type /Pages /Kids [] /Count 0 /Parent 2 0 R >>',
      },
      '/Root 1 0 R',
    ),
  'a negative /Count': () =>
    rawPdf(
      { 1: '<< /Type /Catalog /Pages 2 0 R >>', 2: '<< /Type /Pages /Kids [3 0 R] /Count -1 >>', 3: PAGE },
      '/Root 1 0 R',
    ),
  'a /Count that hides pages': () =>
    rawPdf(
      {
        1: '<< /Type /Catalog /Pages 2 0 R >>',
        2: `<< /Type /Pages /Kids [${Array.from({ length: 60 }, () => '3 0 R').join(' ')}] /Count 1 >>`,
        3: PAGE,
      },
      '/Root 1 0 R',
    ),
  'a kid that is not a page': () =>
    rawPdf(
      { 1: '<< /Type /Catalog /Pages 2 0 R >>', 2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 3: '<< /Foo 1 >>' },
      '/Root 1 0 R',
    ),
};
// (a page without a MediaBox is not among them: viewers show it as US Letter, and so do we, decision 031)

/** One good page, built by hand: the control for the malformed ones above. */
export const wellFormedRawPdf = () =>
  rawPdf(
    { 1: '<< /Type /Catalog /Pages 2 0 R >>', 2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 3: PAGE },
    '/Root 1 0 R',
  );

/** A PDF with `count` small objects besides its one page: cheap to write, heavy for a parser's heap. */
export function makeManyObjectsPdf(count: number) {
  const objects: Record<number, string> = {
    1: '<< /Type /Catalog /Pages 2 0 R >>',
    2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    3: PAGE,
  };
  for (let n = 4; n < count + 4; n++) objects[n] = '<< /A [1 2 3 4 5 6 7 8] /B (text) >>';
  return rawPdf(objects, '/Root 1 0 R');
}

/**
 * An RGBA PNG of `width` x `height` black-transparent pixels, its data inflating to `dataBytes` (by default exactly
 * what the size needs): 9000 x 9000 is 324 MB of pixels in about 330 KB.
 */
export function makeZeroPng(width: number, height: number, dataBytes = (width * 4 + 1) * height) {
  return pngFile(width, height, zeroZlib(0, dataBytes));
}

/** A PDF cut short: the end of the file (cross-reference table, trailer, %%EOF) is missing. */
export async function makeTruncatedPdf() {
  const whole = await makePdf({ pages: 3 });
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A real PNG header on garbage, to be uploaded under a .pdf name. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 9),
]);

/** A mapping of every type on two pages, page 2 rotated by 90 degrees. */
export const ALL_TYPES: PdfFieldInput[] = [
  {
    id: 'f1',
    key: 'dba_name',
    type: 'text',
    page: 1,
    x: 72,
    y: 100,
    width: 200,
    height: 18,
    bindingField: { key: 'CompanyName', type: 'textfield' },
  },
  { id: 'f2', key: 'employees', type: 'number', page: 1, x: 72, y: 130, width: 200, height: 18 },
  { id: 'f3', key: 'volume', type: 'currency', page: 1, x: 72, y: 160, width: 200, height: 18 },
  { id: 'f4', key: 'opened', type: 'date', page: 1, x: 72, y: 190, width: 200, height: 18 },
  { id: 'f5', key: 'agree', type: 'checkbox', page: 1, x: 72, y: 220, width: 25, height: 25 },
  { id: 'f6', key: 'entity', type: 'radio', page: 1, x: 72, y: 260, width: 25, height: 25, optionValue: 'llc' },
  { id: 'f7', key: 'entity', type: 'radio', page: 1, x: 110, y: 260, width: 25, height: 25, optionValue: 'corp' },
  { id: 'f8', key: 'cards', type: 'checkboxList', page: 1, x: 72, y: 300, width: 25, height: 25, optionValue: 'visa' },
  { id: 'f9', key: 'cards', type: 'checkboxList', page: 1, x: 110, y: 300, width: 25, height: 25, optionValue: 'amex' },
  { id: 'f10', key: 'logo', type: 'image', page: 1, x: 72, y: 340, width: 200, height: 60 },
  { id: 'f11', key: 'signature', type: 'signature', page: 2, x: 72, y: 300, width: 200, height: 40 },
  {
    id: 'f12',
    key: 'dba_again',
    type: 'replica',
    page: 2,
    x: 72,
    y: 100,
    width: 150,
    height: 18,
    replicaOf: 'dba_name',
  },
  { id: 'f13', key: 'long_text', type: 'text', page: 2, x: 300, y: 100, width: 120, height: 14 },
];
