import { Alert, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { displayRole } from '@under/core/accounts/enums';
import type { Me } from '@under/core/accounts/me.schema';
import { MESSAGES } from '@under/core/messages';
import { useMe } from '../api/use-me';

/** Signed-in home of the client app: who you are. Issue 3 replaces it with the dashboard. */
export function HomePage() {
  const me = useMe();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{MESSAGES.homeTitle}</Title>
        {me.isPending ? <Skeleton height={160} radius="md" /> : null}
        {me.isError ? (
          <Alert color="red" role="alert">
            {me.error.message}
          </Alert>
        ) : null}
        {me.data ? <Profile me={me.data} /> : null}
      </Stack>
    </Container>
  );
}

function Profile({ me }: { me: Me }) {
  const name = [me.firstName, me.lastName].filter(Boolean).join(' ');
  const rows: [string, string | null][] = [
    [MESSAGES.emailLabel, me.email],
    [MESSAGES.nameLabel, name || null],
    [MESSAGES.roleLabel, displayRole(me.role)],
    [MESSAGES.companyLabel, me.company?.name ?? null],
    [MESSAGES.planLabel, me.membership?.name ?? null],
  ];
  const empty: Record<string, string> = {
    [MESSAGES.nameLabel]: MESSAGES.noNameYet,
    [MESSAGES.companyLabel]: MESSAGES.noCompanyYet,
    [MESSAGES.planLabel]: MESSAGES.noPlanYet,
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500} c={value ? undefined : 'dimmed'}>
              {value ?? empty[label] ?? MESSAGES.noData}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
