import { Container, Paper, Stack } from '@mantine/core';
import { CUSTOMERS_TEXT as T } from '@under/core/ui-text/client-customers';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { InviteCustomerForm } from '../components/invite-customer-form';

/** /create-customer: invite a customer to one of the company's active forms (issue 12; decision 041). */
export function CreateCustomerPage() {
  const [params] = useSearchParams();
  return (
    <Container size={720} py="xl">
      <Stack gap="lg">
        <PageHeader title={T.inviteTitle} description={T.inviteLead} />
        <Paper withBorder radius="md" p="lg">
          <InviteCustomerForm key={params.get('formId') ?? ''} initialFormId={params.get('formId') ?? undefined} />
        </Paper>
      </Stack>
    </Container>
  );
}
