import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { PdfLimits } from '../pdf-limits';
import type { DetectResult } from '../pdf-protocol';
import { checkStreams } from './bomb-check';
import { decryptIfEncrypted } from './decrypt';
import { detectPage, type FoundField } from './detect-layout';
import { readPages } from './detect-read';
import { Refusal } from './refusal';

/**
 * Refuses a page whose drawing is too large to read for detection (limits.maxDetectPageContentBytes, decoded): what
 * pdf.js would take seconds to parse is refused at once, whatever the machine's load; the pool's time limit stays
 * the bound for the rest.
 */
async function checkPageContents(bytes: Uint8Array, limits: PdfLimits) {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw new Refusal('damaged', 'pdf-lib could not parse it');
  }
  for (const page of doc.getPages()) {
    const contents = doc.context.lookup(page.node.get(PDFName.of('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    let total = 0;
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      try {
        total += decodePDFRawStream(stream).decode().length;
      } catch {
        // a stream pdf-lib cannot decode is pdf.js's to skip
      }
      if (total > limits.maxDetectPageContentBytes) throw new Refusal('too-complex', 'a page draws too much');
    }
  }
}

/** Fields offered per page at most (a page of a thousand boxes is a table, not a form to map in one click). */
const MAX_FIELDS_PER_PAGE = 400;

/**
 * Finds the fields of a flat PDF (issue 25): the same checks as an upload before any parser runs (decryption with
 * an empty password, no decompression bomb), then each page read with pdf.js and laid out by detect-layout.ts.
 * Runs in a PDF child like every PDF task: its time and memory are the pool's.
 */
export async function detect(file: Uint8Array, limits: PdfLimits): Promise<DetectResult> {
  const bytes = decryptIfEncrypted(file, limits);
  await checkStreams(bytes, limits);
  await checkPageContents(bytes, limits);
  const pages = await readPages(bytes, limits);
  const fields: FoundField[] = [];
  for (const page of pages) fields.push(...detectPage(page).slice(0, MAX_FIELDS_PER_PAGE));
  return { pages: pages.length, fields };
}
