import { Alert, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { CompanyCoupon } from '@under/core/coupons/coupon.schema';
import { formatDate } from '@under/core/forms/format';
import { ADMIN_COUPONS_TEXT as T } from '@under/core/ui-text/admin-coupons';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyRow } from '../../../components/empty-row';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAccountSearch, useApplyCoupon, useCouponCompanies, useRemoveCoupon } from '../api/coupons-api';

/** The accounts of a coupon: apply it to one picked by name, remove it from one (never to be applied there again). */
export function CouponCompanies({ couponId }: { couponId: string }) {
  const companies = useCouponCompanies(couponId);
  const [searchText, setSearchText] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const accounts = useAccountSearch(searchText.trim());
  const apply = useApplyCoupon(couponId);
  const remove = useRemoveCoupon(couponId);
  const [removing, setRemoving] = useState<CompanyCoupon | null>(null);

  const options = (accounts.data?.items ?? []).map((a) => ({ value: a.id, label: a.name }));

  const submitApply = () => {
    if (!picked) return;
    apply.mutate(picked, {
      onSuccess: () => {
        notifySuccess(T.applied);
        setPicked(null);
        setSearchText('');
      },
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.companyId, {
      onSuccess: () => notifySuccess(T.removed),
      onError: (error) => notifyError(errorMessage(error)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {T.companiesTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {T.companiesLead}
          </Text>
        </Stack>
        <Group align="flex-end" gap="sm">
          <Select
            label={T.applyLabel}
            placeholder={T.applyPlaceholder}
            searchable
            searchValue={searchText}
            onSearchChange={setSearchText}
            data={options}
            value={picked}
            onChange={setPicked}
            nothingFoundMessage={searchText.trim().length >= 3 ? T.noAccountFound : undefined}
            filter={({ options: all }) => all}
            w={{ base: '100%', sm: 360 }}
          />
          <Button onClick={submitApply} disabled={!picked} loading={apply.isPending}>
            {T.apply}
          </Button>
        </Group>
        {apply.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(apply.error)}
          </Alert>
        ) : null}
        <ScrollTable minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.companyColumn}</Table.Th>
                <Table.Th>{T.appliedColumn}</Table.Th>
                <Table.Th>{T.endsColumn}</Table.Th>
                <Table.Th>{T.removedColumn}</Table.Th>
                <Table.Th>{T.actionsColumn}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {companies.data?.items.length === 0 ? <EmptyRow colSpan={5}>{T.noCompanies}</EmptyRow> : null}
              {companies.data?.items.map((c) => (
                <Table.Tr key={c.companyId} data-testid="coupon-company-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {c.companyName}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDate(c.appliedAt)}</Table.Td>
                  <Table.Td>{formatDate(c.endsAt)}</Table.Td>
                  <Table.Td>{c.removedAt ? formatDate(c.removedAt) : '—'}</Table.Td>
                  <Table.Td>
                    {c.removedAt ? null : (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={T.removeLabel(c.companyName)}
                        onClick={() => setRemoving(c)}
                      >
                        {T.remove}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={T.removeTitle}
        message={removing ? T.removeMessage(removing.companyName) : ''}
        confirmLabel={T.remove}
        isDanger
        isBusy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
