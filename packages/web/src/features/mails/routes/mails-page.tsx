import { Button, Container, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { MAIL_STATUSES, type MailStatus, type OutboxMail } from '@under/core/mail/mail-outbox.schema';
import { ADMIN_MAILS_TEXT as T } from '@under/core/ui-text/admin-mails';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePaging } from '../../../lib/use-paging';
import { useMails, useRetryMail } from '../api/mails-api';

const COLUMNS = [
  { key: 'to', label: T.recipientColumn },
  { key: 'kind', label: T.kindColumn },
  { key: 'attempts', label: T.attemptsColumn },
  { key: 'error', label: T.lastErrorColumn },
  { key: 'created', label: T.createdColumn },
  { key: 'last', label: T.lastChangeColumn },
  { key: 'actions', label: T.actionsColumn },
] as const;

/** `Nov/22/2026 14:05 UTC`: the outbox works in UTC, like the server's log. */
function formatTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** /admin/mails: outbox mails by status (failed first), with "Send again" for a failed one (decision 023). */
export function MailsPage() {
  const [status, setStatus] = useState<MailStatus>('failed');
  const paging = usePaging(status);
  const { page, pageSize } = paging;
  const list = useMails({ status, page, pageSize });
  const [retrying, setRetrying] = useState<OutboxMail | null>(null);
  const retry = useRetryMail();

  const data = list.data;
  const total = data?.total ?? 0;
  if (data && !list.isFetching) paging.keepInRange(total);

  const confirmRetry = () => {
    if (!retrying) return;
    retry.mutate(retrying.id, {
      onSuccess: () => notifySuccess(T.retried),
      onError: (error) => notifyError(errorMessage(error)),
      onSettled: () => setRetrying(null),
    });
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.mailsTitle} description={T.mailsLead} />
        <ListTable
          query={list}
          columns={COLUMNS}
          minWidth={900}
          rowCount={data?.items.length ?? 0}
          errorTitle={T.loadError}
          retryLabel={T.reload}
          emptyText={T.emptyByStatus[status]}
          pager={{ paging, total, rangeText: T.range }}
          toolbar={
            <Group p="md" gap="md">
              <NativeSelect
                label={T.statusFilterLabel}
                w={{ base: '100%', sm: 220 }}
                value={status}
                onChange={(event) => setStatus(event.currentTarget.value as MailStatus)}
                data={MAIL_STATUSES.map((s) => ({ value: s, label: T.statusNames[s] }))}
              />
            </Group>
          }
        >
          {data?.items.map((mail) => (
            <Table.Tr key={mail.id} data-testid="mail-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {mail.to}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{T.kindNames[mail.kind]}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{mail.attempts}</Text>
              </Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" c={mail.lastError ? 'red.8' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                  {mail.lastError ?? T.noError}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatTime(mail.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatTime(mail.sentAt ?? mail.updatedAt)}</Text>
              </Table.Td>
              <Table.Td>
                {mail.retryable ? (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={T.retryLabel(mail.to)}
                    onClick={() => setRetrying(mail)}
                  >
                    {T.retryButton}
                  </Button>
                ) : mail.status === 'failed' ? (
                  <Text size="xs" c="dimmed">
                    {T.contentErased}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>

      <ConfirmDialog
        opened={retrying !== null}
        title={T.retryTitle}
        message={retrying ? T.retryMessage(T.kindNames[retrying.kind], retrying.to) : ''}
        confirmLabel={T.retryConfirm}
        isBusy={retry.isPending}
        onConfirm={confirmRetry}
        onCancel={() => setRetrying(null)}
      />
    </Container>
  );
}
