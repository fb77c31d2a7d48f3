import { Badge, Button, Container, Group, Stack, Table, Text } from '@mantine/core';
import type { ButtonLink } from '@under/core/integrations/button-links.schema';
import { ADMIN_BUTTON_LINKS_TEXT as T } from '@under/core/ui-text/admin-button-links';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ListTable } from '../../../../components/list-table';
import { PageHeader } from '../../../../components/page-header';
import { errorMessage } from '../../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { usePaging } from '../../../../lib/use-paging';
import { useButtonLinks, useRotateSecret, useUpdateButtonLink } from '../api/button-links-api';
import { AddButtonLinkDialog } from '../components/add-button-link-dialog';
import { SecretDialog } from '../components/secret-dialog';

const COLUMNS = [
  { key: 'company', label: T.companyColumn },
  { key: 'name', label: T.nameColumn },
  { key: 'url', label: T.urlColumn },
  { key: 'status', label: T.statusColumn },
  { key: 'secret', label: T.secretColumn },
  { key: 'actions', label: T.actionsColumn },
] as const;

/** /admin/button-links: every company's button links; add one (its secret shown once), turn off/on, new secret. */
export function ButtonLinksPage() {
  const list = useButtonLinks();
  const paging = usePaging('all', 100);
  const update = useUpdateButtonLink();
  const rotate = useRotateSecret();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState<ButtonLink | null>(null);
  const [rotating, setRotating] = useState<ButtonLink | null>(null);
  const items = list.data?.items ?? [];

  const setStatus = (link: ButtonLink, status: 'active' | 'inactive') =>
    update.mutate(
      { id: link.id, status },
      {
        onSuccess: () => notifySuccess(status === 'inactive' ? T.turnedOff : T.turnedOn),
        onError: (error) => notifyError(errorMessage(error)),
        onSettled: () => setTurningOff(null),
      },
    );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={T.title}
          description={T.lead}
          actions={<Button onClick={() => setAdding(true)}>{T.addButton}</Button>}
        />
        <ListTable
          label={T.title}
          query={list}
          columns={COLUMNS}
          minWidth={960}
          rowCount={items.length}
          errorTitle={T.loadError}
          retryLabel={T.reload}
          emptyText={T.empty}
          pager={{ paging, total: items.length, rangeText: T.linksRange, isSizeFixed: true }}
        >
          {items.map((link) => (
            <Table.Tr key={link.id} data-testid="button-link-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {link.companyName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{link.name}</Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {link.buttonLink}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={link.status === 'active' ? 'green.9' : 'gray.7'} variant="filled">
                  {T.statusNames[link.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {link.secretMask}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    component={Link}
                    to={`/button-links/${link.id}`}
                    aria-label={T.logLabel(link.name)}
                  >
                    {T.logButton}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setRotating(link)}>
                    {T.rotateButton}
                  </Button>
                  {link.status === 'active' ? (
                    <Button size="xs" variant="default" color="red" onClick={() => setTurningOff(link)}>
                      {T.turnOffButton}
                    </Button>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => setStatus(link, 'active')}>
                      {T.turnOnButton}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>

      <AddButtonLinkDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(s) => {
          setAdding(false);
          notifySuccess(T.created);
          setSecret(s);
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        opened={turningOff !== null}
        title={T.turnOffTitle}
        message={T.turnOffMessage}
        confirmLabel={T.turnOffConfirm}
        isDanger
        isBusy={update.isPending}
        onConfirm={() => turningOff && setStatus(turningOff, 'inactive')}
        onCancel={() => setTurningOff(null)}
      />
      <ConfirmDialog
        opened={rotating !== null}
        title={T.rotateTitle}
        message={T.rotateMessage}
        confirmLabel={T.rotateConfirm}
        isBusy={rotate.isPending}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (made) => setSecret(made.secret),
            onError: (error) => notifyError(errorMessage(error)),
            onSettled: () => setRotating(null),
          })
        }
        onCancel={() => setRotating(null)}
      />
    </Container>
  );
}
