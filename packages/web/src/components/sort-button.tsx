import { Group, Text, UnstyledButton } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';

/** A sortable column's header: its label as a button, with the direction when it is the list's sort. */
export function SortButton({
  label,
  isActive,
  order,
  onSort,
}: {
  label: string;
  isActive: boolean;
  order: 'asc' | 'desc';
  onSort: () => void;
}) {
  return (
    <UnstyledButton onClick={onSort} aria-label={UI_TEXT.sortBy(label)}>
      <Group gap={4} wrap="nowrap">
        <Text span size="sm" fw={600}>
          {label}
        </Text>
        <Text span size="xs" c={isActive ? 'dark' : 'dimmed'} aria-hidden>
          {isActive ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
