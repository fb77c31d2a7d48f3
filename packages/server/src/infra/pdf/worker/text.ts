import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { degrees, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { type Box, type PageGeometry, toUser } from './geometry';
import type { FontFace, WidgetStyle } from './widget-style';

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;
/** DejaVu Sans: wide Unicode coverage, embedded as a subset of the glyphs drawn. */
const fontFile = () => {
  fontBytes ??= readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return fontBytes;
};
/** The faces a form's own fields ask for in /DA (Courier, Times), from the same family for the same coverage. */
const FACE_FILES = { mono: 'DejaVuSansMono.ttf', serif: 'DejaVuSerif.ttf' } as const;
const faceBytes = new Map<string, Buffer>();

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

/** A face for a field's own style (sans is the text font above), embedded as a subset. */
export async function embedFace(doc: PDFDocument, face: FontFace): Promise<PDFFont> {
  if (face === 'sans') return embedTextFont(doc);
  const file = FACE_FILES[face];
  let bytes = faceBytes.get(file);
  if (!bytes) {
    bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    faceBytes.set(file, bytes);
  }
  doc.registerFontkit(fontkit);
  return doc.embedFont(bytes, { subset: true, features: NO_SHAPING });
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
  align: 'left' | 'center' | 'right' = 'left',
  color: [number, number, number] = [0, 0, 0],
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
  const dx =
    align === 'center'
      ? box.x + (box.width - textW) / 2
      : align === 'right'
        ? box.x + box.width - pad - textW
        : box.x + pad;
  const dy = box.y + box.height - (box.height - full) / 2 - descent;
  const at = toUser(g, dx, dy);
  page.drawText(shown, { x: at.x, y: at.y, size, font, color: rgb(...color), rotate: degrees(g.rotation) });
}

/** Words wrapped into lines no wider than `room` at `size` (a word wider than the room is cut by characters). */
function wrap(font: PDFFont, text: string, size: number, room: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= room) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > room && rest.length > 1) {
        const chars = [...rest];
        let keep = 1;
        while (keep < chars.length && font.widthOfTextAtSize(chars.slice(0, keep + 1).join(''), size) <= room) keep++;
        lines.push(chars.slice(0, keep).join(''));
        rest = chars.slice(keep).join('');
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Draws `text` in the style of the PDF's own field under the box: a combed field one character a cell, centred in
 * each; a multiline field wrapped from the top, shrinking to fit (down to 4 points, then the last line that fits ends
 * with an ellipsis); otherwise one line in the field's alignment. Font face, size and colour as the field's /DA says
 * (`size` is the size to use: the mapping's own, else /DA's, else the template's). Upright on a rotated page.
 */
export function drawInStyle(
  page: PDFPage,
  g: PageGeometry,
  font: PDFFont,
  box: Box,
  rawText: string,
  style: WidgetStyle,
  size: number,
) {
  // a box shows a few hundred characters at most; the bound keeps wrapping and cutting cheap
  rawText = rawText.slice(0, 2000);
  const color = style.color ? rgb(...style.color) : rgb(0, 0, 0);
  const rotate = degrees(g.rotation);
  const unitH = font.heightAtSize(1);
  const ascentOf = (s: number) => font.heightAtSize(s, { descender: false });
  const put = (text: string, dx: number, baseline: number, s: number) => {
    const at = toUser(g, dx, baseline);
    page.drawText(text, { x: at.x, y: at.y, size: s, font, color, rotate });
  };
  if (style.comb) {
    const chars = [...rawText.replace(/\s+/g, ' ').trim()].slice(0, style.comb);
    if (!chars.length) return;
    const cell = box.width / style.comb;
    let s = Math.min(size, (box.height - 1) / unitH);
    const widest = Math.max(...chars.map((c) => font.widthOfTextAtSize(c, 1)));
    if (widest * s > cell * 0.9) s = (cell * 0.9) / widest;
    if (!(s > 0)) return;
    const baseline =
      box.y + box.height - (box.height - font.heightAtSize(s)) / 2 - (font.heightAtSize(s) - ascentOf(s));
    chars.forEach((c, i) => {
      put(c, box.x + cell * i + (cell - font.widthOfTextAtSize(c, s)) / 2, baseline, s);
    });
    return;
  }
  const pad = Math.min(2, box.width / 10);
  const room = box.width - 2 * pad;
  const xOf = (line: string, s: number) => {
    const w = font.widthOfTextAtSize(line, s);
    return style.align === 'center'
      ? box.x + (box.width - w) / 2
      : style.align === 'right'
        ? box.x + box.width - pad - w
        : box.x + pad;
  };
  if (style.multiline) {
    const text = rawText.trim();
    if (!text) return;
    let s = Math.min(size, box.height - 2 * pad);
    let lines = wrap(font, text, s, room);
    const fits = (n: number, at: number) => n * at * unitH * 1.15 <= box.height - 2 * pad + 0.01;
    while (!fits(lines.length, s) && s > 4) {
      s = Math.max(4, s - 0.5);
      lines = wrap(font, text, s, room);
    }
    const roomLines = Math.max(1, Math.floor((box.height - 2 * pad) / (s * unitH * 1.15)));
    if (lines.length > roomLines) {
      lines = lines.slice(0, roomLines);
      let last = `${lines[roomLines - 1] ?? ''}${ELLIPSIS}`;
      while (font.widthOfTextAtSize(last, s) > room && [...last].length > 1)
        last = `${[...last].slice(0, -2).join('')}${ELLIPSIS}`;
      lines[roomLines - 1] = last;
    }
    lines.forEach((line, i) => {
      if (line) put(line, xOf(line, s), box.y + pad + ascentOf(s) + i * s * unitH * 1.15, s);
    });
    return;
  }
  const text = rawText.replace(/\s+/g, ' ').trim();
  if (!text) return;
  let s = Math.min(size, (box.height - 1) / unitH);
  const unitW = font.widthOfTextAtSize(text, 1);
  if (unitW * s > room) s = Math.max(Math.min(4, (box.height - 1) / unitH), room / unitW);
  if (!(s > 0)) return;
  let shown = text;
  if (font.widthOfTextAtSize(text, s) > room) {
    const budget = room - font.widthOfTextAtSize(ELLIPSIS, s);
    const chars = [...text];
    let keep = 0;
    for (let w = 0; keep < chars.length - 1; keep++) {
      w += font.widthOfTextAtSize(chars[keep] as string, s);
      if (w > budget) break;
    }
    shown = `${chars.slice(0, Math.max(1, keep)).join('')}${ELLIPSIS}`;
  }
  const full = font.heightAtSize(s);
  put(shown, xOf(shown, s), box.y + box.height - (box.height - full) / 2 - (full - ascentOf(s)), s);
}
