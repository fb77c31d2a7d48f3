import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../test/pdf-read';
import { resolvePdfLimits } from '../pdf-limits';
import { decryptIfEncrypted } from './decrypt';
import { inspect } from './inspect';
import { Refusal } from './refusal';

const limits = resolvePdfLimits();
const corpus = (file: string) => new Uint8Array(readFileSync(new URL(`../fixtures/corpus/${file}`, import.meta.url)));
const kindOf = (err: unknown) => (err instanceof Refusal ? err.kind : String(err));

// Real files of pdf.js's test suite; `pdfinfo` (poppler) and pdf.js open the first group without a password.
const OPEN_WITHOUT_PASSWORD = [
  ['pdfjs/empty_protected.pdf', 'AES-256 (R6), empty user password'],
  ['pdfjs/secHandler.pdf', 'AES-256 (R6), restricted, with a form field'],
  ['pdfjs/issue7665.pdf', 'AES-256, /Encrypt entries by reference'],
  ['pdfjs/issue9972-1.pdf', 'AES-128 (R4) with a form'],
  ['pdfjs/issue17069.pdf', 'AES-128 (R4)'],
  ['pdfjs/bug900822.pdf', 'RC4 128 (R3)'],
  ['pdfjs/issue19484_1.pdf', 'RC4 40 (R4), metadata not encrypted'],
] as const;

const NEED_A_PASSWORD = [
  ['pdfjs/issue6010_1.pdf', 'user password "abc"'],
  ['pdfjs/pr6531_2.pdf', 'AES-256 (R6), a user password and an empty owner password'],
  ['pdfjs/issue3371.pdf', 'RC4, user password'],
  ['pdfjs/saslprep-r6.pdf', 'AES-256 (R6), user password'],
  ['pdfjs/bug1782186.pdf', 'AES-128 streams, user password "Hello"'],
  ['pdflib/encrypted_new.pdf', 'AES-128 (R4), user password'],
  ['pdflib/encrypted_old.pdf', 'RC4 40 (R2), user password'],
] as const;

describe('encrypted PDFs', () => {
  it.each(OPEN_WITHOUT_PASSWORD)(
    '%s (%s) opens without a password and reads as pdf.js reads the original',
    async (file) => {
      const original = corpus(file);
      const plain = decryptIfEncrypted(original, limits);
      expect(Buffer.from(plain).includes('/Encrypt')).toBe(false);
      const inspected = await inspect(original, limits);
      expect(inspected.pages.length).toBeGreaterThan(0);
      // the text pdf.js reads from the decrypted file (as pdf-lib saves it, as a fill does) is what it reads from the
      // encrypted one with no password
      const texts = async (bytes: Uint8Array) => (await readPdfText(bytes)).texts.map((t) => t.text).join(' ');
      const saved = await (await PDFDocument.load(plain, { updateMetadata: false })).save();
      expect(await texts(saved)).toBe(await texts(original));
    },
    30_000,
  );

  it('a file whose attachments only are encrypted (/AuthEvent /EFOpen) opens as it is, the attachment left empty', async () => {
    const plain = decryptIfEncrypted(corpus('pdfjs/auth-event-ef-open.pdf'), limits);
    expect(Buffer.from(plain).includes('/Crypt')).toBe(false);
    const saved = await (await PDFDocument.load(plain, { updateMetadata: false })).save();
    expect((await readPdfText(saved)).texts.map((t) => t.text)).toEqual(['Example']);
  });

  it('decrypts strings too: the form field names of an AES file are readable', async () => {
    const inspected = await inspect(corpus('pdfjs/issue9972-1.pdf'), limits);
    expect(inspected.acroFields.length).toBeGreaterThan(0);
    for (const f of inspected.acroFields) expect(f.name).toMatch(/^[\x20-\x7e]+$/);
  });

  it.each(NEED_A_PASSWORD)('%s (%s) needs a password to open: refused as encrypted', async (file) => {
    expect(kindOf(await inspect(corpus(file), limits).catch((e: unknown) => e))).toBe('encrypted');
  });

  it('streams without an end are not each searched for one to the end of the file (was quadratic: 40k took 30 s)', () => {
    // 60,000 objects that announce a stream whose /Length misses and no `endstream` anywhere after them
    const tail = Buffer.from('9 0 obj <</Length 1>> stream\nx\n'.repeat(60_000), 'latin1');
    const bytes = new Uint8Array(Buffer.concat([corpus('pdfjs/empty_protected.pdf'), tail]));
    const plain = decryptIfEncrypted(bytes, limits);
    expect(Buffer.from(plain).includes('/Encrypt')).toBe(false);
  }, 15_000);

  it('a file built to be parsed over and over (trailers nested in trailers) is refused as too complex', () => {
    // each nested trailer is parsed again from its own start: 120 levels read the file some 60 times
    const level = `trailer << /Encrypt 1 0 R /A [${'1 '.repeat(5000)}`;
    const bytes = Buffer.from(`%PDF-1.7\n${level.repeat(120)}${'] >> '.repeat(120)}\n%%EOF\n`, 'latin1');
    let kind: string | undefined;
    try {
      decryptIfEncrypted(new Uint8Array(bytes), limits);
    } catch (err) {
      kind = kindOf(err);
    }
    expect(kind).toBe('too-complex');
  });
});
