import { deflateRawSync, constants as zlib } from 'node:zlib';
import type { PdfFieldInput } from '@under/core/templates/pdf-field.schema';
import { degrees, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

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

function bombData() {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: zlib.Z_FULL_FLUSH });
  const parts = [Buffer.from([0x78, 0x01])];
  for (let i = 0; i < 2048; i++) parts.push(block);
  parts.push(Buffer.from([0x03, 0x00, 0, 0, 0, 1]));
  return Buffer.concat(parts);
}

/**
 * A decompression bomb: a page content stream of about 2 MB that inflates to 2 GiB (one full-flushed deflate block of
 * 1 MiB of zeros, repeated, so making it costs nothing). With `inObjectStream`, the bomb is an object stream instead,
 * which a parser inflates while reading the file.
 */
export async function makeBombPdf(opts: { inObjectStream?: boolean } = {}) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  if (opts.inObjectStream) {
    doc.context.register(doc.context.stream(bombData(), { Type: 'ObjStm', N: 1, First: 4, Filter: 'FlateDecode' }));
  } else {
    const stream = doc.context.stream(bombData(), { Filter: 'FlateDecode' });
    page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
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
