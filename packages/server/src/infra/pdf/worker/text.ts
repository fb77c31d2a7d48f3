import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { degrees, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { type Box, type PageGeometry, toUser } from './geometry';

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;
/** DejaVu Sans: wide Unicode coverage, embedded as a subset of the glyphs drawn. */
const fontFile = () => {
  fontBytes ??= readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return fontBytes;
};

/**
 * No OpenType shaping: every feature fontkit would apply is switched off through pdf-lib's documented `features`
 * option of embedFont, so glyphs come straight from the character map. Shaping DejaVu Sans cost most of a fill's time;
 * forms print plain words, and scripts that need shaping (Arabic, Indic) are not supported (decision 011).
 */
const NO_SHAPING = Object.fromEntries(
  [
    'ccmp',
    'locl',
    'rlig',
    'mark',
    'mkmk',
    'calt',
    'clig',
    'liga',
    'dlig',
    'hlig',
    'rclt',
    'curs',
    'kern',
    'frac',
    'numr',
    'dnom',
    'ltra',
    'ltrm',
    'rtla',
    'rtlm',
  ].map((tag) => [tag, false]),
);

let metrics: fontkit.Font | undefined;
const advances = new Map<number, number>();

/** The advance of each character at size 1, from fontkit's public glyph lookup (the same glyphs pdf-lib draws). */
function advanceOf(codePoint: number): number {
  let advance = advances.get(codePoint);
  if (advance === undefined) {
    metrics ??= fontkit.create(fontFile());
    advance = metrics.glyphForCodePoint(codePoint).advanceWidth / metrics.unitsPerEm;
    advances.set(codePoint, advance);
  }
  return advance;
}

const widthOf = (chars: readonly string[]) => chars.reduce((w, c) => w + advanceOf(c.codePointAt(0) ?? 0), 0);

/** The width of a text at a size, as it is drawn (no shaping): what the fitting in drawFitted measures. */
export const widthOfText = (text: string, size: number) => widthOf([...text]) * size;

/** The text font, embedded into one document as a subset. */
export async function embedTextFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(fontFile(), { subset: true, features: NO_SHAPING });
}

const ELLIPSIS = '…';

/**
 * Draws `text` fitted inside the box (displayed coordinates): the size shrinks to the box's height and width, down
 * to 4 points, then the text is cut (by characters, never inside one) and ends with an ellipsis. Centred vertically;
 * rotated with the page so that it reads upright.
 */
export function drawFitted(
  page: PDFPage,
  g: PageGeometry,
  font: PDFFont,
  box: Box,
  rawText: string,
  preferred: number,
  align: 'left' | 'center' = 'left',
) {
  const text = rawText.replace(/\s+/g, ' ').trim();
  if (!text) return;
  let chars = [...text];
  const pad = Math.min(2, box.width / 10);
  const room = box.width - 2 * pad;
  const unitH = font.heightAtSize(1);
  let size = Math.min(preferred, (box.height - 1) / unitH);
  const unitW = widthOf(chars);
  if (unitW * size > room) size = room / unitW;
  const minSize = Math.min(4, (box.height - 1) / unitH);
  if (size < minSize) {
    size = minSize;
    const budget = room / size - advanceOf(ELLIPSIS.codePointAt(0) ?? 0);
    let keep = 0;
    for (let w = 0; keep < chars.length - 1; keep++) {
      w += advanceOf(chars[keep]?.codePointAt(0) ?? 0);
      if (w > budget) break;
    }
    chars = [...chars.slice(0, Math.max(1, keep)), ELLIPSIS];
  }
  if (!(size > 0)) return;
  const shown = chars.join('');
  const full = font.heightAtSize(size);
  const ascent = font.heightAtSize(size, { descender: false });
  const descent = full - ascent;
  const textW = widthOf(chars) * size;
  const dx = align === 'center' ? box.x + (box.width - textW) / 2 : box.x + pad;
  const dy = box.y + box.height - (box.height - full) / 2 - descent;
  const at = toUser(g, dx, dy);
  page.drawText(shown, { x: at.x, y: at.y, size, font, color: rgb(0, 0, 0), rotate: degrees(g.rotation) });
}
