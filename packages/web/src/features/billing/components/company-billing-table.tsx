import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { BillingRow } from '@under/core/billing/billing.schema';
import { formatUsd } from '@under/core/billing/money';
import { formatDate } from '@under/core/forms/format';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListTable } from '../../../components/list-table';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePaging } from '../../../lib/use-paging';
import { useBillings, useDownloadInvoice, useRefund } from '../api/billing-api';

// dot badges with dark text, as the other status columns (light variants fail the contrast check)
const STATUS_COLOR = { paid: 'green', refunded: 'gray', failed: 'red' } as const;

/**
 * The billing history of a company: the client's own (`companyId` undefined) or one company's for admins, who may
 * also refund (`canRefund`). Exported for the admin back office's company view.
 */
export function CompanyBillingTable({ companyId, canRefund = false }: { companyId?: string; canRefund?: boolean }) {
  const paging = usePaging(companyId ?? 'own');
  const list = useBillings(companyId, paging.page, paging.pageSize);
  const download = useDownloadInvoice();
  const refund = useRefund();
  const [refunding, setRefunding] = useState<BillingRow | null>(null);
  const data = list.data;
  const total = data?.total ?? 0;
  if (data && !list.isFetching) paging.keepInRange(total);
  const columns = [
    { key: 'date', label: T.dateColumn },
    { key: 'plan', label: T.planColumn },
    { key: 'period', label: T.periodColumn },
    { key: 'amount', label: T.amountColumn, align: 'right' as const },
    { key: 'discount', label: T.discountColumn, align: 'right' as const },
    { key: 'card', label: T.cardColumn },
    { key: 'status', label: T.statusColumn },
    { key: 'actions', label: T.actionsColumn },
  ];
  return (
    <>
      <ListTable
        query={list}
        columns={columns}
        minWidth={960}
        rowCount={data?.items.length ?? 0}
        errorTitle={T.loadError}
        retryLabel={T.reload}
        emptyText={T.empty}
        pager={{ paging, total, rangeText: T.range }}
      >
        {data?.items.map((row) => (
          <Table.Tr key={row.id} data-testid="billing-row">
            <Table.Td>
              <Text size="sm">{formatDate(row.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600}>
                {row.membershipName}
              </Text>
              <Text size="xs" c="dimmed">
                {T.kindNames[row.kind]}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {formatDate(row.periodStart)} – {formatDate(row.periodEnd)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={600} data-testid="billing-amount">
                {formatUsd(row.amountCents)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{row.discountCents ? `−${formatUsd(row.discountCents)}` : '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{row.cardBrand ? T.savedCard(row.cardBrand, row.cardLast4 ?? '') : '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[row.status]} variant="dot" tt="none" fw={500} data-testid="billing-status">
                {T.statusNames[row.status]}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {row.hasInvoice ? (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={T.invoiceLabel(formatDate(row.createdAt))}
                    onClick={() => download(row.id).catch((error) => notifyError(errorMessage(error)))}
                  >
                    {T.invoice}
                  </Button>
                ) : null}
                {canRefund && row.status === 'paid' ? (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setRefunding(row)}>
                    {T.refund}
                  </Button>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <ConfirmDialog
        opened={refunding !== null}
        title={T.refundTitle}
        message={refunding ? T.refundMessage(formatUsd(refunding.amountCents)) : ''}
        confirmLabel={T.refundConfirm}
        isDanger
        isBusy={refund.isPending}
        onConfirm={() =>
          refunding &&
          refund.mutate(refunding.id, {
            onSuccess: () => notifySuccess(T.refunded),
            onError: (error) => notifyError(errorMessage(error)),
            onSettled: () => setRefunding(null),
          })
        }
        onCancel={() => setRefunding(null)}
      />
    </>
  );
}
