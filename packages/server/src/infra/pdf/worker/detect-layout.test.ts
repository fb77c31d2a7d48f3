import { describe, expect, it } from 'vitest';
import { detectPage, type FoundField, type PageContent, type Rule, type Run } from './detect-layout';

const page = (p: Partial<PageContent>): PageContent => ({
  page: 1,
  width: 612,
  height: 792,
  runs: [],
  rules: [],
  shapes: [],
  shaded: [],
  ...p,
});
const run = (text: string, x: number, baseline: number, size = 7): Run => ({
  text,
  x,
  baseline,
  width: text.length * size * 0.5,
  size,
});
const h = (x0: number, x1: number, y: number): Rule => ({ x0, x1, y, dir: 'h' });
const v = (y0: number, y1: number, x: number, dashed = false): Rule => ({
  x0: y0,
  x1: y1,
  y: x,
  dir: 'v',
  ...(dashed ? { dashed } : {}),
});

/** The fields standing on the line at y. */
const onLine = (fields: FoundField[], y: number) => fields.filter((f) => Math.abs(f.y + f.height - y) < 1);

describe('fields found on a flat page', () => {
  it('dashed group marks inside a cell (an SSN printed 3-2-4) do not cut it: one field', () => {
    const content = page({
      runs: [run('Your social security number', 470, 82)],
      rules: [
        h(468, 576, 74),
        h(468, 576, 102),
        v(74, 102, 468),
        v(74, 102, 576),
        v(90, 102, 500, true),
        v(90, 102, 522, true),
      ],
    });
    const fields = onLine(detectPage(content), 102);
    expect(fields.map((f) => [f.x, f.x + f.width, f.label])).toEqual([[468, 576, 'Your social security number']]);
    // drawn solid, the same marks are cell borders
    const solid = onLine(detectPage({ ...content, rules: content.rules.map(({ dashed: _, ...r }) => r) }), 102);
    expect(solid.map((f) => [f.x, f.x + f.width])).toEqual([
      [468, 500],
      [500, 522],
      [522, 576],
    ]);
  });

  it('a cell of a table the form hatched or shaded is not proposed', () => {
    const rules = [
      h(297, 540, 333),
      h(297, 540, 351),
      v(333, 351, 297),
      v(333, 351, 378),
      v(333, 351, 459),
      v(333, 351, 540),
    ];
    const open = onLine(detectPage(page({ rules })), 351);
    expect(open.map((f) => f.x)).toEqual([297, 378, 459]);
    const crossed = onLine(detectPage(page({ rules, shaded: [{ x: 378, y: 333, width: 81, height: 18 }] })), 351);
    expect(crossed.map((f) => f.x)).toEqual([297, 459]);
  });

  it('captions printed under one line split it: a field over each caption', () => {
    const content = page({
      runs: [run('AGE', 266, 76), run('HEIGHT', 379, 76), run('WEIGHT', 475, 76)],
      rules: [h(265, 573, 68)],
    });
    const fields = onLine(detectPage(content), 68);
    expect(fields.map((f) => [f.label, Math.round(f.x), Math.round(f.x + f.width)])).toEqual([
      ['AGE', 265, 375],
      ['HEIGHT', 377, 471],
      ['WEIGHT', 473, 573],
    ]);
  });

  it('a dash between printed groups, or a line of a paragraph, does not name the box beside it', () => {
    const cell = (x: number) => ({ x, y: 330, width: 9, height: 14, kind: 'rect' as const });
    const paragraph =
      'backup withholding. For individuals, this is generally your social security number (SSN). However';
    const content = page({
      runs: [
        run(paragraph, 470 - paragraph.length * 3.5, 340),
        run('–', 503, 340),
        run('Social security number', 476, 326),
      ],
      shapes: [cell(475), cell(484), cell(493), cell(508), cell(517), cell(526), cell(535)],
    });
    const fields = detectPage(content);
    expect(fields.map((f) => [f.x, f.combCells, f.label])).toEqual([
      [475, 3, 'Social security number'],
      [508, 4, 'Social security number'],
    ]);
  });

  it('a small circle with no label and no question is an ornament, not a radio button', () => {
    const ring = (x: number, y: number) => ({ x, y, width: 7, height: 8, kind: 'round' as const });
    expect(detectPage(page({ shapes: [ring(28, 126), ring(199, 126)] }))).toEqual([]);
    const labelled = detectPage(page({ shapes: [ring(28, 126)], runs: [run('Visa', 38, 132)] }));
    expect(labelled.map((f) => [f.type, f.label])).toEqual([['radio', 'Visa']]);
  });

  it('under 10 pt of room between a line and the text above it is a rule between printed rows, not a field', () => {
    const thin = page({ runs: [run('Part II', 36, 392), run('Certification', 90, 392)], rules: [h(36, 576, 401)] });
    expect(onLine(detectPage(thin), 401)).toEqual([]);
    const room = page({ runs: [run('Name', 36, 386)], rules: [h(36, 300, 401)] });
    expect(onLine(detectPage(room), 401).map((f) => f.label)).toEqual(['Name']);
  });

  it('a title centred at the top of a wide cell heads a column (no field); in a narrow cell it names the box', () => {
    const rules = [h(171, 261, 160), h(171, 261, 189), v(160, 189, 171), v(160, 189, 261)];
    // "Sales ($)" 31.5 pt wide, centred in a 90 pt cell
    const heading = page({ runs: [run('Sales ($)', 200.25, 168)], rules });
    expect(onLine(detectPage(heading), 189)).toEqual([]);
    const narrowRules = [h(300, 340, 160), h(300, 340, 189), v(160, 189, 300), v(160, 189, 340)];
    const narrow = page({ runs: [run('6c', 316.5, 168)], rules: narrowRules });
    expect(onLine(detectPage(narrow), 189).map((f) => f.label)).toEqual(['6c']);
  });

  it('a bare line with a caption under its start is named by the caption, not by the caption of the line above', () => {
    const runs = [run('EMERGENCY CONTACT INFORMATION', 376, 372), run('PHONE', 376, 408), run('NAME', 376, 436)];
    const bare = page({ runs, rules: [h(376, 646, 402), h(376, 646, 430)] });
    expect(onLine(detectPage(bare), 402).map((f) => f.label)).toEqual(['PHONE']);
    expect(onLine(detectPage(bare), 430).map((f) => f.label)).toEqual(['NAME']);
    // the same lines walled by vertical lines are cells of a grid: the text at the top of the cell names it
    const grid = page({ runs, rules: [...bare.rules, v(376, 430, 376), v(376, 430, 646)] });
    expect(onLine(detectPage(grid), 430).map((f) => f.label)).toEqual(['PHONE']);
  });

  it('squares stacked under one question are a radio group when the page says only one is chosen; else checkboxes', () => {
    const square = (x: number, y: number) => ({ x, y, width: 8, height: 8, kind: 'rect' as const });
    const options = [
      run('Single', 144, 190, 8),
      run('Married filing jointly', 144, 202, 8),
      run('Head of household', 374, 190, 8),
    ];
    const shapes = [square(132, 182), square(132, 194), square(362, 182)];
    const typed = (fields: FoundField[]) => fields.map((f) => `${f.type}:${f.optionValue ?? ''}`);
    // a column of options with "Check only one box." beside it: one radio group over both columns
    const oneOnly = detectPage(page({ shapes, runs: [run('Check only one', 36, 190, 8), ...options] }));
    expect(typed(oneOnly)).toEqual(['radio:Single', 'radio:Head of household', 'radio:Married filing jointly']);
    // the same squares with nothing saying only one: checkboxes
    expect(typed(detectPage(page({ shapes, runs: options })))).toEqual(['checkbox:', 'checkbox:', 'checkbox:']);
    // Yes / No stacked under a question: a radio group named by the question
    const asked = detectPage(
      page({
        shapes: [square(261, 282), square(261, 306)],
        runs: [
          run('by the payment due date?', 35, 290, 10),
          run('Yes', 279, 291, 10),
          run('No (or not sure)', 279, 315, 10),
        ],
      }),
    );
    expect(asked.map((f) => [f.type, f.label, f.optionValue])).toEqual([
      ['radio', 'by the payment due date?', 'Yes'],
      ['radio', 'by the payment due date?', 'No (or not sure)'],
    ]);
    // a lone square is a checkbox
    expect(
      typed(
        detectPage(page({ shapes: [square(132, 182)], runs: [run('Check only one', 36, 190, 8), options[0] as Run] })),
      ),
    ).toEqual(['checkbox:']);
  });

  it('a tick-many row in the same columns as a "check one" row stays checkboxes (a grid is not one group)', () => {
    const square = (x: number, y: number) => ({ x, y, width: 8, height: 8, kind: 'rect' as const });
    const found = detectPage(
      page({
        shapes: [
          square(150, 182),
          square(230, 182),
          square(310, 182),
          square(150, 212),
          square(230, 212),
          square(310, 212),
        ],
        runs: [
          run('Cards accepted:', 36, 190, 8),
          run('Visa', 162, 190, 8),
          run('Mastercard', 242, 190, 8),
          run('Amex', 322, 190, 8),
          run('Entity (check one):', 36, 220, 8),
          run('Sole proprietor', 162, 220, 8),
          run('LLC', 242, 220, 8),
          run('Corporation', 322, 220, 8),
        ],
      }),
    );
    expect(found.map((f) => `${f.type}:${f.optionValue ?? f.label}`)).toEqual([
      'checkbox:Visa',
      'checkbox:Mastercard',
      'checkbox:Amex',
      'radio:Sole proprietor',
      'radio:LLC',
      'radio:Corporation',
    ]);
  });

  it('a small square drawn as four separate lines is a checkbox; three lines are not', () => {
    const sides = [h(100, 108, 200), h(100, 108, 208), v(200, 208, 100), v(200, 208, 108)];
    const runs = [run('I agree to the terms', 112, 207, 8)];
    const found = detectPage(page({ rules: sides, runs }));
    expect(found.map((f) => [f.type, f.x, f.y, f.width, f.height, f.label])).toEqual([
      ['checkbox', 100, 200, 8, 8, 'I agree to the terms'],
    ]);
    expect(detectPage(page({ rules: sides.slice(0, 3), runs })).filter((f) => f.type === 'checkbox')).toEqual([]);
  });
});
