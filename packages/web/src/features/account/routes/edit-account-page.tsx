import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Container, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { ChangePasswordFormSchema } from '../../../lib/auth-forms';
import { changePassword } from '../../../lib/auth-password-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-context';
import { useProfile } from '../api/account-api';
import { ProfileForm } from '../components/profile-form';

/** /edit-account: names and contact number, and change password. Success revokes every session on the server, so the user signs in again. */
export function EditAccountPage() {
  const { http } = useSession();
  const profile = useProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ oldPassword, newPassword }) => {
    setFormError(null);
    try {
      const isChanged = await changePassword(http, { oldPassword, newPassword });
      if (!isChanged) {
        setError('oldPassword', { type: 'server', message: MESSAGES.passwordIncorrect }, { shouldFocus: true });
        return;
      }
      // The server already revoked the session; only the local state is left to clear.
      http.endSession({ reason: 'password-changed', notice: UI_TEXT.passwordChanged, noticeKind: 'success' });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['oldPassword', 'newPassword']));
    }
  });

  return (
    <Container size={640} py="xl">
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {UI_TEXT.editAccountTitle}
        </Title>
        {profile.data ? <ProfileForm profile={profile.data} /> : <Skeleton height={320} radius="md" />}
        <Paper withBorder p="lg" radius="md">
          <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
            <Stack gap="md">
              <Title order={2} fz="lg" id="change-password-title">
                {UI_TEXT.changePasswordTitle}
              </Title>
              <FormAlert message={formError} />
              <PasswordField
                label={UI_TEXT.oldPasswordLabel}
                autoComplete="current-password"
                withAsterisk
                error={errors.oldPassword?.message}
                {...register('oldPassword')}
              />
              <NewPasswordFields
                kind="replacement"
                password={register('newPassword')}
                confirm={register('confirmPassword')}
                passwordError={errors.newPassword?.message}
                confirmError={errors.confirmPassword?.message}
              />
              <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
                {UI_TEXT.changePasswordButton}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
