import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { resolvePdfLimits } from '../../../infra/pdf/pdf-limits';
import { fill } from '../../../infra/pdf/worker/fill';
import { insideBox, readPdfImages, readPdfText } from '../../../test/pdf-read';
import { signaturePng } from '../../../test/signing';
import { executedTemplate, optionLabelsOf } from './executed-template';

const limits = resolvePdfLimits();

const box = (
  key: string,
  type: PdfField['type'],
  at: { page?: number; x: number; y: number; width: number; height: number },
  extra: Partial<PdfField> = {},
): PdfField => ({
  id: key,
  key,
  type,
  page: at.page ?? 1,
  x: at.x,
  y: at.y,
  width: at.width,
  height: at.height,
  renderOrder: 0,
  required: false,
  euPermission: 'editTableByAllOwner',
  euEncrypted: false,
  ...extra,
});

// owner 1 (the primary) signs with a 4:1 image, owner 2 with a 6:1 one: drawn into a box, each keeps its shape
const PRIMARY = {
  signature: signaturePng(600, 150),
  initials: signaturePng(500, 250),
  signedAt: '2026-11-27T16:30:00.000Z',
};
const SECOND = {
  signature: signaturePng(900, 150),
  initials: signaturePng(500, 100),
  signedAt: '2026-11-28T09:05:00.000Z',
};
const DRAWN = signaturePng(800, 400); // 2:1, drawn by the applicant in the form

const BOXES = {
  primary: { x: 50, y: 600, width: 240, height: 60 },
  primaryDate: { x: 320, y: 620, width: 120, height: 20 },
  second: { x: 50, y: 690, width: 240, height: 60 },
  secondDate: { x: 60, y: 755, width: 120, height: 20 },
  secondInitials: { page: 2, x: 480, y: 740, width: 80, height: 40 },
  unbound: { page: 2, x: 50, y: 100, width: 240, height: 60 },
  drawn: { page: 2, x: 50, y: 300, width: 240, height: 60 },
  bank: { x: 50, y: 100, width: 240, height: 20 },
};

const MAPPING: PdfField[] = [
  box('bank_name', 'text', BOXES.bank),
  // the starter dictionary's signature: no owner named, the primary's
  box('sig_1', 'signature', BOXES.primary, { bindingField: { key: 'signature', type: 'signature' } }),
  box('date_signed', 'date', BOXES.primaryDate, { bindingField: { key: 'date_signed', type: 'datetime' } }),
  // owner 2's signature as a text box bound to a signature field, a date box under it left empty by the form
  box('owner2_signature', 'text', BOXES.second, { bindingField: { key: 'owner2_signature', type: 'signature' } }),
  box('owner2_date', 'date', BOXES.secondDate),
  box('owner2_initials', 'signature', BOXES.secondInitials),
  box('page2_sig', 'signature', BOXES.unbound),
  box('applicant_drawn_signature', 'signature', BOXES.drawn),
];

async function template() {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  doc.addPage([612, 792]);
  return new Uint8Array(await doc.save());
}

describe('the institution’s PDF as executed (issue 21 §2)', () => {
  it('draws each owner’s e-signature in their boxes, initials in initials boxes, signing dates in the template’s format; a drawing from the form stays', async () => {
    const data = {
      bank_name: 'Difference Savings',
      date_signed: '2026-11-01', // typed while filling: the signing date replaces it
      applicant_drawn_signature: DRAWN,
    };
    const { fields, values } = executedTemplate(MAPPING, data, [PRIMARY, SECOND]);
    const out = await fill(
      {
        op: 'fill',
        bytes: await template(),
        fields,
        values,
        useSamples: false,
        settings: { dateFormat: 'MMM dd, yyyy' },
      },
      limits,
    );
    const images = await readPdfImages(out);
    const inBox = (b: { page?: number; x: number; y: number; width: number; height: number }) =>
      images.filter((i) => i.page === (b.page ?? 1) && insideBox(i, b));
    const ratio = (b: typeof BOXES.primary & { page?: number }) => {
      const found = inBox(b);
      expect(found, JSON.stringify(b)).toHaveLength(1);
      const [i] = found;
      return Math.round(((i?.width ?? 0) / (i?.height ?? 1)) * 10) / 10;
    };
    expect(ratio(BOXES.primary)).toBe(4); // the primary's
    expect(ratio(BOXES.second)).toBe(6); // owner 2's
    expect(ratio(BOXES.unbound)).toBe(4); // bound to no owner: the primary's
    expect(ratio(BOXES.secondInitials)).toBe(5); // owner 2's initials
    expect(ratio(BOXES.drawn)).toBe(2); // the applicant's drawing, kept
    expect(images).toHaveLength(5);

    const { texts } = await readPdfText(out);
    const textIn = (b: { x: number; y: number; width: number; height: number }) =>
      texts
        .filter((t) => t.page === 1 && t.x >= b.x - 1 && t.x < b.x + b.width && t.y > b.y && t.y <= b.y + b.height + 1)
        .map((t) => t.text)
        .join(' ');
    expect(textIn(BOXES.primaryDate)).toBe('Nov 27, 2026');
    expect(textIn(BOXES.secondDate)).toBe('Nov 28, 2026');
    expect(textIn(BOXES.bank)).toBe('Difference Savings');
    expect(texts.some((t) => t.text.includes('data:image'))).toBe(false);
  });

  it('an owner who has not signed leaves their boxes empty; a typed text in a signature box is not printed', async () => {
    const { values } = executedTemplate(MAPPING, { owner2_signature: 'Jane Roe' }, [PRIMARY]);
    expect(values.sig_1).toBe(PRIMARY.signature);
    expect(values.owner2_signature).toBeUndefined();
    expect(values.owner2_initials).toBeUndefined();
    expect(values.owner2_date).toBeUndefined();
    expect(values.date_signed).toBe(PRIMARY.signedAt);
  });

  it('a text box bound to a choice prints the option’s label (as the applicant saw it); choice boxes keep the value', () => {
    const components = [
      {
        type: 'panel',
        key: 'page1',
        title: 'Page 1',
        input: false,
        components: [
          {
            type: 'radio',
            key: 'entity_type',
            label: 'Entity type',
            input: true,
            values: [
              { value: 'sole_proprietorship', label: 'Sole proprietorship' },
              { value: 'llc', label: 'LLC' },
            ],
          },
          {
            type: 'selectboxes',
            key: 'accepted_cards',
            label: 'Cards accepted',
            input: true,
            values: [
              { value: 'visa', label: 'Visa' },
              { value: 'mastercard', label: 'Mastercard' },
              { value: 'amex', label: 'American Express' },
            ],
          },
        ],
      },
    ] as never;
    const mapping = [
      box('entity_text', 'text', BOXES.bank, { bindingField: { key: 'entity_type', type: 'radio' } }),
      box('entity_llc', 'checkbox', BOXES.bank, {
        bindingField: { key: 'entity_type', type: 'radio' },
        optionValue: 'llc',
      }),
      box('cards_text', 'text', BOXES.bank, { bindingField: { key: 'accepted_cards', type: 'selectboxes' } }),
      box('bank_name', 'text', BOXES.bank),
    ];
    const { values } = executedTemplate(
      mapping,
      {
        entity_type: 'sole_proprietorship',
        accepted_cards: { visa: true, mastercard: false, amex: true },
        bank_name: 'llc',
      },
      [PRIMARY],
      optionLabelsOf(components),
    );
    expect(values.entity_text).toBe('Sole proprietorship');
    expect(values.entity_llc).toBe('sole_proprietorship');
    expect(values.cards_text).toBe('Visa, American Express');
    // a field without options prints what was typed, even when it reads like an option's value
    expect(values.bank_name).toBe('llc');
  });
});
