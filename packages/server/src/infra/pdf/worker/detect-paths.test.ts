import { describe, expect, it } from 'vitest';
import { addSubpath, isShading, type Paint, type PathMarks } from './detect-paths';

const stroke: Paint = { filled: false, stroked: true, fill: '#000000', dashed: false };
const marks = (): PathMarks => ({ rules: [], shapes: [], shaded: [] });
const square = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
  [x, y],
];

describe('what a drawn subpath is to detection', () => {
  it('a small closed curve is a radio button, an open arc (a rounded corner of a frame) is nothing', () => {
    const circle = marks();
    addSubpath(
      [
        [10, 5],
        [15, 10],
        [10, 15],
        [5, 10],
        [10, 5],
      ],
      true,
      true,
      stroke,
      circle,
    );
    expect(circle.shapes).toEqual([{ x: 5, y: 5, width: 10, height: 10, kind: 'round' }]);
    const corner = marks();
    addSubpath(
      [
        [10, 5],
        [5, 10],
      ],
      true,
      false,
      stroke,
      corner,
    );
    expect(corner.shapes).toEqual([]);
  });

  it('a rectangle filled with a tiling pattern (hatching) is an area not to fill, not a box', () => {
    const out = marks();
    addSubpath(
      square(297, 333, 81, 18),
      false,
      true,
      { ...stroke, filled: true, stroked: false, fill: 'pattern' },
      out,
    );
    expect(out.shaded).toEqual([{ x: 297, y: 333, width: 81, height: 18 }]);
    expect(out.shapes).toEqual([]);
  });

  it('a mid-grey filled cell is shading; a pale grey or a tinted fill stays a box', () => {
    expect(isShading('#c0c0c0')).toBe(true);
    expect(isShading('#e6e6e6')).toBe(false);
    expect(isShading('#dcfffb')).toBe(false);
    const out = marks();
    addSubpath(square(0, 0, 22, 12), false, true, { ...stroke, filled: true, stroked: false, fill: '#c0c0c0' }, out);
    addSubpath(square(40, 0, 22, 12), false, true, { ...stroke, filled: true, stroked: false, fill: '#e6e6e6' }, out);
    expect(out.shaded).toHaveLength(1);
    expect(out.shapes).toEqual([{ x: 40, y: 0, width: 22, height: 12, kind: 'rect' }]);
  });

  it('a dashed stroke makes a dashed rule', () => {
    const out = marks();
    addSubpath(
      [
        [500, 80],
        [500, 100],
      ],
      false,
      false,
      { ...stroke, dashed: true },
      out,
    );
    addSubpath(
      [
        [400, 100],
        [600, 100],
      ],
      false,
      false,
      stroke,
      out,
    );
    expect(out.rules).toEqual([
      { x0: 80, x1: 100, y: 500, dir: 'v', dashed: true },
      { x0: 400, x1: 600, y: 100, dir: 'h' },
    ]);
  });

  it('a dark dot painted without an outline is a bullet, not a radio button', () => {
    const out = marks();
    const dot: [number, number][] = [
      [10, 5],
      [13, 8],
      [10, 11],
      [7, 8],
      [10, 5],
    ];
    addSubpath(dot, true, true, { ...stroke, filled: true, stroked: false }, out);
    expect(out.shapes).toEqual([]);
    addSubpath(dot, true, true, { ...stroke, filled: true, stroked: true, fill: '#ffffff' }, out);
    expect(out.shapes).toHaveLength(1);
  });
});
