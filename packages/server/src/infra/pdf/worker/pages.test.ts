import { checkMapping } from '@under/core/templates/mapping-rules';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { rawPdf } from '../../../test/pdf-fixtures';
import { resolvePdfLimits } from '../pdf-limits';
import { fill } from './fill';
import { inspect } from './inspect';
import { Refusal } from './refusal';

const limits = resolvePdfLimits();
const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const TREE = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const EMPTY_STREAM = '<< /Length 0 >>\nstream\n\nendstream';

const textField = (over: Partial<PdfField> = {}): PdfField => ({
  id: 'f1',
  key: 'name',
  type: 'text',
  page: 1,
  x: 72,
  y: 72,
  width: 200,
  height: 20,
  renderOrder: 1,
  required: false,
  euPermission: 'editTableByAllOwner',
  euEncrypted: false,
  ...over,
});

const review = (bytes: Uint8Array, fields: PdfField[] = [textField()]) =>
  fill({ op: 'fill', bytes, fields, values: { name: 'Jane Roe' }, useSamples: true, settings: {} }, limits);

const outcome = (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (err: unknown) => (err instanceof Refusal ? err.kind : `error: ${String(err)}`),
  );

describe('page trees and pages as real files write them', () => {
  it('a page tree nested thousands of levels deep is damaged, in inspection and in a review (no stack exhausted)', async () => {
    const depth = 5000;
    const objects: Record<number, string> = { 1: CATALOG };
    for (let i = 0; i < depth; i++)
      objects[2 + i] = `<< /Type /Pages /Kids [${3 + i} 0 R] /Count 1 ${i ? `/Parent ${1 + i} 0 R` : ''} >>`;
    objects[2 + depth] = `<< /Type /Page /Parent ${1 + depth} 0 R /MediaBox [0 0 612 792] >>`;
    const bytes = new Uint8Array(rawPdf(objects, '/Root 1 0 R'));
    expect(await outcome(inspect(bytes, limits))).toBe('damaged');
    expect(await outcome(review(bytes))).toBe('damaged');
  });

  it.each([
    ['/Resources a stream', '/Resources 4 0 R'],
    ['/Contents a dictionary', '/Contents 5 0 R'],
    ['/Annots a stream', '/Annots 4 0 R'],
    ['/Font a stream', '/Resources << /Font 4 0 R /XObject 4 0 R >>'],
    ['/MediaBox a stream', '/MediaBox 4 0 R'],
    ['/Rotate a name', '/Rotate /Ninety'],
  ])('%s: inspected, and a review draws its values (it answered 500)', async (_, entry) => {
    const bytes = new Uint8Array(
      rawPdf(
        {
          1: CATALOG,
          2: TREE,
          3: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${entry} >>`,
          4: EMPTY_STREAM,
          5: '<< /A 1 >>',
        },
        '/Root 1 0 R',
      ),
    );
    const inspected = await inspect(bytes, limits);
    expect(inspected.pages).toEqual([{ page: 1, width: 612, height: 792, rotation: 0 }]);
    const out = await review(bytes);
    expect((await PDFDocument.load(out)).getPageCount()).toBe(1);
  });

  it('an upside-down MediaBox [0 792 612 0] (and CropBox) is read as viewers read it: fields inside the page', async () => {
    const objects = {
      1: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>',
      2: '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 792 612 0] >>',
      3: '<< /Type /Page /Parent 2 0 R /CropBox [612 792 0 0] /Annots [4 0 R] >>',
      4: '<< /Type /Annot /Subtype /Widget /FT /Tx /T (Legal name) /Rect [72 700 272 720] /P 3 0 R >>',
    };
    const bytes = new Uint8Array(rawPdf(objects, '/Root 1 0 R'));
    const inspected = await inspect(bytes, limits);
    expect(inspected.pages).toEqual([{ page: 1, width: 612, height: 792, rotation: 0 }]);
    expect(inspected.acroFields).toMatchObject([{ key: 'Legal_name', x: 72, y: 72, width: 200, height: 20 }]);
    expect(checkMapping(inspected.acroFields, inspected.pages)).toEqual([]);
    const doc = await PDFDocument.load(await review(bytes, inspected.acroFields));
    expect(doc.getPage(0).getMediaBox()).toEqual({ x: 0, y: 0, width: 612, height: 792 });
  });

  it.each([
    ['an empty MediaBox', '/MediaBox [0 0 0 0]'],
    ['no MediaBox', ''],
  ])('a page with %s is US Letter, as pdf.js shows it', async (_, entry) => {
    const bytes = new Uint8Array(
      rawPdf({ 1: CATALOG, 2: TREE, 3: `<< /Type /Page /Parent 2 0 R ${entry} >>` }, '/Root 1 0 R'),
    );
    expect((await inspect(bytes, limits)).pages).toEqual([{ page: 1, width: 612, height: 792, rotation: 0 }]);
  });
});
