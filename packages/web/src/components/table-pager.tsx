import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE_OPTIONS } from '@under/core/constants';
import { UI_TEXT } from '@under/core/ui-text';

/**
 * The footer of a paged table: rows per page (when the list lets you choose), "a–b of n" announced politely, and the
 * page buttons. Choosing another page size goes back to the first page.
 */
export function TablePager(props: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  rangeText: string;
  pageSize?: number;
  onPageSize?: (size: number) => void;
}) {
  const { pageSize, onPageSize } = props;
  return (
    <Group justify="space-between" p="md" gap="md" wrap="wrap">
      <Group gap="sm">
        {pageSize !== undefined && onPageSize ? (
          <NativeSelect
            label={UI_TEXT.rowsPerPage}
            size="xs"
            w={90}
            data={PAGE_SIZE_OPTIONS.map(String)}
            value={String(pageSize)}
            onChange={(event) => onPageSize(Number(event.currentTarget.value))}
          />
        ) : null}
        <Text size="sm" c="dimmed" mt={pageSize !== undefined ? 18 : 0} aria-live="polite">
          {props.rangeText}
        </Text>
      </Group>
      <Pagination
        total={props.pages}
        value={props.page}
        onChange={props.onPage}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}
