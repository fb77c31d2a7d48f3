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
import { LISTED_STATUSES } from '@under/core/applications/application-list.schema';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { useStatusStatistics } from '../api/account-api';

const PERIODS = [6, 12, 24, 36] as const;
type Period = (typeof PERIODS)[number];
const monthLabel = (ym: string) =>
  new Date(`${ym}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

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

/**
 * The dashboard's applications (issue 14): counts by status over 6, 12, 24 or 36 months (each a link to the list
 * filtered by it), submissions and decisions per month, applications per form, and how long things take.
 */
export function ApplicationsDashboard() {
  const [months, setMonths] = useState<Period>(6);
  const stats = useStatusStatistics(months);
  const data = stats.data;
  const max = Math.max(0, ...(data?.perMonth ?? []).map((m) => Math.max(m.submitted, m.approved, m.denied)));
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dash-applications-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="dash-applications-title">
            {T.dashTitle}
          </Title>
          <SegmentedControl
            aria-label={T.dashPeriod}
            value={String(months)}
            onChange={(v) => setMonths(Number(v) as Period)}
            data={PERIODS.map((p) => ({ value: String(p), label: T.dashMonths(p) }))}
            size="xs"
          />
        </Group>
        {stats.isError ? (
          <Alert color="red" title={T.dashError}>
            {errorMessage(stats.error)}
          </Alert>
        ) : null}
        {data ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {LISTED_STATUSES.map((s) => (
                <Anchor key={s} component={Link} to={`/applications?status=${s}`} underline="never" c="inherit">
                  <Paper withBorder radius="md" p="sm">
                    <Text size="xs" c="dimmed">
                      {T.statusLabels[s]}
                    </Text>
                    <Text fw={700} fz={24} data-testid={`dash-${s}`}>
                      {data.byStatus[s]}
                    </Text>
                  </Paper>
                </Anchor>
              ))}
            </SimpleGrid>
            {data.total === 0 ? <Text c="dimmed">{T.dashNone}</Text> : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Paper bg="gray.0" radius="md" p="sm">
                <Text size="xs" c="dimmed">
                  {T.dashInviteToSubmit}
                </Text>
                <Text fw={600}>
                  {T.dashMedian(data.timings.inviteToSubmit.medianHours, data.timings.inviteToSubmit.count)}
                </Text>
              </Paper>
              <Paper bg="gray.0" radius="md" p="sm">
                <Text size="xs" c="dimmed">
                  {T.dashSubmitToDecision}
                </Text>
                <Text fw={600}>
                  {T.dashMedian(data.timings.submitToDecision.medianHours, data.timings.submitToDecision.count)}
                </Text>
              </Paper>
            </SimpleGrid>
            <Title order={3} fz="md">
              {T.dashPerMonth}
            </Title>
            <ScrollTable minWidth={480} label={T.dashPerMonth}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.colMonth}</Table.Th>
                    <Table.Th>{T.colSubmittedCount}</Table.Th>
                    <Table.Th>{T.colApproved}</Table.Th>
                    <Table.Th>{T.colDenied}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...data.perMonth].reverse().map((m) => (
                    <Table.Tr key={m.month}>
                      <Table.Td>{monthLabel(m.month)}</Table.Td>
                      <Table.Td>
                        <Bar value={m.submitted} max={max} color="var(--mantine-primary-color-filled)" />
                      </Table.Td>
                      <Table.Td>
                        <Bar value={m.approved} max={max} color="var(--mantine-color-green-6)" />
                      </Table.Td>
                      <Table.Td>
                        <Bar value={m.denied} max={max} color="var(--mantine-color-red-6)" />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            {data.perForm.length > 0 ? (
              <>
                <Title order={3} fz="md">
                  {T.dashPerForm}
                </Title>
                <ScrollTable minWidth={480} label={T.dashPerForm}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{T.colForm}</Table.Th>
                        <Table.Th>{T.colTotal}</Table.Th>
                        <Table.Th>{T.statusLabels.pending}</Table.Th>
                        <Table.Th>{T.colApproved}</Table.Th>
                        <Table.Th>{T.colDenied}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.perForm.slice(0, 10).map((f) => (
                        <Table.Tr key={f.customFormId}>
                          <Table.Td>{f.formName}</Table.Td>
                          <Table.Td>{f.total}</Table.Td>
                          <Table.Td>{f.byStatus.pending}</Table.Td>
                          <Table.Td>{f.byStatus.approved}</Table.Td>
                          <Table.Td>{f.byStatus.denied}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              </>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
