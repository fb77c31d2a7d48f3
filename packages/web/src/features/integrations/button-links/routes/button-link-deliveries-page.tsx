import { Anchor, Button, Container, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@under/core/forms/format';
import type { Delivery } from '@under/core/integrations/button-links.schema';
import { ADMIN_BUTTON_LINKS_TEXT as T } from '@under/core/ui-text/admin-button-links';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ListTable } from '../../../../components/list-table';
import { PageHeader } from '../../../../components/page-header';
import { errorMessage } from '../../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { usePaging } from '../../../../lib/use-paging';
import { useButtonLinks, useDeliveries, useResend } from '../api/button-links-api';

const COLUMNS = [
  { key: 'event', label: T.eventColumn },
  { key: 'state', label: T.stateColumn },
  { key: 'attempts', label: T.attemptsColumn },
  { key: 'response', label: T.responseColumn },
  { key: 'duration', label: T.durationColumn },
  { key: 'error', label: T.errorColumn },
  { key: 'created', label: T.createdColumn },
  { key: 'actions', label: T.actionsColumn },
] as const;

/** Deliveries are read against receivers' logs, to the second. */
const formatTime = (value: string) => formatDateTime(value, true);

const STATE_COLOURS: Record<Delivery['state'], string> = {
  delivered: 'dark.7',
  failed: 'red.9',
  queued: 'dark.6',
  sending: 'dark.6',
};

/** /admin/button-links/:buttonLinkId: the delivery log, paginated, newest first, with Resend on every delivery. */
export function ButtonLinkDeliveriesPage() {
  const { buttonLinkId = '' } = useParams();
  const links = useButtonLinks();
  const link = links.data?.items.find((l) => l.id === buttonLinkId);
  const paging = usePaging(buttonLinkId);
  const { page, pageSize } = paging;
  const list = useDeliveries(buttonLinkId, page, pageSize);
  const resend = useResend(buttonLinkId);
  const [resending, setResending] = useState<Delivery | null>(null);
  const data = list.data;
  const total = data?.total ?? 0;
  if (data && !list.isFetching) paging.keepInRange(total);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/button-links" size="sm">
          {T.backToList}
        </Anchor>
        <PageHeader
          title={T.logTitle(link?.name ?? '…')}
          description={link ? `${link.companyName}. ${T.logLead(link.buttonLink)}` : undefined}
        />
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={1000}
          label={T.logLabel(link?.name ?? '')}
          rowCount={data?.items.length ?? 0}
          errorTitle={T.logLoadError}
          retryLabel={T.reload}
          emptyText={T.noDeliveries}
          pager={{ paging, total, rangeText: T.range }}
        >
          {data?.items.map((d) => (
            <Table.Tr key={d.id} data-testid="delivery-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {T.eventNames[d.eventType]}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {d.eventId}
                </Text>
                {d.resendOf ? (
                  <Text size="xs" c="dimmed">
                    {T.resentOf}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={STATE_COLOURS[d.state]} fw={600}>
                  {T.stateNames[d.state]}
                </Text>
                {d.nextAttemptAt && d.attempts > 0 ? (
                  <Text size="xs" c="dimmed">
                    {T.nextAttempt(formatTime(d.nextAttemptAt))}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.attempts}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.responseCode ?? (d.attempts > 0 ? T.noResponse : T.noError)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.durationMs === null ? T.noError : T.duration(d.durationMs)}</Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" c={d.lastError ? 'red.9' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                  {d.lastError ?? T.noError}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatTime(d.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={T.resendLabel(T.eventNames[d.eventType], formatTime(d.createdAt))}
                  onClick={() => setResending(d)}
                >
                  {T.resendButton}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
      <ConfirmDialog
        opened={resending !== null}
        title={T.resendTitle}
        message={T.resendMessage}
        confirmLabel={T.resendConfirm}
        isBusy={resend.isPending}
        onConfirm={() =>
          resending &&
          resend.mutate(resending.id, {
            onSuccess: () => notifySuccess(T.resent),
            onError: (error) => notifyError(errorMessage(error)),
            onSettled: () => setResending(null),
          })
        }
        onCancel={() => setResending(null)}
      />
    </Container>
  );
}
