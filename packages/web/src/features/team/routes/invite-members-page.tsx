import { Alert, Anchor, Container, Paper, Stack } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../../lib/use-me';
import { InviteForm } from '../components/invite-form';
import { ADMIN_ROLES } from '../components/member-status';

/** /invite-members: the invitation form on a page of its own (the team page has it in a dialog). */
export function InviteMembersPage() {
  const me = useMe();
  const companyId = me.data?.company?.id;
  const isAdmin = ADMIN_ROLES.has(me.data?.role ?? '');
  return (
    <Container size={720} py="xl">
      <Stack gap="lg">
        <PageHeader title={UI_TEXT.inviteTitle} description={UI_TEXT.inviteLead} />
        <Paper withBorder radius="md" p="lg">
          {me.data && !isAdmin ? (
            <Alert color="gray" variant="light" c="dark">
              {UI_TEXT.adminOnlyNote}
            </Alert>
          ) : (
            <InviteForm />
          )}
        </Paper>
        {companyId ? (
          <Anchor component={Link} to={`/team/${companyId}`} size="sm">
            {UI_TEXT.backToTeam}
          </Anchor>
        ) : null}
      </Stack>
    </Container>
  );
}
