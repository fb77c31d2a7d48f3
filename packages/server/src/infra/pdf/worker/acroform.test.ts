import { checkMapping } from '@under/core/templates/mapping-rules';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { rawPdf } from '../../../test/pdf-fixtures';
import { resolvePdfLimits } from '../pdf-limits';
import { inspect } from './inspect';

const limits = resolvePdfLimits();

describe('AcroForm import: the offered mapping saves as it is', () => {
  it('a field with several widgets is one field and replicas of it; its tooltip is its label', async () => {
    const doc = await PDFDocument.create();
    const p1 = doc.addPage([612, 792]);
    const p2 = doc.addPage([612, 792]);
    const form = doc.getForm();
    const name = form.createTextField('applicant.name');
    name.addToPage(p1, { x: 72, y: 700, width: 200, height: 20 });
    name.addToPage(p2, { x: 72, y: 700, width: 200, height: 20 });
    name.addToPage(p2, { x: 72, y: 600, width: 200, height: 20 });
    name.acroField.dict.set(PDFName.of('TU'), PDFString.of('Legal name of the business'));
    const agree = form.createCheckBox('agree');
    agree.addToPage(p1, { x: 72, y: 650, width: 15, height: 15 });
    agree.addToPage(p2, { x: 72, y: 650, width: 15, height: 15 });
    const inspected = await inspect(await doc.save(), limits);
    expect(inspected.acroFields).toMatchObject([
      { key: 'applicant_name', type: 'text', page: 1, label: 'Legal name of the business', name: 'applicant.name' },
      { key: 'applicant_name_copy', type: 'replica', replicaOf: 'applicant_name', page: 2 },
      { key: 'applicant_name_copy_2', type: 'replica', replicaOf: 'applicant_name', page: 2 },
      { key: 'agree', type: 'checkbox', page: 1, label: 'agree' },
      { key: 'agree_copy', type: 'replica', replicaOf: 'agree', page: 2 },
    ]);
    expect(checkMapping(inspected.acroFields, inspected.pages)).toEqual([]);
  });

  it('offers at most maxAcroFields boxes, however many widgets one field has', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const field = doc.getForm().createTextField('many');
    for (let i = 0; i < 30; i++) field.addToPage(page, { x: 20, y: 20 + i * 24, width: 100, height: 20 });
    const inspected = await inspect(await doc.save(), resolvePdfLimits({ maxAcroFields: 10 }));
    expect(inspected.acroFields).toHaveLength(10);
    expect(inspected.acroFields.slice(0, 2)).toMatchObject([
      { key: 'many', type: 'text' },
      { key: 'many_copy', type: 'replica', replicaOf: 'many' },
    ]);
  });

  it('a checkbox whose boxes stand for different values is one choice: one key, one optionValue a box', async () => {
    const widget = (value: string, x: number) =>
      `<< /Type /Annot /Subtype /Widget /Parent 4 0 R /P 3 0 R /Rect [${x} 700 ${x + 15} 715] /AS /Off /AP << /N << /${value} 7 0 R /Off 7 0 R >> >> >>`;
    const bytes = rawPdf(
      {
        1: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>',
        2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R 6 0 R 8 0 R] >>',
        4: '<< /FT /Btn /T (entity) /TU (Entity type) /Kids [5 0 R 6 0 R 8 0 R] >>',
        5: widget('llc', 72),
        6: widget('corp', 144),
        7: '<< /Length 0 >>\nstream\n\nendstream',
        8: widget('llc', 216),
      },
      '/Root 1 0 R',
    );
    const inspected = await inspect(new Uint8Array(bytes), limits);
    const options = [
      { label: 'llc', value: 'llc' },
      { label: 'corp', value: 'corp' },
    ];
    expect(inspected.acroFields).toMatchObject([
      { key: 'entity', type: 'radio', optionValue: 'llc', options, label: 'Entity type' },
      { key: 'entity', type: 'radio', optionValue: 'corp', options },
      { key: 'entity', type: 'radio', optionValue: 'llc', options },
    ]);
    expect(checkMapping(inspected.acroFields, inspected.pages)).toEqual([]);
  });
});
