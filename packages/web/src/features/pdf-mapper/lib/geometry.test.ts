import { describe, expect, it } from 'vitest';
import {
  arrowDelta,
  clampRect,
  duplicateRect,
  fitZoom,
  MAX_ZOOM,
  MIN_ZOOM,
  nextFreeSpot,
  nudge,
  placeField,
  rectToPixels,
  snapRect,
  snapSize,
  toPixels,
  toPoints,
  zoomIn,
  zoomOut,
} from './geometry';

const LETTER = { width: 612, height: 792 };
/** US Letter turned by /Rotate 90: wider than tall as displayed. */
const TURNED = { width: 792, height: 612 };

describe('zoom and points', () => {
  it('converts points to pixels and back at any zoom', () => {
    for (const zoom of [0.5, 1, 1.25, 2, 3]) {
      expect(toPoints(toPixels(123.45, zoom), zoom)).toBe(123.45);
    }
    expect(rectToPixels({ x: 10, y: 20, width: 200, height: 18 }, 1.5)).toEqual({
      x: 15,
      y: 30,
      width: 300,
      height: 27,
    });
  });

  it('steps the zoom by a quarter within its limits', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomIn(1.1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomOut(1.1)).toBe(1);
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
  });

  it('fits the widest page, rotated ones included', () => {
    expect(fitZoom(612, [LETTER])).toBe(1);
    expect(fitZoom(792, [LETTER, TURNED])).toBe(1);
    expect(fitZoom(10_000, [LETTER])).toBe(MAX_ZOOM);
  });
});

describe('boxes on a page', () => {
  it('places the default sizes of spec 1 §9', () => {
    expect(placeField('text', { x: 50, y: 60 }, LETTER)).toEqual({ x: 50, y: 60, width: 200, height: 18 });
    for (const type of ['checkbox', 'checkboxList', 'radio'] as const) {
      expect(placeField(type, { x: 0, y: 0 }, LETTER)).toMatchObject({ width: 25, height: 25 });
    }
    // a click near the right edge keeps the whole box on the page
    expect(placeField('signature', { x: 600, y: 785 }, LETTER)).toEqual({ x: 412, y: 774, width: 200, height: 18 });
  });

  it('nudges and clamps to the displayed page, also when it is rotated', () => {
    const box = { x: 10, y: 10, width: 200, height: 18 };
    expect(nudge(box, 1, 0, LETTER).x).toBe(11);
    expect(nudge(box, -20, -20, LETTER)).toMatchObject({ x: 0, y: 0 });
    expect(nudge({ ...box, x: 590 }, 10, 0, TURNED).x).toBe(592);
    expect(nudge({ ...box, x: 590 }, 10, 0, LETTER).x).toBe(412);
    expect(nudge({ ...box, y: 600 }, 0, 10, TURNED).y).toBe(594);
  });

  it('never lets a box grow beyond its page or shrink to nothing', () => {
    expect(clampRect({ x: -5, y: -5, width: 1000, height: 0 }, LETTER)).toEqual({ x: 0, y: 0, width: 612, height: 4 });
  });

  it('maps arrow keys to 1 point, 10 with Shift', () => {
    expect(arrowDelta('ArrowLeft', false)).toEqual({ dx: -1, dy: 0 });
    expect(arrowDelta('ArrowDown', true)).toEqual({ dx: 0, dy: 10 });
    expect(arrowDelta('Enter', false)).toBeNull();
  });

  it('duplicates 10 points lower and to the right', () => {
    expect(duplicateRect({ x: 100, y: 100, width: 25, height: 25 }, LETTER)).toMatchObject({ x: 110, y: 110 });
  });

  it('puts keyboard-placed boxes under the ones already on the page', () => {
    expect(nextFreeSpot('text', [], LETTER)).toMatchObject({ x: 36, y: 36 });
    expect(nextFreeSpot('text', [{ x: 36, y: 36, width: 200, height: 18 }], LETTER)).toMatchObject({ y: 62 });
  });
});

describe('snapping', () => {
  const other = { x: 100, y: 200, width: 200, height: 18 };

  it('sticks to the edges of other boxes within the threshold', () => {
    // left edges line up
    expect(snapRect({ x: 103, y: 400, width: 50, height: 10 }, [other])).toMatchObject({ x: 100, y: 400 });
    // our right edge meets their left edge
    expect(snapRect({ x: 48, y: 400, width: 50, height: 10 }, [other])).toMatchObject({ x: 50 });
    // our top meets their bottom
    expect(snapRect({ x: 400, y: 221, width: 50, height: 10 }, [other])).toMatchObject({ y: 218 });
  });

  it('falls back to the grid, or keeps the position without one', () => {
    expect(snapRect({ x: 143, y: 401, width: 50, height: 10 }, [other], { grid: 5 })).toMatchObject({
      x: 145,
      y: 400,
    });
    expect(snapRect({ x: 143.123, y: 401, width: 50, height: 10 }, [])).toMatchObject({ x: 143.12, y: 401 });
  });

  it('snaps a resized size to the grid', () => {
    expect(snapSize({ x: 0, y: 0, width: 203, height: 1 }, 5)).toMatchObject({ width: 205, height: 4 });
  });
});
