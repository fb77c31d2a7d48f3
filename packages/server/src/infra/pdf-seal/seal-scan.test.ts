import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkSignedData } from './cms';
import { createPadesSealer } from './pades';
import { readSeal } from './seal-reader';
import { hasEndMarker, MAX_ENTRY_CHARS, parsePdfDate, scanSeal, stringEntry } from './seal-scan';

const corpus = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../pdf/fixtures/corpus/pdflib/${name}`, import.meta.url)));
const info = {
  reason: 'Issued by Under for Lakeside Bank',
  applicationId: '0b5c1f7e-2d61-4c1e-9a57-3f0f4f1b8e21',
  documentId: '7d3f0c4a-9b1e-4e6f-8a2d-5c4b3a291f10',
  at: new Date('2026-11-23T12:34:56Z'),
};
const sealer = createPadesSealer({ dataDir: mkdtempSync(path.join(tmpdir(), 'under-seal-scan-')) });

/** The regular expressions the check used before (decision 047): the oracle on files that are not hostile. */
function oldReading(pdf: Uint8Array) {
  const text = Buffer.from(pdf).toString('latin1');
  const last = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  return {
    byteRange: last ? last.slice(1, 5).map(Number) : null,
    applicationId: /\/Under_ApplicationId\s*\(([^)]*)\)/.exec(text)?.[1] ?? null,
    documentId: /\/Under_DocumentId\s*\(([^)]*)\)/.exec(text)?.[1] ?? null,
  };
}

async function samplePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 3; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 72, y: 700, font });
  return doc.save();
}

/** A page annotation modified in 2001 (`/M (D:2001…)`), written before the seal's own `/M`. */
async function annotatedPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const note = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [72, 600, 92, 620],
      Contents: PDFString.of('A note'),
      M: PDFString.of('D:20010101000000Z'),
    }),
  );
  page.node.set(PDFName.of('Annots'), doc.context.obj([note]));
  return doc.save();
}

/** `%PDF-` and a byte range (so that the old check read on to its other expressions), then `unit` repeated. */
const hostile = (unit: string, bytes: number, opts: { end?: boolean } = {}) =>
  Buffer.from(
    `%PDF-1.7\n/ByteRange [0 1 2 3]\n${unit.repeat(Math.ceil(bytes / unit.length))}${opts.end ? '\n%%EOF\n' : ''}`,
    'latin1',
  );

/** Every prefix of every pattern the old check ran, and runs of what its `\s*`, `\d+` and `[^)]*` took. */
const HOSTILE_UNITS = [
  '/M(D:',
  '/M (D:2026',
  '/M (',
  '/M',
  '/M ',
  '/Under_ApplicationId(',
  '/Under_ApplicationId (x',
  '/Under_DocumentId(',
  '/Under_DocumentId',
  '/ByteRange',
  '/ByteRange[',
  '/ByteRange [0 ',
  '/ByteRange [0 1 2 ',
  '/ByteRange [0 1 2 3',
  '(',
  '<<',
  ' ',
  '0',
  '0 ',
];

const timed = <T>(work: () => T): { value: T; ms: number } => {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
};

describe('the seal scanner on hostile bytes (issue 21 §6)', () => {
  // 400 KB of `/M(D:` took the old check about a minute (`/Under_…Id(` about 15 s), 100 KB 4.5 s; the linear scan
  // takes milliseconds, so a bound of a second is generous on a busy machine and still fails the old code by 15x
  it.each(HOSTILE_UNITS)('400 KB of %j: read in well under a second, no seal found', (unit) => {
    const body = hostile(unit, 400_000);
    const { value, ms } = timed(() => readSeal(body));
    expect(ms).toBeLessThan(1_000);
    expect(value.problem).toMatch(/^The seal is damaged\.$|^The PDF carries no seal\.$/);
    expect(value.fingerprint).toBeNull();
    expect(value.documentId === null || value.documentId.length <= MAX_ENTRY_CHARS).toBe(true);
  });

  it('the same through the sealer’s check (what the verify API runs), with the right answer', async () => {
    for (const unit of ['/M(D:', '/Under_ApplicationId(', '/Under_DocumentId(']) {
      const start = performance.now();
      const check = await sealer.check(hostile(unit, 400_000));
      expect(performance.now() - start, unit).toBeLessThan(1_000);
      expect(check).toMatchObject({ ours: false, intact: false, reason: 'The seal is damaged.', sealedAt: null });
    }
  });

  // quadratic, the old expressions would take days over 25 MB; the scan and the hash take a fraction of a second
  it('25 MB (the verify API’s limit) of `/M(D:` in about the time it takes to hash them', () => {
    const { value, ms } = timed(() => readSeal(hostile('/M(D:', 25_000_000)));
    expect(ms).toBeLessThan(5_000);
    expect(value.problem).toBe('The seal is damaged.');
  });

  it('an open string stops the search: later keys are not tried against the rest of the file', () => {
    const buf = Buffer.from(`/M(D:${'/M(D:'.repeat(10)}`, 'latin1');
    expect(stringEntry(buf, Buffer.from('/M'), 0, buf.length, Buffer.from('D:'))).toBeNull();
    const closed = Buffer.from('/Mx (D:1) /M (nope) /M (D:20261123) /M (D:2)', 'latin1');
    expect(stringEntry(closed, Buffer.from('/M'), 0, closed.length, Buffer.from('D:'))).toBe('D:20261123');
    const long = Buffer.from(`/M (D:${'9'.repeat(MAX_ENTRY_CHARS)})`, 'latin1');
    expect(stringEntry(long, Buffer.from('/M'), 0, long.length, Buffer.from('D:'))).toBeNull();
  });

  it('the last well-formed byte range counts; numbers too long for a number make a damaged seal', () => {
    const text = '/ByteRange [0 10 20 30] /ByteRange [0 11 21 31] /ByteRange [0 1 2] /ByteRange[ 0 12 ';
    expect(scanSeal(Buffer.from(text, 'latin1')).byteRange).toEqual([0, 11, 21, 31]);
    const huge = scanSeal(Buffer.from(`/ByteRange [0 ${'9'.repeat(400)} 1 2]`, 'latin1'));
    expect(huge.byteRange?.[1]).toBe(Number.POSITIVE_INFINITY);
    expect(huge.contents).toBeNull();
  });

  it('a date that is not a real time is no date (it made the old check throw a RangeError)', () => {
    expect(parsePdfDate('D:20261123123456Z')).toEqual(new Date('2026-11-23T12:34:56Z'));
    expect(parsePdfDate('D:20261399999999Z')).toBeNull();
    expect(parsePdfDate('D:2026')).toBeNull();
    expect(parsePdfDate('D:2026112312345xZ')).toBeNull();
    expect(parsePdfDate(null)).toBeNull();
  });

  it('a file ends as a PDF when %%EOF is within its last 1024 bytes', () => {
    expect(hasEndMarker(hostile('/M(D:', 400_000))).toBe(false);
    expect(hasEndMarker(hostile('/M(D:', 400_000, { end: true }))).toBe(true);
    expect(hasEndMarker(Buffer.concat([Buffer.from('%PDF-1.7\n%%EOF'), Buffer.alloc(1019, 0x20)]))).toBe(true);
    expect(hasEndMarker(Buffer.concat([Buffer.from('%PDF-1.7\n%%EOF'), Buffer.alloc(1020, 0x20)]))).toBe(false);
  });
});

describe('the seal scanner on real sealed PDFs', () => {
  const files: [string, () => Promise<Uint8Array>][] = [
    ['a generated document', samplePdf],
    ['a document with an annotation dated 2001', annotatedPdf],
    ['a form (flatten_form.pdf)', async () => corpus('flatten_form.pdf')],
    ['a file with comments (with_comments.pdf)', async () => corpus('with_comments.pdf')],
    ['a file signed before (with_signature.pdf)', async () => corpus('with_signature.pdf')],
    [
      'a file saved incrementally (pdf20-PDF_2.0_via_incremental_save.pdf)',
      async () => corpus('pdf20-PDF_2.0_via_incremental_save.pdf'),
    ],
  ];

  it.each(files)('%s: the seal’s own byte range, ids, time and signature', async (_name, make) => {
    const sealed = Buffer.from(await sealer.seal(await make(), info));
    const fields = scanSeal(sealed);
    const hexStart = sealed.lastIndexOf('/Contents <') + '/Contents '.length;
    const hexEnd = sealed.indexOf('>', hexStart) + 1;
    expect(fields.byteRange).toEqual([0, hexStart, hexEnd, sealed.length - hexEnd]);
    expect(fields).toMatchObject({
      applicationId: info.applicationId,
      documentId: info.documentId,
      signedAt: 'D:20261123123456Z',
    });
    expect(checkSignedData(fields.contents as Buffer).valid).toBe(true);
    // the same byte range and ids as the regular expressions it replaces
    expect(oldReading(sealed)).toEqual({
      byteRange: fields.byteRange,
      applicationId: info.applicationId,
      documentId: info.documentId,
    });
    expect(hasEndMarker(sealed)).toBe(true);
    expect(await sealer.check(sealed)).toMatchObject({ ours: true, intact: true, sealedAt: info.at, reason: null });
    // one byte of the content changed: still read, no longer intact
    const changed = Buffer.from(sealed);
    changed[20] = (changed[20] as number) ^ 0x01;
    expect(await sealer.check(changed)).toMatchObject({ intact: false });
  });

  it('the seal’s time is its own, not that of an annotation written before it', async () => {
    const sealed = await sealer.seal(await annotatedPdf(), info);
    expect(Buffer.from(sealed).indexOf('D:20010101000000Z')).toBeGreaterThan(0);
    expect((await sealer.check(sealed)).sealedAt).toEqual(info.at);
  });
});
