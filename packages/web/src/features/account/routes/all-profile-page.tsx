import { Alert, Avatar, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { displayRole } from '@under/core/accounts/enums';
import type { Profile } from '@under/core/accounts/profile.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { displayPhone } from '../../../components/phone-field';
import { useMe } from '../../../lib/use-me';
import { useProfile } from '../api/account-api';
import { NotificationPreferencesCard } from '../components/notification-preferences';

/** /all-profile: the signed-in user's profile, read-only; editing is on /edit-account. */
export function AllProfilePage() {
  const profile = useProfile();
  const me = useMe();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={UI_TEXT.profileTitle}
          actions={
            <Button component={Link} to="/edit-account" variant="default">
              {UI_TEXT.editProfileLink}
            </Button>
          }
        />
        {profile.isPending ? <Skeleton height={200} radius="md" /> : null}
        {profile.isError ? (
          <Alert color="red" role="alert">
            {profile.error.message}
          </Alert>
        ) : null}
        {profile.data ? <ProfileCard profile={profile.data} plan={me.data?.membership?.name ?? null} /> : null}
        {profile.data?.company ? <NotificationPreferencesCard /> : null}
      </Stack>
    </Container>
  );
}

function ProfileCard({ profile, plan }: { profile: Profile; plan: string | null }) {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    [UI_TEXT.emailLabel, profile.email],
    [UI_TEXT.phoneLabel, displayPhone(profile.phoneNumber) ?? MESSAGES.noData],
    [UI_TEXT.companyLabel, profile.company?.name ?? UI_TEXT.noCompanyYet],
    [UI_TEXT.roleLabel, displayRole(profile.role)],
    [UI_TEXT.planLabel, plan ?? UI_TEXT.noPlanYet],
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Group gap="md">
          <Avatar radius="xl" size="lg" color="dark.6" variant="filled">
            {(profile.firstName?.[0] ?? profile.email[0] ?? '?').toUpperCase()}
          </Avatar>
          <div>
            <Text fw={700} fz="lg">
              {name || UI_TEXT.noNameYet}
            </Text>
            <Text size="sm" c="dimmed">
              {displayRole(profile.role)}
            </Text>
          </div>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
