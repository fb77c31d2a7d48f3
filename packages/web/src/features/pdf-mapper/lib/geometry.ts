import { defaultFieldSize } from '@under/core/templates/mapping-rules';
import type { PdfFieldType } from '@under/core/templates/pdf-field.schema';

/**
 * Geometry of the mapper. Boxes are stored in PDF points from the top-left corner of the page as displayed (after
 * /Rotate), the server's unit (decision 011); the screen shows them at `zoom` CSS pixels a point.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageSize {
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;
export const ZOOM_STEP = 0.25;
/** Grid of the snapping, in points. */
export const GRID_PT = 5;
/** How close (in points) an edge must come to another box's edge to stick to it. */
export const EDGE_SNAP_PT = 4;
/** The smallest box a resize leaves, in points. */
export const MIN_SIZE_PT = 4;

/** Two decimals of a point: enough for print, and saved mappings stay readable. */
export function roundPt(value: number): number {
  return Math.round(value * 100) / 100;
}

export function toPixels(points: number, zoom: number): number {
  return points * zoom;
}

export function toPoints(pixels: number, zoom: number): number {
  return roundPt(pixels / zoom);
}

export function rectToPixels(rect: Rect, zoom: number): Rect {
  return {
    x: toPixels(rect.x, zoom),
    y: toPixels(rect.y, zoom),
    width: toPixels(rect.width, zoom),
    height: toPixels(rect.height, zoom),
  };
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));
}

export function zoomIn(zoom: number): number {
  return clampZoom(Math.floor(zoom / ZOOM_STEP + 1e-9) * ZOOM_STEP + ZOOM_STEP);
}

export function zoomOut(zoom: number): number {
  return clampZoom(Math.ceil(zoom / ZOOM_STEP - 1e-9) * ZOOM_STEP - ZOOM_STEP);
}

/** The zoom at which the widest page fills `available` CSS pixels. */
export function fitZoom(available: number, pages: readonly PageSize[]): number {
  const widest = Math.max(1, ...pages.map((p) => p.width));
  return clampZoom(available / widest);
}

/** Keeps a box inside its page: size first (at most the page), then position. */
export function clampRect(rect: Rect, page: PageSize): Rect {
  const width = roundPt(Math.min(Math.max(rect.width, MIN_SIZE_PT), page.width));
  const height = roundPt(Math.min(Math.max(rect.height, MIN_SIZE_PT), page.height));
  return {
    x: roundPt(Math.min(Math.max(rect.x, 0), page.width - width)),
    y: roundPt(Math.min(Math.max(rect.y, 0), page.height - height)),
    width,
    height,
  };
}

/** Moves a box by (dx, dy) points without leaving the page. */
export function nudge(rect: Rect, dx: number, dy: number, page: PageSize): Rect {
  return clampRect({ ...rect, x: rect.x + dx, y: rect.y + dy }, page);
}

/** The arrow keys' move: 1 point, 10 with Shift; null for other keys. */
export function arrowDelta(key: string, isShift: boolean): { dx: number; dy: number } | null {
  const step = isShift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}

export function snapToGrid(value: number, grid = GRID_PT): number {
  return roundPt(Math.round(value / grid) * grid);
}

/**
 * Snaps a moved box: each axis sticks to the nearest edge of another box (its left/right or top/bottom, either edge
 * of ours) when within `threshold` points, otherwise to the grid when `grid` is given.
 */
export function snapRect(
  rect: Rect,
  others: readonly Rect[],
  options: { grid?: number; threshold?: number } = {},
): Rect {
  const threshold = options.threshold ?? EDGE_SNAP_PT;
  const axis = (start: number, size: number, edges: number[]): number => {
    let best: number | null = null;
    let bestDistance = threshold + 1e-9;
    for (const edge of edges) {
      for (const candidate of [edge, edge - size]) {
        const distance = Math.abs(candidate - start);
        if (distance <= bestDistance) {
          best = candidate;
          bestDistance = distance;
        }
      }
    }
    if (best !== null) return roundPt(best);
    return options.grid ? snapToGrid(start, options.grid) : roundPt(start);
  };
  const xEdges = others.flatMap((o) => [o.x, o.x + o.width]);
  const yEdges = others.flatMap((o) => [o.y, o.y + o.height]);
  return { ...rect, x: axis(rect.x, rect.width, xEdges), y: axis(rect.y, rect.height, yEdges) };
}

/** A resized box's size snapped to the grid (its position is where the user dragged the edge from). */
export function snapSize(rect: Rect, grid = GRID_PT): Rect {
  return {
    ...rect,
    width: Math.max(MIN_SIZE_PT, snapToGrid(rect.width, grid)),
    height: Math.max(MIN_SIZE_PT, snapToGrid(rect.height, grid)),
  };
}

/** The default box of a type (spec 1 §9) placed with its top-left corner at a point, kept inside the page. */
export function placeField(type: PdfFieldType, at: { x: number; y: number }, page: PageSize): Rect {
  return clampRect({ x: at.x, y: at.y, ...defaultFieldSize(type) }, page);
}

/** Where the keyboard's "place on page N" puts a box: left margin, below the boxes already there. */
export function nextFreeSpot(type: PdfFieldType, existing: readonly Rect[], page: PageSize): Rect {
  const margin = 36;
  const bottom = existing.reduce((max, r) => Math.max(max, r.y + r.height), margin - 8);
  return placeField(type, { x: margin, y: bottom + 8 }, page);
}

/** A duplicate sits 10 points lower and to the right, inside the page. */
export function duplicateRect(rect: Rect, page: PageSize): Rect {
  return nudge(rect, 10, 10, page);
}
