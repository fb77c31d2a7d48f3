import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_APPLICATIONS_API } from '@under/core/api/applications/admin.contract';
import { ADMIN_ACCOUNTS_TEXT as T } from '@under/core/ui-text/admin-accounts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyRow } from '../../../components/empty-row';
import { GlobalSpinner } from '../../../components/global-spinner';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session-context';
import { useAccountSummary, useCompanyForms, useFormPermission, useGrantPermission } from '../api/admin-accounts-api';

interface Member {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** Template permission per company users: which members of the account may use one master form. */
function PermissionDialog({
  form,
  companyId,
  members,
  onClose,
}: {
  form: { formId: string; name: string };
  companyId: string;
  members: Member[];
  onClose: () => void;
}) {
  const permission = useFormPermission(form.formId);
  const grant = useGrantPermission(form.formId);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const granted = permission.data?.grants.find((g) => g.companyId === companyId)?.userIds ?? [];
  const value = chosen ?? granted;
  return (
    <Modal opened onClose={onClose} title={T.permissionTitle(form.name)} size="lg">
      {permission.isPending ? (
        <GlobalSpinner />
      ) : (
        <Stack gap="md">
          <Checkbox.Group
            label={T.permissionLabel(form.name)}
            description={T.permissionLead}
            value={value}
            onChange={setChosen}
          >
            <Stack gap="xs" mt="xs">
              {members.map((m) => (
                <Checkbox
                  key={m.id}
                  value={m.id}
                  label={`${[m.firstName, m.lastName].filter(Boolean).join(' ') || m.email} (${m.email})`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {grant.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(grant.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              loading={grant.isPending}
              onClick={() =>
                grant.mutate(
                  { companyId, userIds: value },
                  {
                    onSuccess: () => {
                      notifySuccess(T.permissionSaved);
                      onClose();
                    },
                  },
                )
              }
            >
              {T.permissionSave}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

// issue 14: the account's own forms and the ways into their applications and members (our words; these belong
// beside ADMIN_ACCOUNTS_TEXT in core's ui-text)
const F = {
  title: 'Custom forms',
  lead: 'The forms this account built from the master forms, with their applications (drafts aside).',
  template: 'Master form',
  applications: 'Applications',
  members: 'Members',
  applicationsOf: (form: string) => `Applications of ${form}`,
  membersOf: (form: string) => `Members of ${form}`,
  loadError: 'The custom forms could not be loaded.',
};

/** The account's custom forms with their applications, each linking to its admin list and members. */
function CustomFormsCard({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { http } = useSession();
  const forms = useQuery({
    queryKey: ['admin-applications', 'forms', companyId],
    queryFn: ({ signal }) => http.call(ADMIN_APPLICATIONS_API.forms, { query: { companyId }, signal }),
    meta: { showsOwnError: true },
  });
  const base = `/accounts/${encodeURIComponent(companyName)}/${companyId}`;
  const items = forms.data?.items ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="custom-forms-title">
      <Title order={2} fz="lg" id="custom-forms-title">
        {F.title}
      </Title>
      <Text c="dimmed" size="sm">
        {F.lead}
      </Text>
      {forms.isError ? (
        <Alert color="red" role="alert" title={F.loadError}>
          {errorMessage(forms.error)}
        </Alert>
      ) : (
        <Card withBorder padding={0}>
          <ScrollTable minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.formColumn}</Table.Th>
                  <Table.Th>{F.template}</Table.Th>
                  <Table.Th>{T.statusColumn}</Table.Th>
                  <Table.Th>{F.applications}</Table.Th>
                  <Table.Th>{T.actionsColumn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {forms.data && items.length === 0 ? <EmptyRow colSpan={5} /> : null}
                {items.map((f) => (
                  <Table.Tr key={f.customFormId} data-testid="account-custom-form-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {f.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{f.masterFormName}</Table.Td>
                    <Table.Td>{f.status}</Table.Td>
                    <Table.Td>{f.applications}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          component={Link}
                          to={`${base}/${f.customFormId}/applications`}
                          aria-label={F.applicationsOf(f.name)}
                        >
                          {F.applications}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          component={Link}
                          to={`${base}/${f.customFormId}/members`}
                          aria-label={F.membersOf(f.name)}
                        >
                          {F.members}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Card>
      )}
    </Stack>
  );
}

/**
 * /forms?companyId=: the master forms an account may use, and which of its users may use each (admin); then the
 * account's custom forms, each a way into its applications and members (issue 14).
 */
export function AccountFormsPage() {
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? '';
  const summary = useAccountSummary(companyId);
  const forms = useCompanyForms(companyId);
  const [editing, setEditing] = useState<{ formId: string; name: string } | null>(null);
  if (companyId && (summary.isPending || forms.isPending)) return <GlobalSpinner />;
  if (!companyId || summary.isError || forms.isError || !summary.data || !forms.data) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          {summary.isError ? errorMessage(summary.error) : forms.isError ? errorMessage(forms.error) : T.notFound}
        </Alert>
      </Container>
    );
  }
  const account = summary.data.account;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor
          component={Link}
          to={`/companies/summary/${encodeURIComponent(account.name)}?companyId=${account.id}`}
          size="sm"
        >
          {T.summaryLabel(account.name)}
        </Anchor>
        <PageHeader title={T.formsPageTitle(account.name)} description={T.formsPageLead} />
        <Card withBorder padding={0}>
          <ScrollTable minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.formColumn}</Table.Th>
                  <Table.Th>{T.statusColumn}</Table.Th>
                  <Table.Th>{T.versionColumn}</Table.Th>
                  <Table.Th>{T.actionsColumn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {forms.data.length === 0 ? <EmptyRow colSpan={4}>{T.noForms}</EmptyRow> : null}
                {forms.data.map((f) => (
                  <Table.Tr key={f.formId} data-testid="account-form-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {f.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{f.status}</Table.Td>
                    <Table.Td>{f.version}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={T.permissionLabel(f.name)}
                        onClick={() => setEditing({ formId: f.formId, name: f.name })}
                      >
                        {T.permissionButton}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Card>
        <CustomFormsCard companyId={account.id} companyName={account.name} />
      </Stack>
      {editing ? (
        <PermissionDialog
          form={editing}
          companyId={account.id}
          members={summary.data.members}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Container>
  );
}
