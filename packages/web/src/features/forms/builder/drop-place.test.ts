import { describe, expect, it } from 'vitest';
import { buildForm } from '../../../test/form-test-utils';
import { ROOT } from './builder-tree';
import { dropPlace } from './drop-place';

const wizard = buildForm(
  [
    {
      type: 'panel',
      key: 'p1',
      title: 'One',
      components: [
        { type: 'textfield', key: 'a', label: 'A' },
        { type: 'textfield', key: 'b', label: 'B' },
      ],
    },
    {
      type: 'panel',
      key: 'p2',
      title: 'Two',
      components: [
        { type: 'textfield', key: 'c', label: 'C' },
        { type: 'textfield', key: 'd', label: 'D' },
      ],
    },
    { type: 'panel', key: 'p3', title: 'Three', components: [] },
  ],
  'wizard',
);

describe('dropPlace: keyboard', () => {
  it('crosses a page end downwards to the start of the next page, upwards to the end of the previous one', () => {
    expect(dropPlace({ form: wizard, target: { item: 'c' }, moving: 'b', isPanel: false, direction: 'down' })).toEqual({
      container: 'p2',
      index: 0,
    });
    expect(dropPlace({ form: wizard, target: { item: 'b' }, moving: 'c', isPanel: false, direction: 'up' })).toEqual({
      container: 'p1',
      index: 2,
    });
  });
  it('takes the place of a field in its own list', () => {
    expect(dropPlace({ form: wizard, target: { item: 'd' }, moving: 'c', isPanel: false, direction: 'down' })).toEqual({
      container: 'p2',
      index: 1,
    });
  });
  it('lands inside a page, never between pages, when it reaches a page frame or the top level', () => {
    expect(dropPlace({ form: wizard, target: { item: 'p2' }, moving: 'b', isPanel: false, direction: 'down' })).toEqual(
      {
        container: 'p2',
        index: 0,
      },
    );
    expect(dropPlace({ form: wizard, target: { item: 'p2' }, moving: 'b', isPanel: false, direction: 'up' })).toEqual({
      container: 'p2',
      index: 2,
    });
    expect(dropPlace({ form: wizard, target: { container: ROOT }, moving: 'a', isPanel: false })).toEqual({
      container: 'p3',
      index: 0,
    });
    expect(dropPlace({ form: wizard, target: { container: 'p3' }, moving: 'a', isPanel: false })).toEqual({
      container: 'p3',
      index: 0,
    });
  });
  it('lets a page move among pages', () => {
    expect(dropPlace({ form: wizard, target: { item: 'p1' }, moving: 'p3', isPanel: true, direction: 'up' })).toEqual({
      container: ROOT,
      index: 0,
    });
  });
});

describe('dropPlace: mouse', () => {
  // Middles of each list's children on screen (the moved one left out), as the canvas measures them.
  const middles: Record<string, number[]> = { p1: [100, 150], p2: [300, 350], [ROOT]: [125, 325, 450] };
  const at = (y: number, leaveOut?: string) => ({
    y,
    middles: (container: string) =>
      leaveOut && container === 'p2' ? (middles.p2 ?? []).slice(1) : (middles[container] ?? []),
  });

  it('lands between the two fields the pointer is between', () => {
    expect(dropPlace({ form: wizard, target: { item: 'c' }, isPanel: false, pointer: at(320) })).toEqual({
      container: 'p2',
      index: 1,
    });
    expect(dropPlace({ form: wizard, target: { container: 'p1' }, isPanel: false, pointer: at(120) })).toEqual({
      container: 'p1',
      index: 1,
    });
    expect(dropPlace({ form: wizard, target: { item: 'd' }, isPanel: false, pointer: at(10) })).toEqual({
      container: 'p2',
      index: 0,
    });
  });
  it('counts positions without the field being moved', () => {
    expect(
      dropPlace({ form: wizard, target: { item: 'd' }, moving: 'c', isPanel: false, pointer: at(400, 'c') }),
    ).toEqual({ container: 'p2', index: 1 });
  });
  it('in a wizard, a field dropped on a page frame goes into that page', () => {
    expect(dropPlace({ form: wizard, target: { item: 'p2' }, isPanel: false, pointer: at(200) })).toEqual({
      container: 'p2',
      index: 0,
    });
    expect(dropPlace({ form: wizard, target: { item: 'p2' }, isPanel: false, pointer: at(400) })).toEqual({
      container: 'p2',
      index: 2,
    });
  });
});
