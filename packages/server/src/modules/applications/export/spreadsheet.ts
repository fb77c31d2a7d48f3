import { ZipStream } from './zip-stream';

/** The width of every column (spec 1 §9 "Spreadsheet export columns"). */
export const COLUMN_WIDTH = 20;

/**
 * One cell: text (what the user saw, decision 043), a number, or a point in time (a day, or a day and time). CSV
 * writes each as text; XLSX writes numbers as numbers and times as dates with the spec's display format, so a
 * spreadsheet sorts and sums them (issue 21 §5).
 */
export type Cell = string | { number: number } | { date: Date; time: boolean; text: string };
export type Cells = readonly Cell[];

const cellAsText = (cell: Cell): string =>
  typeof cell === 'string' ? cell : 'number' in cell ? String(cell.number) : cell.text;

/** Days since Excel's epoch (1899-12-30), the fraction of the day for the time (UTC, as every time of the export). */
function excelSerial(d: Date): number {
  return d.getTime() / 86_400_000 + 25_569;
}

/**
 * A cell that a spreadsheet would read as a formula (or a DDE command) starts with an apostrophe instead: = + - @,
 * a tab or a carriage return (OWASP "CSV injection").
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

// ---- CSV (RFC 4180; a UTF-8 byte order mark so Excel reads the accents)

function csvCell(cell: Cell): string {
  // a number or a date is ours, never a formula: written as is (a negative amount keeps its sign)
  if (typeof cell !== 'string') return cellAsText(cell);
  const t = neutralise(cell);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

export async function* csvStream(header: Cells, rows: AsyncIterable<Cells[]>): AsyncGenerator<string> {
  yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
  for await (const batch of rows) {
    if (batch.length) yield batch.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
  }
}

// ---- XLSX (SpreadsheetML in a zip: one sheet of inline strings, the header row frozen and bold)

/** Characters XML 1.0 does not allow are dropped; the rest escaped. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** `A`, `Z`, `AA`...: the column's letters. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** The styles of a day and of a day and time (cellXfs 2 and 3 in STYLES: the spec's `Mar/10/2026 12:00 UTC`). */
const DAY_STYLE = 2;
const TIME_STYLE = 3;

/** Excel keeps at most 32,767 characters in a cell. */
const MAX_CELL = 32_767;

function xlsxRow(cells: Cells, rowNumber: number, style: string): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((cell, i) => {
    const ref = `${columnName(i)}${rowNumber}`;
    if (typeof cell !== 'string') {
      if ('number' in cell) {
        if (Number.isFinite(cell.number)) xml += `<c r="${ref}"><v>${cell.number}</v></c>`;
      } else if (Number.isFinite(cell.date.getTime())) {
        xml += `<c r="${ref}" s="${cell.time ? TIME_STYLE : DAY_STYLE}"><v>${excelSerial(cell.date)}</v></c>`;
      }
      return;
    }
    if (cell === '') return;
    const value = xmlText(neutralise(cell).slice(0, MAX_CELL));
    xml += `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${value}</t></is></c>`;
  });
  return `${xml}</row>`;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Applications" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="mmm/dd/yyyy"/><numFmt numFmtId="165" formatCode="mmm/dd/yyyy hh:mm &quot;UTC&quot;"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

async function* sheetXml(header: Cells, rows: AsyncIterable<Cells[]>): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="${header.length}" width="${COLUMN_WIDTH}" customWidth="1"/></cols><sheetData>${xlsxRow(header, 1, ' s="1"')}`;
  let n = 1;
  for await (const batch of rows) {
    let xml = '';
    for (const r of batch) {
      n += 1;
      xml += xlsxRow(r, n, '');
    }
    if (xml) yield xml;
  }
  yield '</sheetData></worksheet>';
}

export async function* xlsxStream(header: Cells, rows: AsyncIterable<Cells[]>): AsyncGenerator<Buffer> {
  const zip = new ZipStream();
  yield* zip.entry('[Content_Types].xml', [CONTENT_TYPES]);
  yield* zip.entry('_rels/.rels', [ROOT_RELS]);
  yield* zip.entry('xl/workbook.xml', [WORKBOOK]);
  yield* zip.entry('xl/_rels/workbook.xml.rels', [WORKBOOK_RELS]);
  yield* zip.entry('xl/styles.xml', [STYLES]);
  yield* zip.entry('xl/worksheets/sheet1.xml', sheetXml(header, rows));
  yield zip.finish();
}
