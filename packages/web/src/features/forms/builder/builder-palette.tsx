import { useDraggable } from '@dnd-kit/core';
import { Stack, Text } from '@mantine/core';
import type { FieldType } from '@under/core/forms/field-types';
import { UI_TEXT } from '@under/core/ui-text';
import classes from './builder.module.css';
import { PALETTE, type PaletteEntry } from './palette';

export const PALETTE_ID = 'palette:';

function PaletteItem({ entry, onAdd }: { entry: PaletteEntry; onAdd: (type: FieldType) => void }) {
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `${PALETTE_ID}${entry.type}`,
    data: { type: entry.type },
  });
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={classes.paletteItem}
      {...attributes}
      {...listeners}
      // A click (or Enter) adds the field where the selection is; dragging places it precisely.
      onClick={() => onAdd(entry.type)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onAdd(entry.type);
        } else listeners?.onKeyDown?.(event);
      }}
      aria-label={UI_TEXT.builderAdd(entry.label)}
      aria-roledescription="draggable field type"
    >
      {entry.label}
    </button>
  );
}

/** Field types by group; drag one onto the canvas, or press it to add it after the selected field. */
export function BuilderPalette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const groups = [...new Set(PALETTE.map((p) => p.group))];
  return (
    <Stack gap="sm" className={classes.palette} component="nav" aria-label={UI_TEXT.builderPalette}>
      {groups.map((group) => (
        <Stack key={group} gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="gray.7">
            {group}
          </Text>
          <div className={classes.paletteGroup}>
            {PALETTE.filter((p) => p.group === group).map((entry) => (
              <PaletteItem key={entry.type} entry={entry} onAdd={onAdd} />
            ))}
          </div>
        </Stack>
      ))}
    </Stack>
  );
}
