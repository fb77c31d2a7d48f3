import { Stack, Table, Text } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import type { ReactNode } from 'react';

/**
 * The one row of a table with nothing to show, across every column: the spec's 'No data' unless the page says
 * more (no match for a search, or how to add the first entry), with an optional action below.
 */
export function EmptyRow({
  colSpan,
  children = MESSAGES.noData,
  action,
}: {
  colSpan: number;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Stack align="center" gap="sm" py="xl">
          {typeof children === 'string' ? (
            <Text c="dimmed" ta="center">
              {children}
            </Text>
          ) : (
            children
          )}
          {action}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
