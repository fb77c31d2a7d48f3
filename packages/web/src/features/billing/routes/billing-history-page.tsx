import { Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useMe } from '../../../lib/use-me';
import { useBillingConfig, useSubscription, useUpdateCard } from '../api/billing-api';
import { CardForm } from '../components/card-form';
import { CompanyBillingTable } from '../components/company-billing-table';

/** /billings: the company's payments with their invoices, and its card (Billing History, spec 1 §2). */
export function BillingHistoryPage() {
  const me = useMe();
  const subscription = useSubscription();
  const config = useBillingConfig();
  const updateCard = useUpdateCard(me.data?.company?.id);
  const [editing, setEditing] = useState(false);
  const card = subscription.data?.billing.card;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={T.billingTitle}
          description={T.billingLead}
          actions={
            <Button component={Link} to="/membership" variant="default">
              {T.upgradeAction}
            </Button>
          }
        />
        <Paper withBorder p="lg" radius="md" maw={520}>
          <Stack gap="sm">
            <Title order={2} fz="md">
              {T.cardTitle}
            </Title>
            {subscription.isPending ? (
              <Skeleton height={20} />
            ) : (
              <Group justify="space-between">
                <Text data-testid="saved-card">{card ? T.savedCard(card.brand, card.last4) : T.noCard}</Text>
                {!editing ? (
                  <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                    {T.updateCard}
                  </Button>
                ) : null}
              </Group>
            )}
            {editing && config.data ? (
              <CardForm
                config={config.data}
                submitLabel={T.saveCard}
                isBusy={updateCard.isPending}
                error={updateCard.isError ? errorMessage(updateCard.error) : null}
                onToken={(token) =>
                  updateCard.mutate(token, {
                    onSuccess: () => {
                      notifySuccess(T.cardSaved);
                      setEditing(false);
                    },
                  })
                }
              />
            ) : null}
          </Stack>
        </Paper>
        <CompanyBillingTable />
      </Stack>
    </Container>
  );
}
