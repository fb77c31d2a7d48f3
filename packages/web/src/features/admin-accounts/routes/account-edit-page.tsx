import { Alert, Anchor, Button, Card, Container, Group, Radio, Stack, TextInput } from '@mantine/core';
import type { Account } from '@under/core/admin-accounts/admin-accounts.schema';
import { UpdateAccountBodySchema } from '@under/core/admin-accounts/admin-accounts.schema';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { GlobalSpinner } from '../../../components/global-spinner';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useAccount, useUpdateAccount } from '../api/admin-accounts-api';

function AccountForm({ account }: { account: Account }) {
  const save = useUpdateAccount(account.id);
  const [name, setName] = useState(account.name);
  const [status, setStatus] = useState(account.status);
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateAccountBodySchema.safeParse({ name, status });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    save.mutate(parsed.data, { onSuccess: () => notifySuccess(T.saved) });
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={T.nameLabel}
          required
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(undefined);
          }}
          error={nameError}
        />
        <Radio.Group label={T.statusLabel} value={status} onChange={(v) => setStatus(v as Account['status'])}>
          <Group mt="xs">
            <Radio value="active" label={T.statusNames.active} />
            <Radio value="inactive" label={T.statusNames.inactive} />
          </Group>
        </Radio.Group>
        {status === 'inactive' && account.status === 'active' ? (
          <Alert color="orange" variant="light">
            {T.inactiveWarning}
          </Alert>
        ) : null}
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /accounts/edit/{companyId}: the account's name and status. */
export function AccountEditPage() {
  const { companyId = '' } = useParams();
  const account = useAccount(companyId);
  if (account.isPending) return <GlobalSpinner />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/accounts" size="sm">
          {T.backToAccounts}
        </Anchor>
        <PageHeader title={T.editTitle} description={account.data?.name} />
        {account.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(account.error)}
          </Alert>
        ) : (
          <AccountForm key={account.data.id} account={account.data} />
        )}
      </Stack>
    </Container>
  );
}
