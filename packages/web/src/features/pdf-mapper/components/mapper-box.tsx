import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Rnd } from 'react-rnd';
import {
  arrowDelta,
  clampRect,
  GRID_PT,
  type PageSize,
  type Rect,
  snapRect,
  snapSize,
  toPoints,
} from '../lib/geometry';
import classes from './mapper.module.css';

export type BoxCommand = 'delete' | 'duplicate';

interface MapperBoxProps {
  rect: Rect;
  page: PageSize;
  zoom: number;
  /** The accessible name: key and type. */
  label: string;
  /** What the box shows (short). */
  text: string;
  isSelected: boolean;
  isInvalid?: boolean;
  /** A detected field not accepted yet (issue 25): drawn dashed. */
  isProposal?: boolean;
  isSnapping: boolean;
  /** The other boxes of the page, for edge snapping. */
  others: readonly Rect[];
  onSelect: () => void;
  onChange: (rect: Rect) => void;
  onCommand: (command: BoxCommand) => void;
}

/** A placed box: dragged and resized with the pointer (react-rnd), or moved with the keyboard as a focusable button. */
export function MapperBox({
  rect,
  page,
  zoom,
  label,
  text,
  isSelected,
  isInvalid = false,
  isProposal = false,
  isSnapping,
  others,
  onSelect,
  onChange,
  onCommand,
}: MapperBoxProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);

  // a box selected elsewhere (panel, placing, duplicating) takes the focus, so the keyboard acts on it
  useEffect(() => {
    if (isSelected && buttonRef.current && document.activeElement !== buttonRef.current) {
      const active = document.activeElement;
      const isTyping = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
      if (!isTyping) buttonRef.current.focus({ preventScroll: false });
    }
  }, [isSelected]);

  const finish = (moved: Rect, isResize: boolean) => {
    let next = moved;
    if (isSnapping) next = isResize ? snapSize(next, GRID_PT) : snapRect(next, others, { grid: GRID_PT });
    onChange(clampRect(next, page));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const delta = arrowDelta(event.key, event.shiftKey);
    if (delta) {
      event.preventDefault();
      onChange(clampRect({ ...rect, x: rect.x + delta.dx, y: rect.y + delta.dy }, page));
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onCommand('delete');
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      onCommand('duplicate');
    }
  };

  return (
    <Rnd
      className={`${classes.box} ${isSelected ? classes.boxSelected : ''} ${isInvalid ? classes.boxInvalid : ''} ${isProposal ? classes.boxProposal : ''}`}
      bounds="parent"
      size={{ width: rect.width * zoom, height: rect.height * zoom }}
      position={{ x: rect.x * zoom, y: rect.y * zoom }}
      minWidth={4 * zoom}
      minHeight={4 * zoom}
      onDragStart={onSelect}
      onDragStop={(_event, data) => {
        const x = toPoints(data.x, zoom);
        const y = toPoints(data.y, zoom);
        // a click without a move is a selection, not a change
        if (Math.abs(x - rect.x) < 0.01 && Math.abs(y - rect.y) < 0.01) return;
        finish({ ...rect, x, y }, false);
      }}
      // handles only on the selected box: on a checkbox-sized box they would cover it and take every click
      enableResizing={isSelected}
      onResizeStart={onSelect}
      onResizeStop={(_event, _direction, element, _delta, position) => {
        finish(
          {
            x: toPoints(position.x, zoom),
            y: toPoints(position.y, zoom),
            width: toPoints(element.offsetWidth, zoom),
            height: toPoints(element.offsetHeight, zoom),
          },
          true,
        );
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={classes.boxButton}
        aria-label={label}
        aria-pressed={isSelected}
        title={label}
        onClick={(event) => {
          event.stopPropagation();
          onSelect();
        }}
        onKeyDown={handleKeyDown}
        style={{
          fontSize: Math.max(8, Math.min(12, rect.height * zoom * 0.6)),
          // an ellipsis would leave one letter in a checkbox-sized box: show as much of the key as fits
          ...(rect.width * zoom < 60 ? { textOverflow: 'clip', padding: '0 1px' } : {}),
        }}
      >
        {text}
      </button>
    </Rnd>
  );
}
