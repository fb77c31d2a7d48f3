import {
  Alert,
  Anchor,
  Box,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  LISTED_STATUSES,
  type ListedStatus,
  STATISTICS_MONTHS,
} from '@under/core/applications/application-list.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/http-error';
import { EmptyRow } from './empty-row';
import { ScrollTable } from './scroll-table';

/**
 * The application figures of a dashboard (issue 14; decision 042), shared by the client's dashboard and the platform
 * admin's overview: the months selector, the counts by status, the medians, the per-month table and tables of counts
 * (per form, per account). They take the data and the words; what they link to is the page's.
 */

type Counts = Record<ListedStatus, number>;

/** The windows the statistics are read over (months). */
export type Period = (typeof STATISTICS_MONTHS)[number];

/** The words the figures use: the client's `APPLICATIONS_TEXT` has them all. */
interface FiguresText {
  dashPeriod: string;
  dashMonths: (months: number) => string;
  dashError: string;
  statusLabels: Readonly<Record<string, string>>;
  dashInviteToSubmit: string;
  dashSubmitToDecision: string;
  dashMedian: (hours: number | null, count: number) => string;
  dashPerMonth: string;
  colMonth: string;
  colSubmittedCount: string;
  colApproved: string;
  colDenied: string;
  colTotal: string;
}

const monthLabel = (ym: string) =>
  new Date(`${ym}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The figures' section: its title and the months selector (`STATISTICS_MONTHS`), the query's error if it failed,
 * then `children`. The section is named by its title (`titleId`).
 */
export function FiguresPanel({
  titleId,
  title,
  months,
  onMonths,
  query,
  texts,
  children,
}: {
  titleId: string;
  title: string;
  months: Period;
  onMonths: (months: Period) => void;
  query: { isError: boolean; error: unknown };
  texts: Pick<FiguresText, 'dashPeriod' | 'dashMonths' | 'dashError'>;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
          <SegmentedControl
            aria-label={texts.dashPeriod}
            value={String(months)}
            onChange={(v) => onMonths(Number(v) as Period)}
            data={STATISTICS_MONTHS.map((p) => ({ value: String(p), label: texts.dashMonths(p) }))}
            size="xs"
          />
        </Group>
        {query.isError ? (
          <Alert color="red" title={texts.dashError}>
            {errorMessage(query.error)}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}

/** One box per listed status with its count (`${testIdPrefix}${status}`), each a link when `linkTo` gives one. */
export function StatusCounts({
  byStatus,
  texts,
  testIdPrefix,
  linkTo,
}: {
  byStatus: Counts;
  texts: Pick<FiguresText, 'statusLabels'>;
  testIdPrefix: string;
  linkTo?: (status: ListedStatus) => string;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {LISTED_STATUSES.map((s) => {
        const box = (
          <Paper key={s} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {texts.statusLabels[s]}
            </Text>
            <Text fw={700} fz={24} data-testid={`${testIdPrefix}${s}`}>
              {byStatus[s]}
            </Text>
          </Paper>
        );
        return linkTo ? (
          <Anchor key={s} component={Link} to={linkTo(s)} underline="never" c="inherit">
            {box}
          </Anchor>
        ) : (
          box
        );
      })}
    </SimpleGrid>
  );
}

interface Median {
  medianHours: number | null;
  count: number;
}

/** How long things take: the two medians, each in a grey box. */
export function Medians({
  timings,
  texts,
}: {
  timings: { inviteToSubmit: Median; submitToDecision: Median };
  texts: Pick<FiguresText, 'dashInviteToSubmit' | 'dashSubmitToDecision' | 'dashMedian'>;
}) {
  const boxes = [
    [texts.dashInviteToSubmit, timings.inviteToSubmit],
    [texts.dashSubmitToDecision, timings.submitToDecision],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {boxes.map(([label, m]) => (
        <Paper key={label} bg="gray.0" radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600}>{texts.dashMedian(m.medianHours, m.count)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

interface FigureColumn<R> {
  header: ReactNode;
  cell: (row: R) => ReactNode;
}

/**
 * A titled table of figures (the title also names its scrolling area). `emptyRow`: 'No data' across the columns
 * when there is no row (otherwise the page leaves the table out).
 */
export function FigureTable<R>({
  title,
  minWidth,
  columns,
  rows,
  rowKey,
  rowTestId,
  emptyRow = false,
}: {
  title: string;
  minWidth: number;
  columns: readonly FigureColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowTestId?: string;
  emptyRow?: boolean;
}) {
  return (
    <>
      <Title order={3} fz="md">
        {title}
      </Title>
      <ScrollTable minWidth={minWidth} label={title}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <Table.Th key={i}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {emptyRow && rows.length === 0 ? <EmptyRow colSpan={columns.length} /> : null}
            {rows.map((r) => (
              <Table.Tr key={rowKey(r)} data-testid={rowTestId}>
                {columns.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <Table.Td key={i}>{c.cell(r)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </>
  );
}

/** The columns of a row's applications: the total, then pending, approved and denied (a prefix of them: `count`). */
export function countColumns(
  texts: Pick<FiguresText, 'colTotal' | 'statusLabels' | 'colApproved' | 'colDenied'>,
  count = 4,
): FigureColumn<{ total: number; byStatus: Counts }>[] {
  const columns: FigureColumn<{ total: number; byStatus: Counts }>[] = [
    { header: texts.colTotal, cell: (r) => r.total },
    { header: texts.statusLabels.pending, cell: (r) => r.byStatus.pending },
    { header: texts.colApproved, cell: (r) => r.byStatus.approved },
    { header: texts.colDenied, cell: (r) => r.byStatus.denied },
  ];
  return columns.slice(0, count);
}

/** A bar inside a table cell: the number stays the cell's text; the bar only draws it. */
function Bar({ value, max, color }: { value: number; max: number; color: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        aria-hidden
        h={8}
        w={`${max === 0 || value === 0 ? 0 : Math.max(2, Math.round((value / max) * 100))}%`}
        maw={120}
        bg={color}
        style={{ borderRadius: 4 }}
      />
      <Text size="sm">{value}</Text>
    </Group>
  );
}

interface MonthFigures {
  month: string;
  submitted: number;
  approved: number;
  denied: number;
}

/** Submissions and decisions per month, newest first; with `bars`, each number drawn as a bar too. */
export function PerMonthTable({
  perMonth,
  texts,
  bars = false,
}: {
  perMonth: readonly MonthFigures[];
  texts: Pick<FiguresText, 'dashPerMonth' | 'colMonth' | 'colSubmittedCount' | 'colApproved' | 'colDenied'>;
  bars?: boolean;
}) {
  const max = Math.max(0, ...perMonth.map((m) => Math.max(m.submitted, m.approved, m.denied)));
  const figure = (color: string, value: (m: MonthFigures) => number) => (m: MonthFigures) =>
    bars ? <Bar value={value(m)} max={max} color={color} /> : value(m);
  return (
    <FigureTable
      title={texts.dashPerMonth}
      minWidth={480}
      rows={[...perMonth].reverse()}
      rowKey={(m) => m.month}
      columns={[
        { header: texts.colMonth, cell: (m) => monthLabel(m.month) },
        {
          header: texts.colSubmittedCount,
          cell: figure('var(--mantine-primary-color-filled)', (m) => m.submitted),
        },
        { header: texts.colApproved, cell: figure('var(--mantine-color-green-6)', (m) => m.approved) },
        { header: texts.colDenied, cell: figure('var(--mantine-color-red-6)', (m) => m.denied) },
      ]}
    />
  );
}
