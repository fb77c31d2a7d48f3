import type { PdfLimits } from '../pdf-limits';
import type { DetectResult } from '../pdf-protocol';
import { checkStreams } from './bomb-check';
import { decryptIfEncrypted } from './decrypt';
import { detectPage, type FoundField } from './detect-layout';
import { readPages } from './detect-read';

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
  const pages = await readPages(bytes, limits);
  const fields: FoundField[] = [];
  for (const page of pages) fields.push(...detectPage(page).slice(0, MAX_FIELDS_PER_PAGE));
  return { pages: pages.length, fields };
}
