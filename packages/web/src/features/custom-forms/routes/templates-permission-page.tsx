import { Button, Container, Group, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePaging } from '../../../lib/use-paging';
import { useTemplatePermissionActions, useTemplatePermissions } from '../api/custom-forms-api';
import { MemberPicker } from '../components/member-picker';

const COLUMNS: ListColumn[] = [
  { key: 'name', label: T.institutionColumn },
  { key: 'everyone', label: T.everyoneLabel },
  { key: 'members', label: T.membersLabel },
];

/** /templates-permission (and /templates-permission/{formId}, which opens that form's member list). */
export function TemplatesPermissionPage() {
  const { formId } = useParams();
  const navigate = useNavigate();
  const permissions = useTemplatePermissions();
  const { setGlobal, grant } = useTemplatePermissionActions();
  const all = permissions.data ?? [];
  const editing = all.find((p) => p.formId === formId);
  const paging = usePaging('');
  const shown = paging.of(all.length);
  const rows = all.slice(shown.from - 1, shown.to);
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => setChosen(editing?.userIds ?? []), [editing]);
  const done = () => notifySuccess(T.permissionSaved);
  const failed = (error: unknown) => notifyError(errorMessage(error));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.permissionsTitle} description={T.permissionsLead} />
        <ListTable
          query={permissions}
          columns={COLUMNS}
          rowCount={rows.length}
          minWidth={640}
          pager={{ paging, total: all.length, rangeText: T.range }}
          errorTitle={T.permissionsError}
          retryLabel={T.retry}
          emptyText={T.noPermissions}
        >
          {rows.map((p) => (
            <Table.Tr key={p.formId}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {p.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={T.everyoneOf(p.name)}
                  checked={p.global}
                  onChange={(event) =>
                    setGlobal.mutate(
                      { formId: p.formId, global: event.currentTarget.checked },
                      { onSuccess: done, onError: failed },
                    )
                  }
                />
              </Table.Td>
              <Table.Td>
                <Group gap="sm">
                  <Text size="sm">{T.membersCount(p.userIds.length)}</Text>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={T.editMembersOf(p.name)}
                    onClick={() => navigate(`/templates-permission/${p.formId}`)}
                  >
                    {T.editMembers}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
      <Modal
        opened={Boolean(editing)}
        onClose={() => navigate('/templates-permission')}
        centered
        title={T.membersOf(editing?.name ?? '')}
        closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      >
        <Stack>
          <MemberPicker value={chosen} onChange={setChosen} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/templates-permission')}>
              {T.cancel}
            </Button>
            <Button
              loading={grant.isPending}
              onClick={() =>
                editing &&
                grant.mutate(
                  { formId: editing.formId, userIds: chosen },
                  {
                    onSuccess: () => {
                      done();
                      navigate('/templates-permission');
                    },
                    onError: failed,
                  },
                )
              }
            >
              {T.save}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
