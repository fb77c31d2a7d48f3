import type { PDFPage } from 'pdf-lib';

/** A page's visible box (its CropBox, else its MediaBox) and rotation; width and height as displayed. */
export interface PageGeometry {
  ox: number;
  oy: number;
  w: number;
  h: number;
  rotation: 0 | 90 | 180 | 270;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The page's geometry; undefined for a box that is not four finite numbers enclosing an area. A box given with its
 * corners swapped is read as viewers read it.
 */
export function pageGeometry(page: PDFPage): PageGeometry | undefined {
  const box = page.getCropBox();
  const ox = Math.min(box.x, box.x + box.width);
  const oy = Math.min(box.y, box.y + box.height);
  const w = Math.abs(box.width);
  const h = Math.abs(box.height);
  if (![ox, oy, w, h].every(Number.isFinite) || !(w > 0 && h > 0)) return undefined;
  const angle = (((page.getRotation().angle % 360) + 360) % 360) | 0;
  const rotation = (angle - (angle % 90)) as PageGeometry['rotation'];
  const swap = rotation === 90 || rotation === 270;
  return { ox, oy, w, h, rotation, width: swap ? h : w, height: swap ? w : h };
}

/** A point measured from the displayed page's top-left corner (y down) to PDF user space. */
export function toUser(g: PageGeometry, dx: number, dy: number) {
  switch (g.rotation) {
    case 90:
      return { x: g.ox + dy, y: g.oy + dx };
    case 180:
      return { x: g.ox + g.w - dx, y: g.oy + dy };
    case 270:
      return { x: g.ox + g.w - dy, y: g.oy + g.h - dx };
    default:
      return { x: g.ox + dx, y: g.oy + g.h - dy };
  }
}

/** A rectangle in user space to displayed coordinates (top-left origin), clipped to the page. */
export function rectToDisplay(g: PageGeometry, r: Box): Box {
  const corners = [
    [r.x, r.y],
    [r.x + r.width, r.y],
    [r.x, r.y + r.height],
    [r.x + r.width, r.y + r.height],
  ].map(([ux = 0, uy = 0]) => {
    const x = ux - g.ox;
    const y = uy - g.oy;
    switch (g.rotation) {
      case 90:
        return [y, x] as const;
      case 180:
        return [g.w - x, y] as const;
      case 270:
        return [g.h - y, g.w - x] as const;
      default:
        return [x, g.h - y] as const;
    }
  });
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.max(0, Math.min(...xs));
  const y = Math.max(0, Math.min(...ys));
  return {
    x: round(x),
    y: round(y),
    width: round(Math.min(g.width, Math.max(...xs)) - x),
    height: round(Math.min(g.height, Math.max(...ys)) - y),
  };
}
