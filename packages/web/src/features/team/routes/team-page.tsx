import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { displayRole } from '@under/core/accounts/enums';
import type { Member, MemberSort } from '@under/core/accounts/team.schema';
import { SEARCH_MAX } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TablePager } from '../../../components/table-pager';
import { useMe } from '../../../lib/use-me';
import { usePaging } from '../../../lib/use-paging';
import { useSearchText } from '../../../lib/use-search-text';
import { useMembers, useTeamSummary } from '../api/team-api';
import { InviteForm } from '../components/invite-form';
import { MemberActionsMenu, useMemberActions } from '../components/member-actions';
import { ADMIN_ROLES, MemberStatusBadge, memberName } from '../components/member-status';

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
  const { pages, from, to } = paging.of(total);
  const usage = summary.data
    ? summary.data.subscription.userQuota === -1
      ? UI_TEXT.quotaUnlimited(summary.data.subscription.activatedUser)
      : UI_TEXT.quotaOf(summary.data.subscription.activatedUser, summary.data.subscription.userQuota)
    : null;

  const header = (label: string, column: MemberSort) => (
    <SortHeader label={label} column={column} sort={sort} order={order} onSort={sortBy} />
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={UI_TEXT.teamTitle}
          description={usage ? UI_TEXT.teamLead(usage) : undefined}
          actions={isAdmin ? <Button onClick={() => setInviting(true)}>{UI_TEXT.inviteTitle}</Button> : undefined}
        />
        <Paper withBorder radius="md">
          <Group justify="space-between" p="md" gap="md" wrap="wrap">
            <TextInput
              label={UI_TEXT.searchMembersLabel}
              placeholder={UI_TEXT.searchMembersPlaceholder}
              type="search"
              maxLength={SEARCH_MAX}
              w={{ base: '100%', sm: 340 }}
              value={search.text}
              error={search.error}
              onChange={(event) => search.setText(event.currentTarget.value)}
              rightSection={members.isFetching && data ? <Loader size="xs" aria-label={UI_TEXT.loading} /> : null}
            />
          </Group>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {header(UI_TEXT.memberColumn, 'lastName')}
                  {header(UI_TEXT.roleLabel, 'role')}
                  {header(UI_TEXT.statusColumn, 'status')}
                  {header(UI_TEXT.addedColumn, 'createdAt')}
                  {isAdmin ? (
                    <Table.Th>
                      <Text span size="sm" fw={600}>
                        {UI_TEXT.actionsColumn}
                      </Text>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.isPending ? <SkeletonRows columns={isAdmin ? 5 : 4} /> : null}
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
                {data && data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={isAdmin ? 5 : 4}>
                      <Text ta="center" c="dimmed" py="xl">
                        {search.query ? UI_TEXT.noMembersFound : MESSAGES.noData}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager
            page={page}
            pages={pages}
            onPage={setPage}
            rangeText={UI_TEXT.membersRange(from, to, total)}
            pageSize={pageSize}
            onPageSize={paging.setPageSize}
          />
        </Paper>
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

function SortHeader({
  label,
  column,
  sort,
  order,
  onSort,
}: {
  label: string;
  column: MemberSort;
  sort: MemberSort;
  order: 'asc' | 'desc';
  onSort: (column: MemberSort) => void;
}) {
  const isActive = sort === column;
  return (
    <Table.Th aria-sort={isActive ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={UI_TEXT.sortBy(label)}>
        <Group gap={4} wrap="nowrap">
          <Text span size="sm" fw={600}>
            {label}
          </Text>
          <Text span size="xs" c={isActive ? 'dark' : 'dimmed'} aria-hidden>
            {isActive ? (order === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function SkeletonRows({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1, 2].map((row) => (
        <Table.Tr key={row}>
          {Array.from({ length: columns }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <Table.Td key={i}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
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
      <Table.Td>
        <Text size="sm">{displayRole(member.role)}</Text>
      </Table.Td>
      <Table.Td>
        <MemberStatusBadge member={member} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dateFormat.format(new Date(member.createdAt))}</Text>
      </Table.Td>
      {actions !== null ? <Table.Td>{actions}</Table.Td> : null}
    </Table.Tr>
  );
}
