import { PDFDocument } from 'pdf-lib';
import type { PdfLimits } from '../pdf-limits';
import type { InspectResult } from '../pdf-protocol';
import { acroFields } from './acroform';
import { checkStreams } from './bomb-check';
import { decryptIfEncrypted } from './decrypt';
import { pageGeometry, round } from './geometry';
import { normalisePages } from './pages';
import { Refusal } from './refusal';
import { checkStructure } from './structure';
import { isXfaOnly } from './xfa';

const latin1 = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');

/**
 * Checks an uploaded file and reads its pages and AcroForm, in this order: a PDF header, an end (%%EOF somewhere,
 * else it was cut short; data after it is allowed), decryption when it opens with an empty password (else refused as
 * encrypted), no decompression bomb (before any parser runs), pdf-lib's strict parse, the catalog and page tree a
 * viewer needs, not a dynamic XFA form, then its pages as viewers read them. Any other failure of pdf-lib on the
 * file's structure is refused as damaged: a file never makes the server answer 500.
 */
export async function inspect(file: Uint8Array, limits: PdfLimits): Promise<InspectResult> {
  if (!latin1(file, 0, Math.min(1024, file.length)).includes('%PDF-')) throw new Refusal('not-pdf');
  // a file cut short has no end-of-file marker; data after it (a mail gateway's footer, a signature blob, zeros
  // padding the upload) is allowed: every reader opens such files
  if (Buffer.from(file.buffer, file.byteOffset, file.byteLength).lastIndexOf('%%EOF') < 0)
    throw new Refusal('damaged', 'no end-of-file marker');
  const bytes = decryptIfEncrypted(file, limits);
  await checkStreams(bytes, limits);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
      parseSpeed: Number.POSITIVE_INFINITY,
    });
  } catch {
    throw new Refusal('damaged', 'pdf-lib could not parse it');
  }
  if (doc.isEncrypted) throw new Refusal('encrypted');
  try {
    checkStructure(doc, limits);
    if (isXfaOnly(doc)) throw new Refusal('xfa');
    normalisePages(doc);
    const geometries = doc.getPages().map((page) => {
      const g = pageGeometry(page);
      if (!g) throw new Refusal('damaged', 'a page without a usable box');
      return g;
    });
    return {
      pages: geometries.map((g, i) => ({
        page: i + 1,
        width: round(g.width),
        height: round(g.height),
        rotation: g.rotation,
      })),
      acroFields: acroFields(doc, geometries, limits),
    };
  } catch (err) {
    // pdf-lib throws TypeErrors on structures it does not expect (a box of strings, a /Rotate that is a name)
    if (err instanceof Refusal) throw err;
    throw new Refusal('damaged', err instanceof Error ? err.message : String(err));
  }
}
