import { describe, expect, it } from 'vitest';
import { readPdfImages, readPdfText } from '../../../test/pdf-read';
import { signaturePng } from '../../../test/signing';
import { resolvePdfLimits } from '../pdf-limits';
import { textDocument } from './text-document';

describe('a text document with images (the certificate’s signatures, the answers’ drawings)', () => {
  it('draws each line’s image under its text, fitted into 220 x 60 points; an unreadable image is said, not fatal', async () => {
    const out = await textDocument(
      {
        op: 'text',
        title: 'Audit certificate',
        createdAt: '2026-11-28T10:00:00.000Z',
        sections: [
          {
            heading: 'Signers',
            lines: [
              'Owner 1: Ada <ada@example.com>',
              { text: 'Signature:', image: signaturePng(600, 150) },
              'Owner 2: Grace <grace@example.com>',
              { text: 'Signature:', image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA' },
            ],
          },
        ],
      },
      resolvePdfLimits(),
    );
    const images = await readPdfImages(out);
    expect(images).toHaveLength(1);
    expect(images[0]?.width).toBeCloseTo(220, 0);
    expect(images[0]?.height).toBeCloseTo(55, 0);
    const { texts } = await readPdfText(out);
    const y = (needle: string) => texts.find((t) => t.text.includes(needle))?.y ?? Number.NaN;
    // under the first signer's record, above the second's
    expect(images[0]?.y).toBeGreaterThan(y('ada@example.com'));
    expect((images[0]?.y ?? 0) + (images[0]?.height ?? 0)).toBeLessThan(y('grace@example.com'));
    expect(texts.some((t) => t.text.includes('(the image could not be read)'))).toBe(true);
  });
});
