import { Alert, Button, Container, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import { MAIL_STATUSES, type MailStatus, type OutboxMail } from '@under/core/mail/mail-outbox.schema';
import { ADMIN_MAILS_TEXT as T } from '@under/core/ui-text/admin-mails';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePaging } from '../../../lib/use-paging';
import { useMails, useRetryMail } from '../api/mails-api';

const COLUMNS = 7;

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
  const { page, setPage, pageSize } = paging;
  const list = useMails({ status, page, pageSize });
  const [retrying, setRetrying] = useState<OutboxMail | null>(null);
  const retry = useRetryMail();

  const data = list.data;
  const total = data?.total ?? 0;
  const { pages, from, to } = paging.of(total);
  // the last mail of the last page was sent again: show the page before
  if (data && data.items.length === 0 && page > 1 && total > 0 && !list.isFetching) setPage(pages);

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
        <Paper withBorder radius="md">
          <Group p="md" gap="md">
            <NativeSelect
              label={T.statusFilterLabel}
              w={{ base: '100%', sm: 220 }}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as MailStatus)}
              data={MAIL_STATUSES.map((s) => ({ value: s, label: T.statusNames[s] }))}
            />
          </Group>
          {list.isError && !data ? (
            <Alert color="red" role="alert" m="md" title={T.loadError}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(list.error)}</Text>
                <Button size="xs" variant="default" onClick={() => void list.refetch()}>
                  {T.reload}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.recipientColumn}</Table.Th>
                    <Table.Th>{T.kindColumn}</Table.Th>
                    <Table.Th>{T.attemptsColumn}</Table.Th>
                    <Table.Th>{T.lastErrorColumn}</Table.Th>
                    <Table.Th>{T.createdColumn}</Table.Th>
                    <Table.Th>{T.lastChangeColumn}</Table.Th>
                    <Table.Th>{T.actionsColumn}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isPending ? <SkeletonRows /> : null}
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
                  {data && data.items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS}>
                        <Text c="dimmed" ta="center" py="xl">
                          {T.emptyByStatus[status]}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <TablePager
            page={page}
            pages={pages}
            onPage={setPage}
            rangeText={T.range(from, to, total)}
            pageSize={pageSize}
            onPageSize={paging.setPageSize}
          />
        </Paper>
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

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2].map((row) => (
        <Table.Tr key={row}>
          {[0, 1, 2, 3, 4, 5, 6].map((cell) => (
            <Table.Td key={cell}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
