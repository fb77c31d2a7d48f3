import { PDFDocument, rgb } from 'pdf-lib';
import type { PdfLimits } from '../pdf-limits';
import type { TextDocumentRequest } from '../pdf-protocol';
import { checkPng, isJpeg, isPng } from './images';
import { embedTextFont, widthOfText } from './text';

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = 54;
const SIZE = { title: 16, heading: 12, text: 9.5 };
/** The largest an image of a line is drawn (a signature beside its record). */
const IMAGE = { width: 220, height: 60 };

/** The bytes of a png or jpeg data URL, else undefined. */
function imageBytes(url: string): Uint8Array | undefined {
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]*)$/i.exec(url);
  if (!m) return undefined;
  const bytes = Buffer.from(m[2] ?? '', 'base64');
  return isPng(bytes) || isJpeg(bytes) ? bytes : undefined;
}

/** Lines cut at spaces (or anywhere, for a long hash) to fit a width at a size. */
function wrap(text: string, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let rest = word;
      while (widthOfText(rest, size) > width) {
        // the longest head that fits, by halving (a long token: a hash, a URL)
        let lo = 1;
        let hi = rest.length;
        while (lo < hi) {
          const mid = Math.ceil((lo + hi) / 2);
          if (widthOfText(rest.slice(0, mid), size) <= width) lo = mid;
          else hi = mid - 1;
        }
        const cut = lo;
        if (line) out.push(line);
        out.push(rest.slice(0, cut));
        line = '';
        rest = rest.slice(cut);
      }
      const next = line ? `${line} ${rest}` : rest;
      if (widthOfText(next, size) > width && line) {
        out.push(line);
        line = rest;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

/**
 * An image of a line embedded, or undefined when it is not a readable png or jpeg: a PNG is decoded to be embedded,
 * so its real size is checked first (a small data URL is no bomb).
 */
async function embedImage(doc: PDFDocument, url: string, limits: PdfLimits) {
  const bytes = imageBytes(url);
  if (!bytes) return undefined;
  try {
    if (isPng(bytes)) checkPng(bytes, limits, 'image');
    return isPng(bytes) ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A document of text laid out by us (issue 13: the institution's additional questions and the audit certificate):
 * a title, then sections of a heading and lines, wrapped to the page, new pages as needed, with the embedded
 * Unicode font; a footer on every page names the document and the page.
 */
export async function textDocument(request: TextDocumentRequest, limits: PdfLimits): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(request.title);
  doc.setProducer('Under');
  doc.setCreationDate(new Date(request.createdAt));
  doc.setModificationDate(new Date(request.createdAt));
  const font = await embedTextFont(doc);
  const width = PAGE.width - 2 * MARGIN;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const need = (height: number) => {
    if (y - height >= MARGIN + 20) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const draw = (text: string, size: number, gray = 0) => {
    for (const line of wrap(text, size, width)) {
      need(size * 1.4);
      page.drawText(line, { x: MARGIN, y: y - size, size, font, color: rgb(gray, gray, gray) });
      y -= size * 1.4;
    }
  };
  draw(request.title, SIZE.title);
  if (request.subtitle) draw(request.subtitle, SIZE.text, 0.35);
  y -= 8;
  for (const section of request.sections) {
    need(SIZE.heading * 3);
    y -= 6;
    draw(section.heading, SIZE.heading);
    for (const line of section.lines) {
      if (typeof line === 'string') {
        draw(line, SIZE.text, 0.1);
        continue;
      }
      draw(line.text, SIZE.text, 0.1);
      const image = await embedImage(doc, line.image, limits);
      if (!image) {
        draw('(the image could not be read)', SIZE.text, 0.4);
        continue;
      }
      const scale = Math.min(IMAGE.width / image.width, IMAGE.height / image.height, 1);
      const w = image.width * scale;
      const h = image.height * scale;
      need(h + 6);
      page.drawImage(image, { x: MARGIN + 12, y: y - h - 2, width: w, height: h });
      y -= h + 6;
    }
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = `${request.title} · page ${i + 1} of ${pages.length}`;
    p.drawText(footer, { x: MARGIN, y: MARGIN / 2, size: 7.5, font, color: rgb(0.4, 0.4, 0.4) });
  });
  return doc.save({ useObjectStreams: false });
}
