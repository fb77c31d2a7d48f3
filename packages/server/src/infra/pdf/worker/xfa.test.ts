import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rawPdf } from '../../../test/pdf-fixtures';
import { resolvePdfLimits } from '../pdf-limits';
import { inspect } from './inspect';
import { Refusal } from './refusal';

const limits = resolvePdfLimits();
const corpus = (file: string) => new Uint8Array(readFileSync(new URL(`../fixtures/corpus/${file}`, import.meta.url)));
const outcome = (bytes: Uint8Array) =>
  inspect(bytes, limits).then(
    (r) => `accepted with ${r.acroFields.length} fields`,
    (err: unknown) => (err instanceof Refusal ? err.kind : String(err)),
  );

const xfaPdf = (catalog: string, fields: string) =>
  new Uint8Array(
    rawPdf(
      {
        1: `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${fields}] /XFA 5 0 R >> ${catalog} >>`,
        2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>',
        4: '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [72 700 272 720] /P 3 0 R >>',
        5: '<< /Length 11 >>\nstream\n<xdp:xdp/>\nendstream',
      },
      '/Root 1 0 R',
    ),
  );

describe('XFA forms', () => {
  it('dynamic XFA forms (placeholder pages "requires Adobe Reader") are refused: print them to a static PDF', async () => {
    expect(await outcome(corpus('pdfjs/xfa_issue14315.pdf'))).toBe('xfa');
    expect(await outcome(corpus('pdfjs/issue14130.pdf'))).toBe('xfa');
    expect(await outcome(xfaPdf('/NeedsRendering true', '4 0 R'))).toBe('xfa');
    expect(await outcome(xfaPdf('', ''))).toBe('xfa');
  });

  it('a static XFA form (XFA beside AcroForm fields) is an ordinary PDF: its fields are imported', async () => {
    expect(await outcome(xfaPdf('', '4 0 R'))).toBe('accepted with 1 fields');
    expect(await outcome(corpus('pdflib/with_xfa_fields.pdf'))).toBe('accepted with 116 fields');
  });
});
