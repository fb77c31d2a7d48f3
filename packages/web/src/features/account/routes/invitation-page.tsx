import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { displayRole } from '@under/core/accounts/enums';
import type { PublicInvitation } from '@under/core/accounts/team.schema';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { RegisterFormSchema } from '../../../lib/auth-forms';
import { signUp } from '../../../lib/auth-password-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { setPendingInvitation } from '../../../lib/pending-invitation';
import { setPendingVerification } from '../../../lib/pending-verification';
import { useAuthState, useSession } from '../../../lib/session-context';
import { useMe } from '../../../lib/use-me';
import { usePublicInvitation } from '../api/account-api';

/**
 * /register/{invitationCode}: the link of the invitation e-mail. Shows the company and the invited e-mail (which
 * cannot change), then sign-up -> verify -> sign in -> /register-company joins the team. Links that no longer
 * work get a page that says why.
 */
export function InvitationPage() {
  const { invitationCode = '' } = useParams();
  const invitation = usePublicInvitation(invitationCode);
  const { status } = useAuthState();

  if (invitation.isPending) {
    return (
      <CenteredCard title={UI_TEXT.loading}>
        <Skeleton height={180} radius="md" />
      </CenteredCard>
    );
  }
  if (invitation.isError || invitation.data.status !== 'pending') {
    const message = invitation.isError
      ? invitation.error instanceof HttpError && invitation.error.status === 404
        ? MESSAGES.invitationNotFound
        : invitation.error.message
      : (invitation.data.message ?? MESSAGES.invitationNotFound);
    return (
      <CenteredCard title={UI_TEXT.invitationInvalidTitle}>
        <FormAlert message={message} kind="info" />
        <Anchor component={Link} to="/login">
          {UI_TEXT.backToSignIn}
        </Anchor>
      </CenteredCard>
    );
  }
  const pending = { ...invitation.data, code: invitationCode };
  return status === 'signed-in' ? <SignedInInvitation invitation={pending} /> : <InvitedSignUp invitation={pending} />;
}

type OpenInvitation = PublicInvitation & { code: string };

function keep(invitation: OpenInvitation) {
  setPendingInvitation({
    code: invitation.code,
    email: invitation.email,
    companyName: invitation.companyName,
    role: invitation.role,
  });
}

function InvitedSignUp({ invitation }: { invitation: OpenInvitation }) {
  const { http } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(RegisterFormSchema),
    mode: 'onTouched',
    defaultValues: { email: invitation.email, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await signUp(http, { email: invitation.email, password });
      keep(invitation);
      setPendingVerification(invitation.email);
      await navigate('/verify-email');
    } catch (error) {
      setAccountExists(error instanceof HttpError && error.code === ERROR_CODES.accountExists);
      setFormError(applyServerErrors(error, setError, ['password']));
    }
  });

  const signInPath = `/login?redirect=${encodeURIComponent(`/register/${invitation.code}`)}`;
  return (
    <CenteredCard
      title={UI_TEXT.invitationTitle(invitation.companyName)}
      lead={`${UI_TEXT.invitationInvitedAs(invitation.companyName, displayRole(invitation.role))} ${UI_TEXT.invitationLead}`}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label={UI_TEXT.emailLabel}
            type="email"
            readOnly
            variant="filled"
            description={UI_TEXT.invitationEmailFixed}
            {...register('email')}
          />
          <NewPasswordFields
            kind="initial"
            password={register('password')}
            confirm={register('confirmPassword')}
            passwordError={errors.password?.message}
            confirmError={errors.confirmPassword?.message}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {UI_TEXT.registerButton}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" fw={accountExists ? 600 : undefined}>
        {UI_TEXT.invitationSignInPrompt}{' '}
        <Anchor component={Link} to={signInPath} underline="always" onClick={() => keep(invitation)}>
          {UI_TEXT.invitationSignInLink}
        </Anchor>
      </Text>
    </CenteredCard>
  );
}

function SignedInInvitation({ invitation }: { invitation: OpenInvitation }) {
  const session = useSession();
  const me = useMe();
  if (me.isPending) return null;
  if (me.data && !me.data.company && me.data.email === invitation.email) {
    keep(invitation);
    return <Navigate to="/register-company" replace />;
  }
  const message = me.data?.company ? UI_TEXT.invitationInTeamAlready : UI_TEXT.invitationWrongAccount(invitation.email);
  return (
    <CenteredCard title={UI_TEXT.invitationTitle(invitation.companyName)}>
      <FormAlert message={message} kind="info" />
      <Group justify="space-between">
        <Anchor component={Link} to="/">
          {UI_TEXT.backHome}
        </Anchor>
        <Button variant="default" onClick={() => void session.signOut()}>
          {UI_TEXT.logOut}
        </Button>
      </Group>
    </CenteredCard>
  );
}
