import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type AdminUser, InviteAdminBodySchema } from '@under/core/admin-accounts/admin-accounts.schema';
import { formatDate } from '@under/core/forms/format';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAdminUsers, useInviteAdmin, useSetAdminStatus } from '../api/admin-accounts-api';

type Field = 'email' | 'firstName' | 'lastName';

function InviteForm() {
  const invite = useInviteAdmin();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteAdminBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: (user) => {
        notifySuccess(T.invited(user.email));
        setValues({ email: '', firstName: '', lastName: '' });
      },
    });
  };
  const field = (key: Field, label: string) => (
    <TextInput
      label={label}
      required
      value={values[key]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setValues((s) => ({ ...s, [key]: v }));
        setErrors((s) => ({ ...s, [key]: undefined }));
      }}
      error={errors[key]}
    />
  );
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {T.inviteTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {field('email', T.emailLabel)}
          {field('firstName', T.firstNameLabel)}
          {field('lastName', T.lastNameLabel)}
        </SimpleGrid>
        {invite.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(invite.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending}>
            {T.invite}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** User Administration: admin users, invited by e-mail, deactivated (never the last active one). */
export function AdminUsersPage() {
  const admins = useAdminUsers();
  const setStatus = useSetAdminStatus();
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const change = (user: AdminUser, status: 'active' | 'inactive') =>
    setStatus.mutate(
      { userId: user.id, status },
      {
        onSuccess: () => notifySuccess(T.statusChanged),
        onError: (error) => notifyError(errorMessage(error)),
        onSettled: () => setDeactivating(null),
      },
    );
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.adminUsersTitle} description={T.adminUsersLead} />
        <InviteForm />
        {admins.isError ? (
          <Alert color="red" role="alert">
            {T.adminsLoadError}
          </Alert>
        ) : null}
        <Card withBorder padding={0}>
          <ScrollTable minWidth={700}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.emailColumn}</Table.Th>
                  <Table.Th>{T.memberNameColumn}</Table.Th>
                  <Table.Th>{T.statusColumn}</Table.Th>
                  <Table.Th>{T.createdColumn}</Table.Th>
                  <Table.Th>{T.actionsColumn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {admins.data?.items.map((u) => (
                  <Table.Tr key={u.id} data-testid="admin-user-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {u.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={u.status === 'active' ? 'green' : 'gray'}
                        variant="dot"
                        tt="none"
                        fw={500}
                        miw="max-content"
                      >
                        {T.statusNames[u.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(u.createdAt)}</Table.Td>
                    <Table.Td>
                      {u.status === 'active' ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={T.deactivateLabel(u.email)}
                          onClick={() => setDeactivating(u)}
                        >
                          {T.deactivate}
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={T.activateLabel(u.email)}
                          onClick={() => change(u, 'active')}
                        >
                          {T.activate}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Card>
      </Stack>
      <ConfirmDialog
        opened={deactivating !== null}
        title={T.deactivateTitle}
        message={deactivating ? T.deactivateMessage(deactivating.email) : ''}
        confirmLabel={T.deactivate}
        isDanger
        isBusy={setStatus.isPending}
        onConfirm={() => deactivating && change(deactivating, 'inactive')}
        onCancel={() => setDeactivating(null)}
      />
    </Container>
  );
}
