import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { CompanySummary } from '@under/core/accounts/company.schema';
import { displayRole } from '@under/core/accounts/enums';
import { isUnlimited } from '@under/core/accounts/quota';
import type { Member } from '@under/core/accounts/team.schema';
import { formatUsd } from '@under/core/billing/money';
import { UI_TEXT } from '@under/core/ui-text';
import { CUSTOM_FORMS_TEXT } from '@under/core/ui-text/client-custom-forms';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QuotaMeter } from '../../../components/quota-meter';
import { useMe } from '../../../lib/use-me';
import { CouponNote } from '../../billing/components/coupon-note';
import { useCompanySummary, useTeamPreview } from '../api/account-api';
import { ApplicationsDashboard } from '../components/applications-dashboard';
import { LatestEvents } from '../components/latest-events';

const ADMIN_ROLES = new Set(['ADMINISTRATOR', 'admin']);

/** `/` and `/client`: the company, its plan, the quotas used, its applications and the team at a glance. */
export function HomePage() {
  const me = useMe();
  const summary = useCompanySummary();
  const isAdmin = ADMIN_ROLES.has(me.data?.role ?? '');
  const company = summary.data?.company;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <PageHeader
          title={UI_TEXT.homeTitle}
          description={
            company ? (
              <Group gap="xs" component="span">
                <Text span fw={600} c="dark">
                  {company.name}
                </Text>
                <Badge variant="dot" color={company.status === 'active' ? 'green' : 'red'} tt="none">
                  {UI_TEXT.homeCompanyStatus(company.status)}
                </Badge>
              </Group>
            ) : undefined
          }
          actions={
            isAdmin && company ? (
              <Button component={Link} to="/create-form">
                {CUSTOM_FORMS_TEXT.createButton}
              </Button>
            ) : undefined
          }
        />
        {summary.isError ? (
          <Alert color="red" role="alert">
            {summary.error.message}
          </Alert>
        ) : null}
        {summary.isPending ? <DashboardSkeleton /> : null}
        {summary.data ? <Dashboard summary={summary.data} isAdmin={isAdmin} myId={me.data?.id} /> : null}
      </Stack>
    </Container>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-hidden>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Skeleton height={132} radius="md" />
        <Skeleton height={132} radius="md" />
        <Skeleton height={132} radius="md" />
      </SimpleGrid>
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

function Dashboard({ summary, isAdmin, myId }: { summary: CompanySummary; isAdmin: boolean; myId?: string }) {
  const { membership, subscription, team } = summary;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {UI_TEXT.planCardTitle}
            </Text>
            <Text fw={700} fz={22} lh={1.2}>
              {membership.name}
            </Text>
            <Text size="sm" c="dimmed">
              {membership.priceCents === 0
                ? UI_TEXT.freePlan
                : `${formatUsd(membership.priceCents)} ${UI_TEXT.perMonth}`}
            </Text>
            <CouponNote companyId={summary.company.id} />
            <Anchor component={Link} to="/membership" size="sm" mt={4}>
              {UI_TEXT.viewPlans}
            </Anchor>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <QuotaMeter label={UI_TEXT.usersLabel} used={subscription.activatedUser} quota={subscription.userQuota} />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <QuotaMeter label={UI_TEXT.formsLabel} used={subscription.activatedForm} quota={subscription.formQuota} />
            {subscription.activatedForm === 0 ? (
              <Text size="xs" c="dimmed">
                {UI_TEXT.formsEmpty}
              </Text>
            ) : null}
            <Anchor component={Link} to="/all-form" size="sm">
              {CUSTOM_FORMS_TEXT.viewForms}
            </Anchor>
          </Stack>
        </Paper>
      </SimpleGrid>
      <LatestEvents />
      <ApplicationsDashboard />
      <TeamCard summary={summary} isAdmin={isAdmin} myId={myId} counts={team} />
    </Stack>
  );
}

function TeamCard({
  summary,
  isAdmin,
  myId,
  counts,
}: {
  summary: CompanySummary;
  isAdmin: boolean;
  myId?: string;
  counts: CompanySummary['team'];
}) {
  const preview = useTeamPreview();
  const isAlone = counts.active + counts.inactive + counts.invited <= 1;
  const quota = summary.subscription.userQuota;
  // a plan with no seat left is not a call to invite: it points to the plans instead (issue 21, section 5)
  const noSeats = !isUnlimited(quota) && counts.active + counts.invited >= quota;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="team-card-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="team-card-title">
            {UI_TEXT.teamCardTitle}
          </Title>
          <Anchor component={Link} to={`/team/${summary.company.id}`} size="sm">
            {UI_TEXT.viewTeam}
          </Anchor>
        </Group>
        <Group gap="sm">
          <Badge variant="dot" color="green" size="lg" tt="none">
            {UI_TEXT.teamActive}: {counts.active}
          </Badge>
          <Badge variant="dot" color="gray" size="lg" tt="none">
            {UI_TEXT.teamInactive}: {counts.inactive}
          </Badge>
          <Badge variant="dot" color="blue" size="lg" tt="none">
            {UI_TEXT.teamInvited}: {counts.invited}
          </Badge>
        </Group>
        {preview.isPending ? <Skeleton height={96} radius="md" /> : null}
        {preview.data ? (
          <Stack gap="xs">
            {preview.data.items.slice(0, 5).map((member) => (
              <MemberRow key={member.id} member={member} isMe={member.id === myId} />
            ))}
          </Stack>
        ) : null}
        {isAlone ? (
          <Paper bg="gray.0" radius="md" p="md">
            <Group justify="space-between" gap="md">
              <Text size="sm">{noSeats ? UI_TEXT.teamAloneNoSeats : UI_TEXT.teamAlone}</Text>
              {isAdmin && noSeats ? (
                <Anchor component={Link} to="/membership" size="sm">
                  {UI_TEXT.viewPlans}
                </Anchor>
              ) : null}
              {isAdmin && !noSeats ? (
                <Button variant="light" component={Link} to="/invite-members">
                  {UI_TEXT.inviteTitle}
                </Button>
              ) : null}
            </Group>
          </Paper>
        ) : null}
      </Stack>
    </Paper>
  );
}

function initials(member: Member): string {
  const name = `${member.firstName?.[0] ?? ''}${member.lastName?.[0] ?? ''}`;
  return (name || member.email[0] || '?').toUpperCase();
}

function MemberRow({ member, isMe }: { member: Member; isMe: boolean }) {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  return (
    <Group justify="space-between" wrap="nowrap">
      {/* a long e-mail wraps instead of pushing the role past a phone's width */}
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Avatar radius="xl" color="dark.6" variant="filled" size="md">
          {initials(member)}
        </Avatar>
        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Text size="sm" fw={600}>
            {name || member.email}{' '}
            {isMe ? (
              <Text span c="dimmed" size="sm">
                {UI_TEXT.youSuffix}
              </Text>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            {name ? member.email : displayRole(member.role)}
          </Text>
        </div>
      </Group>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {member.kind === 'invitation' ? UI_TEXT.statusInvited : displayRole(member.role)}
      </Text>
    </Group>
  );
}
