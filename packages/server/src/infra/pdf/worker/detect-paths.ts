// What one drawn subpath is to field detection (issue 25, decision 068): a line, a box, a small closed curve, or an
// area the form marks as not to be filled in. Pure, over displayed points; detect-read.ts feeds it pdf.js's paths.
import type { Area, Rule, Shape } from './detect-layout';

/** How the subpath is painted: the fill is a colour (#rrggbb) or a tiling pattern (hatching). */
export interface Paint {
  filled: boolean;
  stroked: boolean;
  fill: string | 'pattern';
  /** The stroke is dashed or dotted (setDash with a non-empty array). */
  dashed: boolean;
}

export interface PathMarks {
  rules: Rule[];
  shapes: Shape[];
  shaded: Area[];
}

const rgb = (hex: string) => {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return [0, 0, 0] as const;
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
};

export const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

/**
 * A neutral mid-grey fill (IRS forms shade the cells nobody writes in with #c0c0c0): no tint, luminance 0.45-0.82.
 * Lighter greys (a field's pale background) and tinted fills (a form's coloured page) stay boxes.
 */
export function isShading(hex: string) {
  const [r, g, b] = rgb(hex);
  const l = luminance(hex);
  return Math.max(r, g, b) - Math.min(r, g, b) <= 12 && l >= 0.45 && l <= 0.82;
}

function axisAligned(points: readonly (readonly [number, number])[]) {
  for (let k = 1; k < points.length; k++) {
    const [ax, ay] = points[k - 1] as readonly [number, number];
    const [bx, by] = points[k] as readonly [number, number];
    if (Math.abs(ax - bx) > 0.5 && Math.abs(ay - by) > 0.5) return false;
  }
  return true;
}

/**
 * Adds what one subpath draws to `out`. `curved` when it has a Bézier segment, `closed` when it was closed (h) or
 * ends where it began: only a small closed curve is a radio button (an open arc is a rounded corner of a frame).
 * A rectangle filled with a tiling pattern (hatching) or a mid-grey is an area not to fill in.
 */
export function addSubpath(
  points: readonly (readonly [number, number])[],
  curved: boolean,
  closed: boolean,
  paint: Paint,
  out: PathMarks,
): void {
  if (points.length < 2) return;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const w = x1 - x0;
  const h = y1 - y0;
  const first = points[0] as readonly [number, number];
  const last = points.at(-1) as readonly [number, number];
  const ends = closed || (Math.abs(first[0] - last[0]) < 1 && Math.abs(first[1] - last[1]) < 1);
  const { filled, stroked, fill, dashed } = paint;
  if (curved) {
    // a dark dot painted without an outline is a bullet; a radio button is an outline (or a pale disc)
    if (filled && !stroked && (fill === 'pattern' || luminance(fill) < 0.5)) return;
    if (ends && w > 3 && h > 3 && w < 20 && h < 20 && w / h < 1.5 && h / w < 1.5)
      out.shapes.push({ x: x0, y: y0, width: w, height: h, kind: 'round' });
    return;
  }
  if (filled && !stroked && fill === 'pattern') {
    if (w >= 4 && h >= 4) out.shaded.push({ x: x0, y: y0, width: w, height: h });
    return;
  }
  const light = fill === 'pattern' ? 0 : luminance(fill);
  if (filled && !stroked && light > 0.97) return; // white paint covers, it draws nothing a reader sees
  const mark = dashed && stroked ? { dashed: true } : {};
  if (h <= 2.5 && w >= 4) out.rules.push({ x0, x1, y: (y0 + y1) / 2, dir: 'h', ...mark });
  else if (w <= 2.5 && h >= 3) out.rules.push({ x0: y0, x1: y1, y: (x0 + x1) / 2, dir: 'v', ...mark });
  else if (points.length <= 6 && axisAligned(points)) {
    if (filled && !stroked && fill !== 'pattern' && isShading(fill))
      out.shaded.push({ x: x0, y: y0, width: w, height: h });
    else if (stroked || light > 0.5) out.shapes.push({ x: x0, y: y0, width: w, height: h, kind: 'rect' });
    // a dark filled block (a heading bar) is no box to write in
  } else if (stroked) {
    for (let k = 1; k < points.length; k++) {
      const [ax, ay] = points[k - 1] as readonly [number, number];
      const [bx, by] = points[k] as readonly [number, number];
      if (Math.abs(ay - by) < 0.5 && Math.abs(ax - bx) >= 4)
        out.rules.push({ x0: Math.min(ax, bx), x1: Math.max(ax, bx), y: ay, dir: 'h', ...mark });
      else if (Math.abs(ax - bx) < 0.5 && Math.abs(ay - by) >= 3)
        out.rules.push({ x0: Math.min(ay, by), x1: Math.max(ay, by), y: ax, dir: 'v', ...mark });
    }
  }
}
