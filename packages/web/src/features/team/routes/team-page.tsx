import { Alert, Anchor, Button, Container, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { displayRole } from '@under/core/accounts/enums';
import type { Member, MemberSort } from '@under/core/accounts/team.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListSearch } from '../../../components/list-search';
import { type ListColumn, ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { SortButton } from '../../../components/sort-button';
import { useMe } from '../../../lib/use-me';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useMembers, useTeamSummary } from '../api/team-api';
import { InviteForm } from '../components/invite-form';
import { MemberActionsMenu, useMemberActions } from '../components/member-actions';
import { ADMIN_ROLES, MemberStatusBadge, memberName } from '../components/member-status';
import classes from './team-page.module.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/** /team/{companyId}: the members and open invitations, searched, sorted and paged by the server. */
export function TeamPage() {
  const { companyId = '' } = useParams();
  const me = useMe();
  if (me.data?.company && me.data.company.id !== companyId) {
    return (
      <Container size="lg" py="xl">
        <Alert color="red" role="alert">
          {MESSAGES.accountNotFound}
        </Alert>
      </Container>
    );
  }
  return <Team companyId={companyId} myId={me.data?.id} isAdmin={ADMIN_ROLES.has(me.data?.role ?? '')} />;
}

function Team({ companyId, myId, isAdmin }: { companyId: string; myId?: string; isAdmin: boolean }) {
  const search = useSearchText();
  const [sort, setSort] = useState<MemberSort>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [isInviting, setInviting] = useState(false);
  // a new search starts at its first page
  const paging = usePaging(search.query);
  const { page, setPage, pageSize } = paging;
  const members = useMembers({ page, pageSize, q: search.query, sort, order });
  const summary = useTeamSummary();
  const actions = useMemberActions();

  function sortBy(column: MemberSort) {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder('asc');
    }
    setPage(1);
  }

  const data = members.data;
  const total = data?.total ?? 0;
  const usage = summary.data
    ? summary.data.subscription.userQuota === -1
      ? UI_TEXT.quotaUnlimited(summary.data.subscription.activatedUser)
      : UI_TEXT.quotaOf(summary.data.subscription.activatedUser, summary.data.subscription.userQuota)
    : null;

  const sortable = (key: MemberSort, label: string): ListColumn => ({
    key,
    label: <SortButton label={label} isActive={sort === key} order={order} onSort={() => sortBy(key)} />,
    sort: sort === key ? (order === 'asc' ? 'ascending' : 'descending') : 'none',
  });
  const columns: ListColumn[] = [
    sortable('lastName', UI_TEXT.memberColumn),
    sortable('role', UI_TEXT.roleLabel),
    sortable('status', UI_TEXT.statusColumn),
    sortable('createdAt', UI_TEXT.addedColumn),
    ...(isAdmin ? [{ key: 'actions', label: UI_TEXT.actionsColumn }] : []),
  ];

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={UI_TEXT.teamTitle}
          description={usage ? UI_TEXT.teamLead(usage) : undefined}
          actions={isAdmin ? <Button onClick={() => setInviting(true)}>{UI_TEXT.inviteTitle}</Button> : undefined}
        />
        <div className={classes.cards}>
          <ListTable
            query={members}
            columns={columns}
            minWidth={720}
            rowCount={data?.items.length ?? 0}
            emptyText={search.query ? UI_TEXT.noMembersFound : MESSAGES.noData}
            pager={{ paging, total, rangeText: UI_TEXT.membersRange }}
            toolbar={
              <Group justify="space-between" p="md" gap="md" wrap="wrap">
                <ListSearch
                  search={search}
                  label={UI_TEXT.searchMembersLabel}
                  placeholder={UI_TEXT.searchMembersPlaceholder}
                  query={members}
                />
              </Group>
            }
          >
            {data?.items.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isMe={member.id === myId}
                href={`/team/${companyId}/member/${member.id}`}
                actions={
                  isAdmin && member.id !== myId ? (
                    <MemberActionsMenu
                      member={member}
                      actions={actions}
                      href={`/team/${companyId}/member/${member.id}`}
                    />
                  ) : isAdmin ? (
                    <span />
                  ) : null
                }
              />
            ))}
          </ListTable>
        </div>
      </Stack>
      {actions.dialog}
      <Modal
        opened={isInviting}
        onClose={() => setInviting(false)}
        title={UI_TEXT.inviteTitle}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {UI_TEXT.inviteLead}
          </Text>
          <InviteForm />
        </Stack>
      </Modal>
    </Container>
  );
}

function MemberRow({
  member,
  isMe,
  href,
  actions,
}: {
  member: Member;
  isMe: boolean;
  href: string;
  actions: ReactNode;
}) {
  const name = memberName(member);
  return (
    <Table.Tr data-testid="member-row">
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {/* the link alone in its block: told apart from the text around it by position, not colour only */}
          <div>
            {member.kind === 'user' ? (
              <Anchor component={Link} to={href} fw={600} size="sm">
                {name || member.email}
              </Anchor>
            ) : (
              <Text size="sm" fw={600}>
                {member.email}
              </Text>
            )}
          </div>
          {isMe ? (
            <Text span size="sm" c="dimmed">
              {UI_TEXT.youSuffix}
            </Text>
          ) : null}
        </Group>
        {member.kind === 'user' && name ? (
          <Text size="xs" c="dimmed">
            {member.email}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td data-label={UI_TEXT.roleLabel}>
        <Text size="sm">{displayRole(member.role)}</Text>
      </Table.Td>
      <Table.Td data-label={UI_TEXT.statusColumn}>
        <MemberStatusBadge member={member} />
      </Table.Td>
      <Table.Td data-label={UI_TEXT.addedColumn}>
        <Text size="sm">{dateFormat.format(new Date(member.createdAt))}</Text>
      </Table.Td>
      {actions !== null ? <Table.Td data-actions>{actions}</Table.Td> : null}
    </Table.Tr>
  );
}
