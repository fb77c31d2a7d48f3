import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { SignInBodySchema } from '@under/core/auth/auth.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { brandOf, CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { PasswordField } from '../../../components/password-field';
import { resendCode, signIn } from '../../../lib/auth-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useLoginState } from '../../../lib/login-state';
import { setPendingVerification } from '../../../lib/pending-verification';
import { useSession } from '../../../lib/session-context';

/** Codes that read 'Invalid email or password' (the server answers one code for unknown users and wrong passwords). */
const INVALID_CREDENTIALS = new Set<string>([ERROR_CODES.invalidCredentials, ERROR_CODES.permissionDenied]);

export function LoginPage() {
  const { http, pool } = useSession();
  const navigate = useNavigate();
  // a page that sent the user here (verified e-mail, new password, ended session) may say why, and who
  const handedOver = useLoginState();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SignInBodySchema),
    mode: 'onTouched',
    defaultValues: { email: handedOver.email, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // Storing the token is enough: the public-page guard sends the user on to ?redirect= or home.
      http.acceptTokenResponse(await signIn(http, values));
    } catch (error) {
      const code = error instanceof HttpError ? error.code : null;
      if (code === ERROR_CODES.userNotConfirmed && pool === 'client') {
        // A fresh code, since the one from sign-up may have expired (10 minutes).
        await resendCode(http, values.email).catch(() => undefined);
        setPendingVerification(values.email);
        await navigate('/verify-email');
        return;
      }
      if (code === ERROR_CODES.userDeactivated) {
        await navigate('/deactivated-account');
        return;
      }
      if (code && INVALID_CREDENTIALS.has(code)) {
        setFormError(MESSAGES.invalidCredentials);
        return;
      }
      if (code === ERROR_CODES.userNotConfirmed) {
        setFormError(MESSAGES.userNotConfirmed);
        return;
      }
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
    }
  });

  const isClient = pool === 'client';
  return (
    <CenteredCard title={isClient ? UI_TEXT.signInTitle : UI_TEXT.adminSignInTitle} brand={brandOf(pool)}>
      {/* the notice of the page that sent the user here gives way to the answer of their own sign-in */}
      <FormAlert message={formError ? null : handedOver.notice} kind={handedOver.noticeKind} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label={UI_TEXT.emailLabel}
            type="email"
            autoComplete="username"
            withAsterisk
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label={UI_TEXT.passwordLabel}
            autoComplete="current-password"
            withAsterisk
            error={errors.password?.message}
            {...register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {UI_TEXT.forgotPasswordLink}
            </Anchor>
          </Group>
          <Button type="submit" loading={isSubmitting} fullWidth>
            {UI_TEXT.signInButton}
          </Button>
        </Stack>
      </form>
      {isClient ? (
        <Text size="sm" ta="center">
          {UI_TEXT.noAccountPrompt}{' '}
          {/* underlined: inside a sentence, colour alone would not tell the link apart (axe link-in-text-block) */}
          <Anchor component={Link} to="/register" underline="always">
            {UI_TEXT.registerLink}
          </Anchor>
        </Text>
      ) : null}
    </CenteredCard>
  );
}
