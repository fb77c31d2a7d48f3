import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { EmailOnlyBodySchema } from '@under/core/auth/auth.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { brandOf, CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { forgotPassword } from '../../../lib/auth-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-context';
import { getPasswordReset, setPasswordReset } from '../password-reset-state';

/** First step of password recovery, in both apps (/forgot-password, /admin/forgot-password): the pool is the app's. */
export function ForgotPasswordPage() {
  const { http, pool } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(EmailOnlyBodySchema),
    mode: 'onTouched',
    defaultValues: { email: getPasswordReset(pool)?.email ?? '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await forgotPassword(http, email);
      setPasswordReset(pool, { email });
      await navigate('/verify-reset-password');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  return (
    <CenteredCard title={UI_TEXT.forgotPasswordTitle} lead={UI_TEXT.forgotPasswordText} brand={brandOf(pool)}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label={UI_TEXT.emailLabel}
            type="email"
            autoComplete="email"
            withAsterisk
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {UI_TEXT.sendCodeButton}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {UI_TEXT.backToSignIn}
          </Anchor>
        </Stack>
      </form>
    </CenteredCard>
  );
}
