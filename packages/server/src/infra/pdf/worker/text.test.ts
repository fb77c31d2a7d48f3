import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedTextFont, widthOfText } from './text';

describe('text measured for fitting', () => {
  it('has the width pdf-lib draws it at, shaping off (kerning and ligatures would change it)', async () => {
    const font = await embedTextFont(await PDFDocument.create());
    for (const text of ['Ünder Café & Söhne', 'office affluent fi ffl', 'AVATAR Typo', '✓ 12345 $1,234.56']) {
      expect(widthOfText(text, 10)).toBeCloseTo(font.widthOfTextAtSize(text, 10), 6);
    }
  });
});
