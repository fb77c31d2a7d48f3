import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Avatar,
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
import { displayRole } from '@under/core/accounts/enums';
import { type Member, MemberInfoBodySchema } from '@under/core/accounts/team.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PersonFields } from '../../../components/person-fields';
import { displayPhone } from '../../../components/phone-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMe } from '../../../lib/use-me';
import { useMember, useResetMemberPassword, useSetMemberInfo } from '../api/team-api';
import { useMemberActions } from '../components/member-actions';
import { ADMIN_ROLES, MemberStatusBadge, memberName } from '../components/member-status';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/** /team/{companyId}/member/{memberId}: one member, with the administrator's tools. */
export function MemberPage() {
  const { companyId = '', memberId = '' } = useParams();
  const me = useMe();
  const member = useMember(memberId);
  const isAdmin = ADMIN_ROLES.has(me.data?.role ?? '');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={`/team/${companyId}`} size="sm">
          ← {UI_TEXT.backToTeam}
        </Anchor>
        <Title order={1} fz={28}>
          {UI_TEXT.memberTitle}
        </Title>
        {member.isPending ? <Skeleton height={220} radius="md" /> : null}
        {member.isError ? (
          <Alert color="red" role="alert">
            {member.error.message}
          </Alert>
        ) : null}
        {member.data ? (
          <MemberOverview member={member.data} isAdmin={isAdmin} isMe={member.data.id === me.data?.id} />
        ) : null}
      </Stack>
    </Container>
  );
}

function MemberOverview({ member, isAdmin, isMe }: { member: Member; isAdmin: boolean; isMe: boolean }) {
  const actions = useMemberActions();
  const name = memberName(member);
  const canManage = isAdmin && !isMe;
  const rows: [string, string][] = [
    [UI_TEXT.emailLabel, member.email],
    [UI_TEXT.phoneLabel, displayPhone(member.phoneNumber) ?? MESSAGES.noData],
    [UI_TEXT.roleLabel, displayRole(member.role)],
    [UI_TEXT.addedColumn, dateFormat.format(new Date(member.createdAt))],
  ];
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            <Group gap="md">
              <Avatar radius="xl" size="lg" color="dark.6" variant="filled">
                {(member.firstName?.[0] ?? member.email[0] ?? '?').toUpperCase()}
              </Avatar>
              <div>
                <Text fw={700} fz="lg">
                  {name || member.email}
                </Text>
                <MemberStatusBadge member={member} />
              </div>
            </Group>
            {canManage && member.kind === 'user' ? (
              <Group gap="sm">
                <Button
                  variant="default"
                  onClick={() =>
                    void actions.changeRole(member, ADMIN_ROLES.has(member.role) ? 'STANDARD' : 'ADMINISTRATOR')
                  }
                >
                  {ADMIN_ROLES.has(member.role) ? UI_TEXT.makeStandard : UI_TEXT.makeAdministrator}
                </Button>
                {member.status === 'active' ? (
                  <Button color="red" variant="outline" onClick={() => actions.askDeactivate(member)}>
                    {UI_TEXT.deactivateMember}
                  </Button>
                ) : (
                  <Button onClick={() => void actions.activate(member)}>{UI_TEXT.activateMember}</Button>
                )}
              </Group>
            ) : null}
            {canManage && member.kind === 'invitation' ? (
              <Group gap="sm">
                <Button variant="default" onClick={() => void actions.resendInvitation(member)}>
                  {UI_TEXT.resendInvitation}
                </Button>
                <Button color="red" variant="outline" onClick={() => actions.askRevoke(member)}>
                  {UI_TEXT.revokeInvitation}
                </Button>
              </Group>
            ) : null}
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
          {member.invitation ? (
            <Text size="sm" c="dimmed">
              {UI_TEXT.memberInvitedNote(dateFormat.format(new Date(member.invitation.expiresAt)))}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {isAdmin && member.kind === 'user' ? <MemberInfoForm member={member} /> : null}
      {canManage && member.kind === 'user' ? <ResetPasswordCard member={member} /> : null}
      {actions.dialog}
    </Stack>
  );
}

function MemberInfoForm({ member }: { member: Member }) {
  const save = useSetMemberInfo(member.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(MemberInfoBodySchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: member.firstName ?? '',
      lastName: member.lastName ?? '',
      phoneNumber: displayPhone(member.phoneNumber) ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(UI_TEXT.memberSaved);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['firstName', 'lastName', 'phoneNumber']));
    }
  });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="member-details-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="member-details-title">
            {UI_TEXT.memberDetailsTitle}
          </Title>
          <FormAlert message={formError} />
          <PersonFields
            isOwnDetails={false}
            firstName={register('firstName')}
            lastName={register('lastName')}
            phoneNumber={register('phoneNumber')}
            errors={{
              firstName: errors.firstName?.message,
              lastName: errors.lastName?.message,
              phoneNumber: errors.phoneNumber?.message,
            }}
            onPhoneFormatted={(value) => setValue('phoneNumber', value, { shouldValidate: true })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {UI_TEXT.saveButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ResetPasswordCard({ member }: { member: Member }) {
  const reset = useResetMemberPassword();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="member-password-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="member-password-title">
          {UI_TEXT.memberPasswordTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {UI_TEXT.memberPasswordText}
        </Text>
        <Group>
          <Button
            variant="default"
            loading={reset.isPending}
            onClick={async () => {
              try {
                await reset.mutateAsync(member.id);
                notifySuccess(UI_TEXT.resetEmailSent(member.email));
              } catch (error) {
                notifyError(errorMessage(error));
              }
            }}
          >
            {UI_TEXT.sendResetEmail}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
