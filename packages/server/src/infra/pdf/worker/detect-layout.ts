// Field detection on a flat page (issue 25, decision 068): pure layout rules over the text runs and the drawn
// geometry that detect-read.ts takes from pdf.js. All coordinates are displayed page points, y down.
import type { DetectedFieldType } from '@under/core/templates/detected-field.schema';

/** One text item: its baseline start, advance width and font size. */
export interface Run {
  text: string;
  x: number;
  baseline: number;
  width: number;
  size: number;
}

/** A drawn straight line: horizontal (x0..x1 at y) or vertical (x0..x1 are its y extent, y its x). */
export interface Rule {
  x0: number;
  x1: number;
  y: number;
  dir: 'h' | 'v';
  /** Drawn dashed or dotted: a vertical one marks groups inside a field (an SSN's 3-2-4), it does not end a cell. */
  dashed?: boolean;
}

/** A part of the page the form marks as not to be filled in: hatched (a tiling pattern) or shaded mid-grey. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A closed axis-aligned rectangle, or a small closed curve (a radio circle). */
export interface Shape {
  x: number;
  y: number;
  width: number;
  height: number;
  kind: 'rect' | 'round';
}

export interface PageContent {
  page: number;
  width: number;
  height: number;
  runs: Run[];
  rules: Rule[];
  shapes: Shape[];
  shaded: Area[];
}

/** A box the layout found, before binding. */
export interface FoundField {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  type: DetectedFieldType;
  label: string;
  /** How sure the layout is of the box (0-1), before the binding adds its own. */
  confidence: number;
  /** The heading of the part of the page it sits in. */
  section?: string;
  /** The owner its row names ("Owner 2"). */
  owner?: number;
  optionValue?: string;
  combCells?: number;
  multiline?: boolean;
  /** What found it, for the bench and the decision record. */
  source: 'box' | 'rule' | 'blank' | 'check' | 'comb';
}

interface Phrase {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  size: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const BLANK = /_{3,}|\.{6,}|…{3,}/g;
const BOX_GLYPH = /^[☐□❏❑❒◻▢○◯]$/;
const DATE_WORDS = /\bdate\b|\bdob\b|\bd\.o\.b\b|birth|mm\s*\/\s*dd|dd\s*\/\s*mm|\byyyy\b/i;
const SIGN_WORDS = /\bsignature\b|\bsign here\b|\bsigned by\b|\bauthori[sz]ed signer\b|\bsign\b/i;
/** A phrase of more words is a line of a paragraph, not the label of the box to its right. */
const MAX_LABEL_WORDS = 12;
/** Room above a line, in points, below which it separates printed rows (a heading band, a table's header rule). */
const MIN_ROOM = 10;
/**
 * Option labels that exclude each other: a row or column of them is a radio group. Whole labels only: the IRS 1040
 * of 2024 prints "Yes. Complete below. / No" as checkboxes where the older 1040 made them radio buttons (decision 085).
 */
const CHOICE_WORDS = /^(?:yes|no|n\/a|male|female|checking|savings|y|n)$/i;
/** Printed beside options that exclude each other. */
const ONE_ONLY = /\b(?:check|mark|select|choose|tick)\s+(?:only\s+)?one\b/i;
/** Squares of one column this far apart (top to top, points) may be options of one question. */
const COLUMN_STEP = 40;
const OWNER_ROW = /^(?:owner|principal|officer|guarantor|partner)\s*#?\s*(\d)\b/i;

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

export function iou(a: { x: number; y: number; width: number; height: number }, b: typeof a): number {
  const i = overlap(a.x, a.x + a.width, b.x, b.x + b.width) * overlap(a.y, a.y + a.height, b.y, b.y + b.height);
  const u = a.width * a.height + b.width * b.height - i;
  return u > 0 ? i / u : 0;
}

const clean = (text: string) =>
  text
    .replace(BLANK, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s:.*]+|[\s:*]+$/g, '')
    .trim();

/** Runs split at blanks (underscores, dot leaders) and merged into phrases on a line. */
function phrasesOf(runs: Run[]): { phrases: Phrase[]; blanks: (Box & { size: number; baseline: number })[] } {
  const pieces: Phrase[] = [];
  const blanks: (Box & { size: number; baseline: number })[] = [];
  for (const r of runs) {
    const chars = r.text.length || 1;
    const per = r.width / chars;
    const piece = (from: number, to: number) => {
      const text = r.text.slice(from, to);
      if (!text.trim()) return;
      pieces.push({
        text,
        x0: r.x + from * per,
        x1: r.x + to * per,
        top: r.baseline - r.size * 0.8,
        bottom: r.baseline + r.size * 0.22,
        baseline: r.baseline,
        size: r.size,
      });
    };
    let last = 0;
    for (const m of r.text.matchAll(BLANK)) {
      const at = m.index ?? 0;
      piece(last, at);
      blanks.push({
        x0: r.x + at * per,
        x1: r.x + (at + m[0].length) * per,
        y0: r.baseline - r.size,
        y1: r.baseline + 1,
        size: r.size,
        baseline: r.baseline,
      });
      last = at + m[0].length;
    }
    piece(last, r.text.length);
  }
  pieces.sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const phrases: Phrase[] = [];
  for (const p of pieces) {
    const prev = phrases.findLast(
      (q) => Math.abs(q.baseline - p.baseline) < Math.max(1.5, 0.3 * p.size) && p.x0 - q.x1 < Math.max(3, p.size * 0.9),
    );
    // a blank between them keeps them apart
    const blankBetween =
      prev && blanks.some((b) => b.x0 >= prev.x1 - 1 && b.x1 <= p.x0 + 1 && Math.abs(b.baseline - p.baseline) < 2);
    if (prev && p.x0 >= prev.x0 && !blankBetween) {
      const gap = p.x0 - prev.x1 > p.size * 0.15 && !prev.text.endsWith(' ') && !p.text.startsWith(' ') ? ' ' : '';
      prev.text += gap + p.text;
      prev.x1 = Math.max(prev.x1, p.x1);
      prev.top = Math.min(prev.top, p.top);
      prev.bottom = Math.max(prev.bottom, p.bottom);
    } else phrases.push({ ...p });
  }
  for (const p of phrases) p.text = p.text.replace(/\s+/g, ' ').trim();
  return { phrases: phrases.filter((p) => p.text), blanks };
}

function typeFromLabel(label: string, near: string): DetectedFieldType {
  if (DATE_WORDS.test(label)) return 'date';
  if (SIGN_WORDS.test(label)) return 'signature';
  if (/mm\s*\/\s*dd|dd\s*\/\s*mm/i.test(near)) return 'date';
  return 'text';
}

/**
 * Small squares drawn as four separate lines (decision 085): two short horizontal lines of one extent joined at both
 * ends by vertical lines, nothing across the inside. They are checkboxes as a drawn square is. Larger boxes of four
 * lines are cells the lines' own rules (step 3) already read, with their captions.
 */
export function boxesFromLines(rules: readonly Rule[], shapes: readonly Shape[]): Shape[] {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1.5;
  const flat = rules.filter((r) => r.dir === 'h' && !r.dashed && r.x1 - r.x0 <= 17).sort((a, b) => a.y - b.y);
  const upright = rules.filter((r) => r.dir === 'v' && !r.dashed);
  // lines and shapes indexed by position in 2 pt cells: each look-up reads a square's neighbourhood, never the whole
  // page (a hostile page of thousands of short lines stays linear, not cubic)
  const flatByX0 = cells(flat, (r) => r.x0);
  const flatByY = cells(flat, (r) => r.y);
  const uprightByX = cells(upright, (v) => v.y);
  const shapesByX = cells(shapes, (sh) => sh.x);
  const spans = (x: number, y0: number, y1: number) =>
    within(uprightByX, x, x).some((v) => near(v.y, x) && v.x0 <= y0 + 1.5 && v.x1 >= y1 - 1.5);
  const out: Shape[] = [];
  for (const top of flat) {
    // the nearest line of this extent below, at least a square's smallest side away and within its largest: it
    // closes the box or nothing does
    let bottom: Rule | undefined;
    for (let key = Math.floor(top.x0 / CELL) - 1; key <= Math.floor(top.x0 / CELL) + 1; key++) {
      // each cell's lines are in y order (flat is): start at the first 4.5 pt below, look at a few at most
      const list = flatByX0.get(key) ?? [];
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((list[mid] as Rule).y < top.y + 4.5) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < Math.min(list.length, lo + NEAR_LINES); k++) {
        const b = list[k] as Rule;
        if (b.y - top.y > 16 || (bottom && b.y >= bottom.y)) break;
        if (near(top.x0, b.x0) && near(top.x1, b.x1)) {
          bottom = b;
          break;
        }
      }
    }
    if (bottom) {
      const x0 = Math.min(top.x0, bottom.x0);
      const x1 = Math.max(top.x1, bottom.x1);
      const [w, h] = [x1 - x0, bottom.y - top.y];
      if (w < 4.5 || w > 16 || w / h >= 1.4 || h / w >= 1.4) continue;
      if (!spans(x0, top.y, bottom.y) || !spans(x1, top.y, bottom.y)) continue;
      // the next line of this extent down closes the box; one across the inside makes it a frame of rows
      const across = within(flatByY, top.y, bottom.y).some(
        (r) => r.y > top.y + 1.5 && r.y < bottom.y - 1.5 && overlap(r.x0, r.x1, x0, x1) > 0.5 * (x1 - x0),
      );
      const cut = within(uprightByX, x0, x1).some(
        (v) => v.y > x0 + 1.5 && v.y < x1 - 1.5 && overlap(v.x0, v.x1, top.y, bottom.y) > 0.5 * (bottom.y - top.y),
      );
      if (!across && !cut) {
        const box: Shape = { x: x0, y: top.y, width: x1 - x0, height: bottom.y - top.y, kind: 'rect' };
        const drawn = within(shapesByX, box.x, box.x).some(
          (sh) => near(sh.x, box.x) && near(sh.y, box.y) && near(sh.width, box.width),
        );
        if (!drawn) out.push(box);
      }
    }
  }
  return out;
}

const CELL = 2;
/** Short lines looked at below one line for the bottom of its square: a real page has a handful there. */
const NEAR_LINES = 32;
/** Items by the 2 pt cell of one coordinate. */
function cells<T>(items: readonly T[], at: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const key = Math.floor(at(item) / CELL);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}
/** The items whose coordinate falls in [lo, hi], give or take a cell either side. */
function within<T>(map: Map<number, T[]>, lo: number, hi: number): T[] {
  const out: T[] = [];
  for (let key = Math.floor(lo / CELL) - 1; key <= Math.floor(hi / CELL) + 1; key++) {
    const list = map.get(key);
    if (list) out.push(...list);
  }
  return out;
}

/** Finds the fields of one page. */
export function detectPage(page: PageContent): FoundField[] {
  const content = { ...page, shapes: [...page.shapes, ...boxesFromLines(page.rules, page.shapes)] };
  const { phrases, blanks } = phrasesOf(content.runs);
  const sizes = phrases.map((p) => p.size).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 10;
  const headings = phrases.filter((p) => {
    const letters = p.text.replace(/[^A-Za-z]/g, '');
    return (
      p.text.length <= 60 &&
      letters.length >= 4 &&
      (p.size >= median * 1.2 || (letters === letters.toUpperCase() && !p.text.includes(':') && letters.length >= 6))
    );
  });
  const sectionAt = (y: number) => headings.filter((h) => h.bottom <= y + 1).at(-1)?.text;
  const ownerAt = (x: number, y0: number, y1: number) => {
    for (const p of phrases)
      if (p.x1 <= x + 2 && overlap(p.top, p.bottom, y0, y1) > 0) {
        const m = OWNER_ROW.exec(p.text);
        if (m) return Number(m[1]);
      }
    return undefined;
  };

  const out: FoundField[] = [];
  const taken: Box[] = [];
  const isTaken = (b: Box) =>
    taken.some(
      (t) =>
        iou(
          { x: t.x0, y: t.y0, width: t.x1 - t.x0, height: t.y1 - t.y0 },
          { x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0 },
        ) > 0.3,
    );
  // a box half inside a hatched or shaded area is a cell the form crossed out
  const isShaded = (x: number, y: number, width: number, height: number) =>
    content.shaded.some(
      (a) =>
        overlap(a.x, a.x + a.width, x, x + width) * overlap(a.y, a.y + a.height, y, y + height) >= 0.5 * width * height,
    );
  const add = (b: Box, f: Omit<FoundField, 'page' | 'x' | 'y' | 'width' | 'height' | 'section' | 'owner'>) => {
    const x = Math.max(0, b.x0);
    const y = Math.max(0, b.y0);
    const width = Math.min(content.width, b.x1) - x;
    const height = Math.min(content.height, b.y1) - y;
    if (!(width >= 4 && height >= 4) || isTaken(b) || isShaded(x, y, width, height)) return;
    taken.push(b);
    const owner = ownerAt(x, y, y + height) ?? ownerOfSection(sectionAt(y));
    out.push({
      page: content.page,
      x: round(x),
      y: round(y),
      width: round(width),
      height: round(height),
      section: sectionAt(y),
      ...(owner ? { owner } : {}),
      ...f,
    });
  };

  // phrases beside a point: the label to the left on the same line, to the right (checkboxes), below (captions)
  // a label has a letter or a digit (a dash between an SSN's groups does not name it); a line of a paragraph is no
  // label to the left of anything
  const named = phrases.filter((p) => /[\p{L}\p{N}]/u.test(p.text));
  const leftOf = (x: number, y0: number, y1: number, reach = 80) =>
    named
      .filter(
        (p) =>
          p.x1 <= x + 2 &&
          x - p.x1 < reach &&
          overlap(p.top, p.bottom, y0, y1) > 0.4 * (p.bottom - p.top) &&
          p.text.split(' ').length <= MAX_LABEL_WORDS,
      )
      .sort((a, b) => b.x1 - a.x1)[0];
  const rightOf = (x: number, y0: number, y1: number, reach = 25) =>
    named
      .filter((p) => p.x0 >= x - 2 && p.x0 - x < reach && overlap(p.top, p.bottom, y0, y1) > 0.3 * (p.bottom - p.top))
      .sort((a, b) => a.x0 - b.x0)[0];
  const captionsUnder = (x0: number, x1: number, y: number) =>
    named
      .filter((p) => p.top >= y - 1 && p.top - y < 10 && p.x0 >= x0 - 6 && p.x0 < x1 - 10)
      .sort((a, b) => a.x0 - b.x0);
  const below = (x0: number, x1: number, y: number) =>
    captionsUnder(x0, x1, y)
      .filter((p) => p.x0 < x0 + Math.max(40, (x1 - x0) * 0.5))
      .sort((a, b) => a.top - b.top)[0];
  const inside = (b: Box) =>
    phrases.filter(
      (p) => p.x0 >= b.x0 - 1 && p.x1 <= b.x1 + 1 && p.top >= b.y0 - 2 && p.bottom <= b.y1 + 2 && p.x1 > p.x0,
    );

  // "Check only one box" printed to the left of options, level with them
  const oneOnly = (x: number, y0: number, y1: number) =>
    named.some(
      (p) => p.x1 <= x + 2 && x - p.x1 < 300 && overlap(p.top, p.bottom, y0 - 12, y1 + 12) > 0 && ONE_ONLY.test(p.text),
    );

  // 1. small squares, circles and box glyphs: checkboxes and radio buttons
  const rects = content.shapes.filter((s) => s.kind === 'rect');
  const isSmall = (s: Shape) =>
    s.width >= 4.5 &&
    s.height >= 4.5 &&
    s.width <= 16 &&
    s.height <= 16 &&
    s.width / s.height < 1.4 &&
    s.height / s.width < 1.4;
  // comb fields: a row of three or more touching cells of one size
  const combCells = new Set<Shape>();
  const cells = rects.filter((s) => s.width >= 6 && s.width <= 26 && s.height >= 8 && s.height <= 30);
  cells.sort((a, b) => a.y - b.y || a.x - b.x);
  for (let i = 0; i < cells.length; ) {
    const row = [cells[i] as Shape];
    let j = i + 1;
    for (; j < cells.length; j++) {
      const c = cells[j] as Shape;
      const last = row.at(-1) as Shape;
      if (
        Math.abs(c.y - last.y) < 1 &&
        Math.abs(c.height - last.height) < 1 &&
        Math.abs(c.x - (last.x + last.width)) < 2.5
      )
        row.push(c);
      else break;
    }
    if (row.length >= 3) {
      for (const c of row) combCells.add(c);
      const first = row[0] as Shape;
      const last = row.at(-1) as Shape;
      const b = { x0: first.x, y0: first.y, x1: last.x + last.width, y1: first.y + first.height };
      const label =
        leftOf(b.x0, b.y0, b.y1) ??
        phrases
          .filter((p) => p.bottom <= b.y0 + 1 && b.y0 - p.bottom < 12 && overlap(p.x0, p.x1, b.x0, b.x1) > 0)
          .at(-1);
      const text = clean(label?.text ?? '');
      add(b, {
        type: typeFromLabel(text, ''),
        label: text,
        confidence: label ? 0.85 : 0.6,
        combCells: row.length,
        source: 'comb',
      });
      i = j;
    } else i++;
  }
  const checks: (Box & { round: boolean })[] = [];
  for (const s of content.shapes)
    if (isSmall(s) && !combCells.has(s))
      checks.push({ x0: s.x, y0: s.y, x1: s.x + s.width, y1: s.y + s.height, round: s.kind === 'round' });
  for (const r of content.runs)
    if (BOX_GLYPH.test(r.text.trim()))
      checks.push({
        x0: r.x,
        y0: r.baseline - r.size * 0.75,
        x1: r.x + r.width,
        y1: r.baseline + r.size * 0.05,
        round: /[○◯]/.test(r.text),
      });
  // nested squares (a box drawn twice, a frame and its fill) are one
  const uniqueChecks = checks.filter(
    (c, i) => !checks.some((d, j) => j < i && Math.abs(d.x0 - c.x0) < 2 && Math.abs(d.y0 - c.y0) < 2),
  );
  uniqueChecks.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const used = new Set<number>();
  const proposals: {
    d: Box & { round: boolean };
    type: DetectedFieldType;
    label: string;
    own: string;
    option: string;
  }[] = [];
  for (let i = 0; i < uniqueChecks.length; i++) {
    if (used.has(i)) continue;
    const c = uniqueChecks[i] as Box & { round: boolean };
    const mid = (c.y0 + c.y1) / 2;
    const row = uniqueChecks
      .map((d, j) => ({ d, j }))
      .filter(({ d, j }) => !used.has(j) && Math.abs((d.y0 + d.y1) / 2 - mid) < 3);
    const options = row.map(({ d }) => {
      const label = rightOf(d.x1, d.y0 - 2, d.y1 + 2) ?? leftOf(d.x0, d.y0 - 2, d.y1 + 2, 25);
      return { d, label: clean(label?.text ?? '') };
    });
    const first = row[0]?.d ?? c;
    const question = leftOf(first.x0, first.y0 - 2, first.y1 + 2, 200);
    const questionText = clean(question?.text ?? '');
    const choiceWords = options.every((o) => CHOICE_WORDS.test(o.label));
    const isGroup =
      row.length >= 2 && (choiceWords || /\?\s*$/.test(question?.text ?? '') || row.some(({ d }) => d.round));
    for (const { j } of row) used.add(j);
    for (const o of options) {
      // a small circle nothing names is an ornament (a frame's corner, a bullet), not a button
      if (o.d.round && !o.label && !questionText) continue;
      const type: DetectedFieldType = isGroup ? 'radio' : o.d.round ? 'radio' : 'checkbox';
      const label = isGroup && questionText && questionText !== o.label ? questionText : o.label || questionText;
      proposals.push({ d: o.d, type, label, own: o.label, option: isGroup ? o.label : '' });
    }
  }
  // Squares the rows above left as checkboxes become one radio group only where the page says one is chosen, and
  // only over the squares that cue speaks for (decision 085, amended): a row of squares with "check one" (or
  // "select one") printed to its left; or squares stacked in one column, each alone in its row, under a question that
  // asks (?), with Yes/No-style options or such a cue beside the column. A row of tick-many squares above or below
  // (Visa, Mastercard, Amex) is never drawn into another row's group by sharing its columns.
  const lone = proposals.filter((p) => p.type === 'checkbox');
  const midOf = (p: (typeof lone)[number]) => (p.d.y0 + p.d.y1) / 2;
  const radio = (members: typeof lone, questionText: string) => {
    for (const m of members) {
      m.type = 'radio';
      m.option = m.own;
      if (questionText && questionText !== m.own) m.label = questionText;
    }
  };
  const rows: (typeof lone)[] = [];
  for (const p of [...lone].sort((a, b) => midOf(a) - midOf(b))) {
    const last = rows.at(-1);
    if (last && Math.abs(midOf(last[0] as (typeof lone)[number]) - midOf(p)) < 3) last.push(p);
    else rows.push([p]);
  }
  const rowX0 = (row: typeof lone) => Math.min(...row.map((m) => m.d.x0));
  const rowY0 = (row: typeof lone) => Math.min(...row.map((m) => m.d.y0));
  const rowY1 = (row: typeof lone) => Math.max(...row.map((m) => m.d.y1));
  const grouped = new Set<(typeof lone)[number]>();
  for (const [i, row] of rows.entries()) {
    if (row.some((m) => grouped.has(m)) || !oneOnly(rowX0(row), rowY0(row), rowY1(row))) continue;
    // the cue's row, and the rows right below it whose squares stand in its columns and that have no question of
    // their own (the IRS's filing status: two columns under one "Check only one box")
    const group = [...row];
    const columnsX = row.map((m) => m.d.x0);
    let lastY0 = rowY0(row);
    for (const next of rows.slice(i + 1)) {
      if (rowY0(next) - lastY0 > COLUMN_STEP) break;
      const inColumns = next.every((m) => columnsX.some((x) => Math.abs(x - m.d.x0) < 1.5));
      if (!inColumns || leftOf(rowX0(next), rowY0(next) - 2, rowY1(next) + 2, 200)) break;
      group.push(...next);
      lastY0 = rowY0(next);
    }
    if (group.length < 2) continue;
    for (const m of group) grouped.add(m);
    radio(group, '');
  }
  // a column: squares alone in their rows, at one x, each within a step of the next
  const single = rows
    .filter((r) => r.length === 1 && !grouped.has(r[0] as (typeof lone)[number]))
    .map((r) => r[0] as (typeof lone)[number]);
  const byX = [...single].sort((a, b) => a.d.x0 - b.d.x0 || a.d.y0 - b.d.y0);
  const columns: (typeof lone)[] = [];
  for (const p of byX) {
    const column = columns.find((c) => {
      const last = c.at(-1) as (typeof lone)[number];
      return Math.abs(last.d.x0 - p.d.x0) < 1.5 && p.d.y0 - last.d.y0 <= COLUMN_STEP;
    });
    if (column) column.push(p);
    else columns.push([p]);
  }
  for (const members of columns) {
    if (members.length < 2) continue;
    const top = members[0] as (typeof members)[number];
    const y0 = top.d.y0;
    const y1 = Math.max(...members.map((m) => m.d.y1));
    const x0 = top.d.x0;
    const question =
      leftOf(top.d.x0, top.d.y0 - 2, top.d.y1 + 2, 200) ??
      named
        .filter(
          (p) => p.bottom <= top.d.y0 + 1 && top.d.y0 - p.bottom < 14 && overlap(p.x0, p.x1 + 40, x0, x0 + 40) > 0,
        )
        .at(-1);
    const asked = /\?\s*$/.test(question?.text ?? '');
    if (!(asked || members.every((m) => CHOICE_WORDS.test(m.own)) || oneOnly(x0, y0, y1))) continue;
    radio(members, asked ? clean(question?.text ?? '') : '');
  }
  for (const p of proposals)
    add(p.d, {
      type: p.type,
      label: p.label,
      ...(p.option ? { optionValue: p.option } : {}),
      confidence: p.own ? 0.85 : 0.55,
      source: 'check',
    });

  // 2. rectangles big enough to write in
  const boxes = rects.filter(
    (s) =>
      !combCells.has(s) &&
      !isSmall(s) &&
      s.width >= 20 &&
      s.height >= 8 &&
      s.height <= 250 &&
      s.width < content.width * 0.97,
  );
  for (const s of boxes) {
    const b = { x0: s.x, y0: s.y, x1: s.x + s.width, y1: s.y + s.height };
    // a frame around other boxes is a section, not a field
    if (
      boxes.filter(
        (o) => o !== s && o.x >= s.x - 1 && o.y >= s.y - 1 && o.x + o.width <= b.x1 + 1 && o.y + o.height <= b.y1 + 1,
      ).length >= 1
    )
      continue;
    const texts = inside(b);
    const near = texts.map((t) => t.text).join(' ');
    if (texts.length === 0) {
      const label =
        leftOf(b.x0, b.y0, b.y1) ??
        phrases.filter((p) => p.bottom <= b.y0 + 1 && b.y0 - p.bottom < 12 && p.x0 < b.x1 && p.x1 > b.x0 - 4).at(-1);
      const text = clean(label?.text ?? '');
      add(b, {
        type: typeFromLabel(text, ''),
        label: text,
        confidence: label ? 0.75 : 0.5,
        multiline: s.height > 30,
        source: 'box',
      });
      continue;
    }
    const lastLine = Math.max(...texts.map((t) => t.bottom));
    const firstLine = Math.min(...texts.map((t) => t.top));
    const lines = new Set(texts.map((t) => Math.round(t.baseline / 3))).size;
    if (lines <= 2 && b.y1 - lastLine >= 8 && firstLine - b.y0 < 12) {
      // a label at the top of the box: the field is the room under it
      const text = clean(texts.map((t) => t.text).join(' '));
      const y1 = b.y1 - 0.5;
      add(
        { x0: b.x0 + 0.5, y0: lastLine + 0.5, x1: b.x1 - 0.5, y1 },
        {
          type: typeFromLabel(text, near),
          label: text,
          confidence: 0.8,
          multiline: y1 - lastLine > 30,
          source: 'box',
        },
      );
      continue;
    }
    const right = Math.max(...texts.map((t) => t.x1));
    if (lines === 1 && b.x1 - right >= 30) {
      const text = clean(texts.map((t) => t.text).join(' '));
      add(
        { x0: right + 2, y0: b.y0 + 0.5, x1: b.x1 - 0.5, y1: b.y1 - 0.5 },
        {
          type: typeFromLabel(text, near),
          label: text,
          confidence: 0.75,
          source: 'box',
        },
      );
    }
  }

  // 3. horizontal lines: a field sits on each, cut where vertical lines divide the row into cells
  const vertical = content.rules.filter((r) => r.dir === 'v' && !r.dashed);
  const flat = mergeRules(content.rules.filter((r) => r.dir === 'h' && r.x1 - r.x0 >= 4));
  const edges = rects.filter((s) => !isSmall(s));
  for (const rule of flat) {
    // box edges belong to their box
    if (
      edges.some(
        (s) =>
          (Math.abs(s.y - rule.y) < 1.5 || Math.abs(s.y + s.height - rule.y) < 1.5) &&
          overlap(s.x, s.x + s.width, rule.x0, rule.x1) > 0.8 * (rule.x1 - rule.x0),
      )
    )
      continue;
    const cuts = vertical
      .filter((v) => v.y > rule.x0 + 4 && v.y < rule.x1 - 4 && v.x0 < rule.y - 4 && v.x1 > rule.y - 2)
      .map((v) => v.y)
      .sort((a, b) => a - b);
    const stops = [rule.x0, ...cuts, rule.x1];
    for (let k = 1; k < stops.length; k++) {
      const x0 = stops[k - 1] as number;
      const x1 = stops[k] as number;
      if (x1 - x0 < 20) continue;
      segmentField(x0, x1, rule.y, x1 - x0 > content.width * 0.85);
    }
  }

  function segmentField(x0: number, x1: number, y: number, pageWide: boolean) {
    // what is above: text or another line, within the segment
    const above = phrases.filter((p) => p.bottom <= y + 2 && overlap(p.x0, p.x1, x0, x1) > 0 && y - p.bottom < 40);
    const nearestText = above.sort((a, b) => b.bottom - a.bottom)[0];
    const lineAbove = flat
      .filter((r) => r.y < y - 1 && overlap(r.x0, r.x1, x0, x1) > 0.5 * (x1 - x0))
      .sort((a, b) => b.y - a.y)[0];
    const ceiling = Math.max(nearestText?.bottom ?? y - 40, lineAbove?.y ?? y - 40);
    // text written on the line across most of it: an underline, not a field
    if (nearestText && y - nearestText.bottom < 4 && nearestText.x1 - nearestText.x0 > 0.6 * (x1 - x0)) {
      if (nearestText.x0 <= x0 + 6 && x1 - nearestText.x1 >= 30) {
        // a label printed on the line's start ("Name ______"): the field is the rest of the line
        const label = clean(nearestText.text);
        const top = Math.max(ceilingAbove(nearestText.top), y - 18);
        add(
          { x0: nearestText.x1 + 2, y0: top, x1, y1: y },
          { type: typeFromLabel(label, ''), label, confidence: 0.8, source: 'rule' },
        );
      }
      return;
    }
    if (nearestText && y - nearestText.bottom < 4 && nearestText.x0 <= x0 + 6 && x1 - nearestText.x1 >= 30) {
      const label = clean(nearestText.text);
      const top = Math.max(ceilingAbove(nearestText.top), y - 18);
      add(
        { x0: nearestText.x1 + 2, y0: top, x1, y1: y },
        { type: typeFromLabel(label, ''), label, confidence: 0.8, source: 'rule' },
      );
      return;
    }
    const room = y - ceiling;
    if (room < MIN_ROOM) return;
    const height = Math.min(room - 1, 18);
    const left = leftOf(x0, y - 12, y, 60);
    const cellLabel =
      nearestText &&
      nearestText.bottom >= ceiling - 0.5 &&
      nearestText.x0 >= x0 - 4 &&
      nearestText.x0 < x0 + 40 &&
      room < 30
        ? nearestText
        : undefined;
    // a title centred at the top of a wide cell (60 pt or more), well off its edge, heads a column of a table: its
    // room is the heading's, the column's fields are the cells under it (a narrow cell's centred "6c" or "Apt. no."
    // names the box it tops)
    if (
      !left &&
      cellLabel &&
      x1 - x0 >= 60 &&
      cellLabel.x0 > x0 + 10 &&
      Math.abs((cellLabel.x0 + cellLabel.x1) / 2 - (x0 + x1) / 2) < Math.max(3, 0.05 * (x1 - x0))
    )
      return;
    const caption = below(x0, x1, y);
    // a bare line (no vertical line at either end: not a cell of a grid) with a caption under its start is
    // captioned from below; the text above it is the caption of the line above, or a heading
    const walled = (x: number) => vertical.some((v) => Math.abs(v.y - x) < 2 && v.x0 < y - 4 && v.x1 > y - 2);
    const captioned = !!caption && caption.x0 < x0 + 40 && (!cellLabel || (!walled(x0) && !walled(x1)));
    if (!left && captioned && caption) {
      // captions printed under one line ("Signature   Title   Date"): a field over each, up to the next caption
      const caps = captionsUnder(x0, x1, y).filter((p) => Math.abs(p.top - caption.top) < 3);
      const apart = caps.every((p, i) => i === 0 || p.x0 - (caps[i - 1] as Phrase).x1 >= 8);
      if (caps.length >= 2 && apart) {
        for (const [i, cap] of caps.entries()) {
          const from = i === 0 ? x0 : cap.x0 - 2;
          const to = i + 1 < caps.length ? (caps[i + 1] as Phrase).x0 - 4 : x1;
          const text = clean(cap.text);
          if (to - from >= 20)
            add(
              { x0: from, y0: y - height, x1: to, y1: y },
              { type: typeFromLabel(text, ''), label: text, confidence: 0.65, source: 'rule' },
            );
        }
        return;
      }
    }
    const label = left ?? (captioned ? caption : undefined) ?? cellLabel ?? caption;
    if (!label && pageWide) return;
    const text = clean(label?.text ?? '');
    add(
      { x0, y0: y - height, x1, y1: y },
      {
        type: typeFromLabel(text, caption?.text ?? ''),
        label: text,
        confidence: left ? 0.75 : cellLabel ? 0.7 : caption ? 0.65 : 0.4,
        source: 'rule',
      },
    );
  }
  function ceilingAbove(y: number) {
    const t = phrases.filter((p) => p.bottom < y - 1).map((p) => p.bottom);
    return t.length ? Math.max(...t) : y - 20;
  }

  // 4. blanks typed as underscores or dot leaders
  for (const b of blanks) {
    if (b.x1 - b.x0 < 15) continue;
    const label = leftOf(b.x0, b.y0, b.y1, 60) ?? below(b.x0, b.x1, b.y1);
    const text = clean(label?.text ?? '');
    const h = Math.min(16, Math.max(10, b.size * 1.3));
    add(
      { x0: b.x0, y0: b.baseline + 1 - h, x1: b.x1, y1: b.baseline + 1 },
      {
        type: typeFromLabel(text, ''),
        label: text,
        confidence: label ? 0.8 : 0.5,
        source: 'blank',
      },
    );
  }

  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}

function ownerOfSection(section: string | undefined) {
  const m = section ? /\b(?:owner|principal|officer|guarantor|partner)\s*#?\s*(\d)\b/i.exec(section) : undefined;
  return m ? Number(m[1]) : undefined;
}

/** Collinear horizontal lines that touch or overlap are one (a line drawn in pieces, a border drawn twice). */
function mergeRules(rules: Rule[]): Rule[] {
  const sorted = [...rules].sort((a, b) => a.y - b.y || a.x0 - b.x0);
  const out: Rule[] = [];
  for (const r of sorted) {
    const prev = out.findLast((o) => Math.abs(o.y - r.y) < 1.2 && r.x0 <= o.x1 + 1.5);
    if (prev) prev.x1 = Math.max(prev.x1, r.x1);
    else out.push({ ...r });
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;
