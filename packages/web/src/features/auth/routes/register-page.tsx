import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { PasswordField } from '../../../components/password-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { setPendingVerification } from '../../../lib/pending-verification';
import { useSession } from '../../../lib/session-context';
import { zodResolver } from '../../../lib/zod-resolver';
import { signUp } from '../api/auth-api';
import { RegisterFormSchema } from '../forms';

export function RegisterPage() {
  const { http } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(RegisterFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    try {
      await signUp(http, { email, password });
      setPendingVerification(email);
      await navigate('/verify-email');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
    }
  });

  return (
    <CenteredCard title={MESSAGES.registerTitle}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label={MESSAGES.emailLabel}
            type="email"
            autoComplete="email"
            withAsterisk
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label={MESSAGES.passwordLabel}
            description={MESSAGES.passwordHint}
            autoComplete="new-password"
            withAsterisk
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label={MESSAGES.confirmPasswordLabel}
            autoComplete="new-password"
            withAsterisk
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {MESSAGES.registerButton}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {MESSAGES.haveAccountPrompt}{' '}
        <Anchor component={Link} to="/login">
          {MESSAGES.signInLink}
        </Anchor>
      </Text>
    </CenteredCard>
  );
}
