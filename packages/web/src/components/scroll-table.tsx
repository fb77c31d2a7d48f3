import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on narrow screens. Named (`label`), its scrolling area takes the keyboard focus (arrow
 * keys scroll it), so a table without links or buttons can still be read on a phone; without a name it is a plain
 * scrolling frame (its rows' links and buttons take the focus).
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label?: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={label ? { viewportProps: { tabIndex: 0, role: 'group', 'aria-label': label } } : undefined}
    >
      {children}
    </Table.ScrollContainer>
  );
}
