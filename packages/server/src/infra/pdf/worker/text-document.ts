import { PDFDocument, rgb } from 'pdf-lib';
import type { TextDocumentRequest } from '../pdf-protocol';
import { embedTextFont, widthOfText } from './text';

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = 54;
const SIZE = { title: 16, heading: 12, text: 9.5 };

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
 * A document of text laid out by us (issue 13: the institution's additional questions and the audit certificate):
 * a title, then sections of a heading and lines, wrapped to the page, new pages as needed, with the embedded
 * Unicode font; a footer on every page names the document and the page.
 */
export async function textDocument(request: TextDocumentRequest): Promise<Uint8Array> {
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
    for (const line of section.lines) draw(line, SIZE.text, 0.1);
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = `${request.title} · page ${i + 1} of ${pages.length}`;
    p.drawText(footer, { x: MARGIN, y: MARGIN / 2, size: 7.5, font, color: rgb(0.4, 0.4, 0.4) });
  });
  return doc.save({ useObjectStreams: false });
}
