import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../test/pdf-read';
import { resolvePdfLimits } from '../pdf-limits';
import { fill } from './fill';
import { inspect } from './inspect';

const limits = resolvePdfLimits();

/** A form whose fields the PDF draws its own way: a combed account number, a multiline note, a 14 pt blue field. */
async function styledForm() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const account = form.createTextField('account');
  account.setMaxLength(9);
  account.enableCombing();
  account.addToPage(page, { x: 72, y: 700, width: 270, height: 24 });
  const note = form.createTextField('note');
  note.enableMultiline();
  note.addToPage(page, { x: 72, y: 500, width: 200, height: 120 });
  const name = form.createTextField('name');
  name.addToPage(page, { x: 72, y: 400, width: 300, height: 30 });
  name.acroField.dict.set(PDFName.of('DA'), PDFString.of('/Cour 14 Tf 0 0 1 rg'));
  name.acroField.getWidgets()[0]?.dict.delete(PDFName.of('DA'));
  return new Uint8Array(await doc.save());
}

describe('fields the PDF draws are filled in their own style', () => {
  it('a combed field one character a cell, a multiline field wrapped inside its box, the /DA size', async () => {
    const bytes = await styledForm();
    const { acroFields } = await inspect(bytes, limits);
    const values = {
      account: '123456789',
      note: 'The business sells handmade furniture online and at two shops in Portland and Seattle since 2009.',
      name: 'Jane Roe',
    };
    const out = await fill({ op: 'fill', bytes, fields: acroFields, values, useSamples: false, settings: {} }, limits);
    const { texts } = await readPdfText(out);
    const box = (key: string) => acroFields.find((f) => f.key === key) as (typeof acroFields)[number];

    const account = box('account');
    const cell = account.width / 9;
    const digits = texts.filter((t) => /^\d$/.test(t.text) && t.y > account.y && t.y <= account.y + account.height);
    expect(digits.map((d) => d.text).join('')).toBe('123456789');
    digits.forEach((d, i) => {
      expect(d.x).toBeGreaterThanOrEqual(account.x + cell * i);
      expect(d.x + d.width).toBeLessThanOrEqual(account.x + cell * (i + 1));
    });

    const note = box('note');
    const lines = texts.filter((t) => t.y > note.y && t.y <= note.y + note.height && t.x >= note.x);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((l) => l.text).join(' ')).toBe(values.note);
    for (const l of lines) expect(l.x + l.width).toBeLessThanOrEqual(note.x + note.width + 0.5);

    const name = texts.find((t) => t.text.includes('Jane'));
    expect(name?.height).toBeCloseTo(14, 0);
  });
});
