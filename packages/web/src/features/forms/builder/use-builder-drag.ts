import {
  type CollisionDetection,
  closestCenter,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { FieldType } from '@under/core/forms/field-types';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CONTAINER, ITEM } from './builder-canvas';
import { PALETTE_ID } from './builder-palette';
import { findComponent, ROOT } from './builder-tree';
import { dropPlace } from './drop-place';
import { PALETTE } from './palette';

/**
 * With the mouse: the innermost item or container under the pointer (so a drop lands inside a panel, not on the
 * form around it). With the keyboard: the stop the arrows reached.
 */
function collisionDetectionFor(keyboardTarget: { current: string | undefined }): CollisionDetection {
  return (args) => {
    const area = (id: string | number) => {
      const rect = args.droppableRects.get(id);
      return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
    };
    const hits = pointerWithin(args).filter((hit) => hit.id !== args.active.id);
    if (hits.length > 0) return [...hits].sort((a, b) => area(a.id) - area(b.id)).slice(0, 1);
    const stop = args.droppableContainers.find((c) => c.id === keyboardTarget.current);
    if (stop) return [{ id: stop.id, data: { droppableContainer: stop, value: 0 } }];
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((c) => String(c.id).startsWith(ITEM)),
    });
  };
}

/**
 * Arrow up and down move the dragged field to the previous or next stop in the canvas's document order: every
 * component and every empty list, whatever list it is in, so the keyboard also moves fields into and out of panels,
 * fieldsets and columns, and across pages. In a wizard a field never stops at a page's own frame (between pages):
 * from a page's last field, the next stop is the next page's first field (or its empty list). Document order and
 * fresh measurements, not the rectangles measured when the drag began: picking a field up may scroll the page.
 * The stop reached and the last direction are kept for the drop (see `dropPlace`).
 */
function keyboardCoordinatesFor(
  wizard: () => boolean,
  lastDirection: { current: 'up' | 'down' | undefined },
  keyboardTarget: { current: string | undefined },
) {
  const getter: KeyboardCoordinateGetter = (event, { context }) => {
    if (event.code !== 'ArrowUp' && event.code !== 'ArrowDown') return undefined;
    event.preventDefault();
    const { active, collisionRect } = context;
    if (!active || !collisionRect) return undefined;
    const up = event.code === 'ArrowUp';
    const fieldInWizard = wizard() && active.data.current?.type !== 'panel';
    const activeEl = document.querySelector<HTMLElement>(`[data-stop="${CSS.escape(String(active.id))}"]`);
    const stops = [...document.querySelectorAll<HTMLElement>('[data-stop]')].filter(
      (el) =>
        el !== activeEl &&
        !activeEl?.contains(el) &&
        !(fieldInWizard && el.dataset.parent === ROOT && el.dataset.stop?.startsWith(ITEM)),
    );
    const currentEl = keyboardTarget.current
      ? stops.find((el) => el.dataset.stop === keyboardTarget.current)
      : undefined;
    let next: HTMLElement | undefined;
    if (currentEl) next = stops[stops.indexOf(currentEl) + (up ? -1 : 1)];
    else if (activeEl) {
      const after = stops.findIndex((el) => activeEl.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      const firstAfter = after < 0 ? stops.length : after;
      next = stops[up ? firstAfter - 1 : firstAfter];
    } else next = up ? stops.at(-1) : stops[0];
    if (!next) return undefined;
    keyboardTarget.current = next.dataset.stop;
    lastDirection.current = up ? 'up' : 'down';
    const from = (activeEl ?? (event.target as HTMLElement)).getBoundingClientRect().top;
    return { x: collisionRect.left, y: collisionRect.top + (next.getBoundingClientRect().top - from) };
  };
  return getter;
}

/** The vertical middles of a canvas list's own children, the one being moved left out. */
function middlesOf(container: string, moving: string | undefined): number[] {
  const list = document.querySelector(`[data-container="${CSS.escape(container)}"]`);
  if (!list) return [];
  return [...list.children]
    .filter((el) => el instanceof HTMLElement && el.dataset.key !== undefined && el.dataset.key !== moving)
    .map((el) => {
      const rect = el.getBoundingClientRect();
      return rect.top + rect.height / 2;
    });
}

/** A drop the builder applies: a new field of `newType` from the palette, or the component `moving`, at `place`. */
interface BuilderDrop {
  newType?: FieldType;
  moving?: string;
  place: { container: string; index: number };
}

/**
 * The canvas's drag and drop with the mouse and the keyboard: the sensors, the stop the arrows reached, the pointer
 * followed while the page scrolls, and where a drop lands (`dropPlace`). `onDrop` applies it to the form.
 */
export function useBuilderDrag(form: FormDefinition, onDrop: (drop: BuilderDrop) => void) {
  const [dragging, setDragging] = useState<string>();
  const lastDirection = useRef<'up' | 'down' | undefined>(undefined);
  // Where the pointer is while dragging with the mouse: dnd-kit's delta also counts the page's scrolling, so after an
  // auto-scroll the activator's position plus the delta would place the drop too low.
  const pointerY = useRef<number | undefined>(undefined);
  const stopFollowing = useRef<(() => void) | undefined>(undefined);
  const followPointer = (start: Event | null) => {
    stopFollowing.current?.();
    pointerY.current = start && 'clientY' in start ? (start as PointerEvent).clientY : undefined;
    if (pointerY.current === undefined) return;
    const onMove = (e: PointerEvent) => {
      pointerY.current = e.clientY;
    };
    window.addEventListener('pointermove', onMove);
    stopFollowing.current = () => {
      window.removeEventListener('pointermove', onMove);
      stopFollowing.current = undefined;
    };
  };
  useEffect(() => () => stopFollowing.current?.(), []);
  const isWizard = useRef(false);
  isWizard.current = form.display === 'wizard';
  const keyboardTarget = useRef<string | undefined>(undefined);
  const keyboardCoordinates = useMemo(
    () => keyboardCoordinatesFor(() => isWizard.current, lastDirection, keyboardTarget),
    [],
  );
  const collisionDetection = useMemo(() => collisionDetectionFor(keyboardTarget), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const onDragStart = (event: DragStartEvent) => {
    followPointer(event.activatorEvent);
    lastDirection.current = undefined;
    keyboardTarget.current = undefined;
    setDragging(String(event.active.id));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const y = pointerY.current;
    stopFollowing.current?.();
    setDragging(undefined);
    keyboardTarget.current = undefined;
    if (!over) return;
    const overId = String(over.id);
    const activeId = String(active.id);
    const moving = activeId.startsWith(ITEM) ? activeId.slice(ITEM.length) : undefined;
    const newType = activeId.startsWith(PALETTE_ID) ? (activeId.slice(PALETTE_ID.length) as FieldType) : undefined;
    if (!moving && !newType) return;
    if (moving && overId === `${ITEM}${moving}`) return;
    const target = overId.startsWith(CONTAINER)
      ? { container: overId.slice(CONTAINER.length) }
      : overId.startsWith(ITEM)
        ? { item: overId.slice(ITEM.length) }
        : undefined;
    if (!target) return;
    // A mouse drop goes where the pointer is; a keyboard drop where the arrows went.
    const pointer = y === undefined ? undefined : { y, middles: (container: string) => middlesOf(container, moving) };
    const isPanel = (newType ?? (moving ? findComponent(form, moving)?.type : undefined)) === 'panel';
    const place = dropPlace({ form, target, moving, isPanel, pointer, direction: lastDirection.current });
    if (!place) return;
    onDrop({ newType, moving, place });
  };

  const onDragCancel = () => {
    stopFollowing.current?.();
    keyboardTarget.current = undefined;
    setDragging(undefined);
  };

  const draggingLabel = dragging?.startsWith(PALETTE_ID)
    ? PALETTE.find((p) => p.type === dragging.slice(PALETTE_ID.length))?.label
    : dragging?.startsWith(ITEM)
      ? findComponent(form, dragging.slice(ITEM.length))?.label || dragging.slice(ITEM.length)
      : undefined;

  return { sensors, collisionDetection, onDragStart, onDragEnd, onDragCancel, draggingLabel };
}
