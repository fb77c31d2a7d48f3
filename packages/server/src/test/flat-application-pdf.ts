import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A flat two-page merchant application as institutions print them (issue 25): labels followed by lines, a comb for
 * the EIN and each owner's SSN, checkboxes, a box with its label at the top, owner sections, a signature and a date.
 * No AcroForm: the fields are only printed. Used by the detection tests and the detect-fields journey.
 */
export async function makeFlatApplicationPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.2, 0.2, 0.2);

  const label = (page: PDFPage, text: string, x: number, y: number, f: PDFFont = font, size = 9) =>
    page.drawText(text, { x, y, size, font: f });
  /** "Label: ________" as a label and a line to its right, y is the line's (the text's baseline sits 2 pt above). */
  const lineField = (page: PDFPage, text: string, x: number, y: number, end: number) => {
    label(page, text, x, y + 2);
    const start = x + font.widthOfTextAtSize(text, 9) + 6;
    page.drawLine({ start: { x: start, y }, end: { x: end, y }, thickness: 0.75, color: grey });
  };
  const comb = (page: PDFPage, text: string, x: number, y: number, cells: number) => {
    label(page, text, x, y + 4);
    const start = x + font.widthOfTextAtSize(text, 9) + 6;
    for (let i = 0; i < cells; i++)
      page.drawRectangle({ x: start + i * 16, y, width: 16, height: 16, borderColor: grey, borderWidth: 0.75 });
  };
  const check = (page: PDFPage, text: string, x: number, y: number) => {
    page.drawRectangle({ x, y, width: 9, height: 9, borderColor: grey, borderWidth: 0.75 });
    label(page, text, x + 13, y + 1);
  };
  const heading = (page: PDFPage, text: string, y: number) => label(page, text, 40, y, bold, 12);

  const p1 = doc.addPage([612, 792]);
  label(p1, 'Merchant Processing Application', 40, 740, bold, 18);
  heading(p1, 'BUSINESS INFORMATION', 700);
  lineField(p1, 'Legal Name:', 40, 670, 570);
  lineField(p1, 'DBA:', 40, 640, 570);
  comb(p1, 'Fed Tax ID:', 40, 605, 9);
  lineField(p1, 'Business Address:', 40, 575, 570);
  lineField(p1, 'City:', 40, 545, 300);
  lineField(p1, 'State:', 310, 545, 400);
  lineField(p1, 'Zip:', 410, 545, 570);
  lineField(p1, 'Phone:', 40, 515, 300);
  lineField(p1, 'E-mail:', 310, 515, 570);
  lineField(p1, 'Website:', 40, 485, 570);
  lineField(p1, 'Date Established:', 40, 455, 300);
  label(p1, 'Type of entity:', 40, 422);
  check(p1, 'Sole Proprietorship', 120, 421);
  check(p1, 'Partnership', 230, 421);
  check(p1, 'LLC', 320, 421);
  check(p1, 'Corporation', 380, 421);
  // a box with its label at the top: the room under it is the field
  p1.drawRectangle({ x: 40, y: 300, width: 530, height: 90, borderColor: grey, borderWidth: 0.75 });
  label(p1, 'Products or services sold', 44, 380, font, 8);
  check(p1, 'The business is seasonal', 40, 270);
  lineField(p1, 'Average Monthly Volume:', 40, 240, 300);
  lineField(p1, 'Average Ticket:', 310, 240, 570);

  const p2 = doc.addPage([612, 792]);
  for (const [n, top] of [
    [1, 740],
    [2, 560],
  ] as const) {
    heading(p2, `OWNER ${n}`, top);
    lineField(p2, 'First Name:', 40, top - 30, 300);
    lineField(p2, 'Last Name:', 310, top - 30, 570);
    comb(p2, 'SSN:', 40, top - 65, 9);
    lineField(p2, 'DOB:', 310, top - 60, 570);
    lineField(p2, 'Home Address:', 40, top - 95, 570);
    lineField(p2, 'Ownership %:', 40, top - 125, 300);
    lineField(p2, 'Phone:', 310, top - 125, 570);
  }
  heading(p2, 'BANKING', 380);
  lineField(p2, 'Bank Name:', 40, 350, 570);
  lineField(p2, 'Routing #:', 40, 320, 300);
  lineField(p2, 'Account #:', 310, 320, 570);
  heading(p2, 'AGREEMENT', 260);
  label(p2, 'By signing below the merchant agrees to the terms of the processing agreement.', 40, 240);
  lineField(p2, 'Signature:', 40, 190, 360);
  lineField(p2, 'Date:', 380, 190, 570);
  lineField(p2, 'Print Name:', 40, 160, 360);
  lineField(p2, 'Title:', 380, 160, 570);
  return doc.save();
}
