import { describe, expect, it } from 'vitest';
import { parseCsv, sheetRows, unzip } from '../../../test/read-xlsx';
import { COLUMN_WIDTH, columnName, csvStream, neutralise, xlsxStream } from './spreadsheet';

async function* batches(rows: string[][][]) {
  yield* rows;
}

async function collect<T extends string | Buffer>(it: AsyncIterable<T>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of it) parts.push(typeof c === 'string' ? Buffer.from(c, 'utf8') : c);
  return Buffer.concat(parts);
}

describe('spreadsheet writers', () => {
  it('neutralises every formula lead: = + - @ tab and carriage return', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${lead}1+1`)).toBe(`'${lead}1+1`);
    expect(neutralise('Acme = 1')).toBe('Acme = 1');
    expect(neutralise('')).toBe('');
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes csv as RFC 4180 with a BOM, quotes only where needed, CRLF', async () => {
    const text = (
      await collect(csvStream(['a', 'b'], batches([[['x,y', 'say "hi"']], [['line\nbreak', '-2']]])))
    ).toString();
    expect(text).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\'-2\r\n');
    expect(parseCsv(text.slice(1))).toEqual([
      ['a', 'b'],
      ['x,y', 'say "hi"'],
      ['line\nbreak', "'-2"],
    ]);
  });

  it('writes a zip whose sheet holds every cell, escaped, across batches, with widths of 20', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => [`row ${i}`, i % 2 ? '<b>&"' : '', `ü\u0001${i}`]);
    const zip = await collect(xlsxStream(['One', 'Two', 'Three'], batches([many.slice(0, 500), [], many.slice(500)])));
    const files = unzip(zip);
    const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
    expect(sheet).toContain(`<col min="1" max="3" width="${COLUMN_WIDTH}" customWidth="1"/>`);
    const rows = sheetRows(sheet);
    expect(rows).toHaveLength(1201);
    expect(rows[0]).toEqual(['One', 'Two', 'Three']);
    expect(rows[1]).toEqual(['row 0', '', 'ü0']); // a control character XML cannot hold is dropped
    expect(rows[2]).toEqual(['row 1', '<b>&"', 'ü1']);
    expect(rows[1200]).toEqual(['row 1199', '<b>&"', 'ü1199']);
    expect(files.get('[Content_Types].xml')?.toString()).toContain('/xl/worksheets/sheet1.xml');
  });
});
