import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { RegisterFormSchema } from '../../../lib/auth-forms';
import { signUp } from '../../../lib/auth-password-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { setPendingVerification } from '../../../lib/pending-verification';
import { useSession } from '../../../lib/session-context';

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
    <CenteredCard title={UI_TEXT.registerTitle}>
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
      <Text size="sm" ta="center">
        {UI_TEXT.haveAccountPrompt}{' '}
        <Anchor component={Link} to="/login" underline="always">
          {UI_TEXT.signInLink}
        </Anchor>
      </Text>
    </CenteredCard>
  );
}
