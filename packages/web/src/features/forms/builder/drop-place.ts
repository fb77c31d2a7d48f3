import type { FormDefinition } from '@under/core/forms/form.schema';
import { listContainer, locate, ROOT } from './builder-tree';

/** Where a drop is aimed: a component (its key) or a list (its container id). */
type DropTarget = { item: string } | { container: string };

interface DropInput {
  form: FormDefinition;
  target: DropTarget;
  /** The key of the component being moved; undefined for a new one from the palette. */
  moving?: string;
  /** Whether what is dropped is a page-like panel (pages may sit at a wizard's top level; nothing else may). */
  isPanel: boolean;
  /** The pointer's position for a mouse drop, with the middles of the target list's children (the moved one left out). */
  pointer?: { y: number; middles: (container: string) => number[] };
  /** The last arrow key of a keyboard move. */
  direction?: 'up' | 'down';
}

/**
 * The list and position a drop lands at, as `moveComponent`/`insertComponent` take them (the index counts the list
 * without the moved component).
 * - Mouse: the position between the target list's children the pointer is at (their middles decide).
 * - Keyboard: the place of the component the arrows reached: in its own list, the moved one takes its place; coming
 *   from another list, it goes just before it when moving down and just after it when moving up, so each press
 *   moves one step and a page's end is crossed into the neighbouring page.
 * - In a wizard, nothing but a panel lands at the top level, between pages: a drop there goes inside the page.
 */
export function dropPlace(input: DropInput): { container: string; index: number } | undefined {
  const { form, target, moving, pointer, direction } = input;
  let container: string;
  let index: number;
  if ('container' in target) {
    container = target.container;
    const size = listSize(form, container, moving);
    index = pointer ? countAbove(pointer.middles(container), pointer.y) : size;
  } else {
    const place = locate(form, target.item);
    if (!place) return undefined;
    container = place.container;
    const from = moving ? locate(form, moving) : undefined;
    if (pointer) {
      index = countAbove(pointer.middles(container), pointer.y);
    } else if (from && from.container === container) {
      index = place.index;
    } else {
      index = direction === 'up' ? place.index + 1 : place.index;
    }
  }
  if (form.display === 'wizard' && container === ROOT && !input.isPanel) return intoPage(input, index);
  return { container, index };
}

function listSize(form: FormDefinition, container: string, moving: string | undefined): number {
  const list = listContainer(form, container) ?? [];
  return list.filter((c) => c.key !== moving).length;
}

function countAbove(middles: number[], y: number): number {
  return middles.filter((middle) => middle < y).length;
}

/** A field aimed between pages (or at a page's frame) goes into a page instead: the end of the one above, or the start of the one below. */
function intoPage(input: DropInput, rootIndex: number): { container: string; index: number } | undefined {
  const { form, target, moving, direction } = input;
  const pages = form.components.filter((c) => c.key !== moving && c.type === 'panel');
  if (pages.length === 0) return undefined;
  if ('item' in target) {
    const page = pages.find((p) => p.key === target.item);
    if (page && page.type === 'panel') {
      // At a page's frame: moving up (or the pointer's lower half) reaches its end, otherwise its start.
      const atEnd = input.pointer ? rootIndex > pages.indexOf(page) : direction === 'up';
      return { container: page.key, index: atEnd ? listSize(form, page.key, moving) : 0 };
    }
  }
  const above = pages[Math.min(rootIndex, pages.length) - 1];
  if (above) return { container: above.key, index: listSize(form, above.key, moving) };
  return { container: (pages[0] as (typeof pages)[number]).key, index: 0 };
}
