import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { displayRole, TEAM_ROLES } from '@under/core/accounts/enums';
import { isUnlimited } from '@under/core/accounts/quota';
import { InviteBodySchema } from '@under/core/accounts/team.schema';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useInvite, useTeamSummary } from '../api/team-api';

/** Refusals about the invited address itself: shown under the e-mail field. */
const EMAIL_CODES = new Set<string>([ERROR_CODES.emailAlreadyAdded, ERROR_CODES.joinedAnotherTeam]);

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: displayRole(role) }));

/** E-mail and role; the server's refusals (quota, already in the team, joined another team) appear here. */
export function InviteForm({ onInvited }: { onInvited?: (email: string) => void }) {
  const invite = useInvite();
  const summary = useTeamSummary();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(InviteBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '', role: 'STANDARD' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSentTo(null);
    try {
      await invite.mutateAsync(values);
      reset({ email: '', role: values.role });
      setSentTo(values.email);
      onInvited?.(values.email);
    } catch (error) {
      if (error instanceof HttpError && EMAIL_CODES.has(error.code)) {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(applyServerErrors(error, setError, ['email', 'role']));
    }
  });

  const seats = seatsLeft(summary.data);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        {sentTo ? <FormAlert message={MESSAGES.invitationSent(sentTo)} kind="success" /> : null}
        {seats === 0 && !formError ? (
          <Alert color="yellow" variant="light" c="dark" data-testid="invite-no-seats">
            {UI_TEXT.inviteNoSeats}{' '}
            <Anchor component={Link} to="/membership" fz="inherit" underline="always">
              {UI_TEXT.inviteSeePlans}
            </Anchor>
          </Alert>
        ) : null}
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label={UI_TEXT.emailLabel}
            type="email"
            autoComplete="off"
            withAsterisk
            style={{ flexGrow: 3, minWidth: 220 }}
            error={errors.email?.message}
            {...register('email')}
          />
          <NativeSelect
            label={UI_TEXT.roleLabel}
            data={ROLE_OPTIONS}
            style={{ flexGrow: 1, minWidth: 180 }}
            error={errors.role?.message}
            {...register('role')}
          />
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {seats !== null && seats > 0 ? UI_TEXT.inviteSeatsLeft(seats) : null}
          </Text>
          <Button type="submit" loading={isSubmitting} disabled={seats === 0}>
            {UI_TEXT.inviteButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Seats an invitation may still take: active members and open invitations both hold one (decision 008). */
function seatsLeft(summary: ReturnType<typeof useTeamSummary>['data']): number | null {
  if (!summary) return null;
  const quota = summary.subscription.userQuota;
  if (isUnlimited(quota)) return null;
  return Math.max(0, quota - summary.team.active - summary.team.invited);
}
