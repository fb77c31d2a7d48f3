import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack } from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { brandOf, CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ResetPasswordFormSchema } from '../../../lib/auth-forms';
import { confirmForgotPassword } from '../../../lib/auth-password-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { loginState } from '../../../lib/login-state';
import { useSession } from '../../../lib/session-context';
import { clearPasswordReset, getPasswordReset } from '../password-reset-state';

const CODE_ERRORS = new Set<string>([ERROR_CODES.codeMismatch, ERROR_CODES.codeExpired, ERROR_CODES.tooManyAttempts]);

export function ResetPasswordPage() {
  const { http, pool } = useSession();
  const navigate = useNavigate();
  const [reset] = useState(() => getPasswordReset(pool));
  const [formError, setFormError] = useState<string | null>(null);
  const [isCodeRejected, setCodeRejected] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  if (!reset) return <Navigate to="/forgot-password" replace />;
  if (!reset.code) return <Navigate to="/verify-reset-password" replace />;
  const { email, code } = reset;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    setCodeRejected(false);
    try {
      await confirmForgotPassword(http, { email, code, newPassword });
      clearPasswordReset(pool);
      await navigate('/login', {
        replace: true,
        state: loginState({ notice: UI_TEXT.passwordResetDone, noticeKind: 'success', email }),
      });
    } catch (error) {
      if (error instanceof HttpError && CODE_ERRORS.has(error.code)) {
        setCodeRejected(true);
        setFormError(error.message);
        return;
      }
      setFormError(applyServerErrors(error, setError, ['newPassword']));
    }
  });

  return (
    <CenteredCard title={UI_TEXT.resetPasswordTitle} brand={brandOf(pool)}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {isCodeRejected ? (
            <Anchor component={Link} to="/verify-reset-password" size="sm">
              {UI_TEXT.verifyResetTitle}
            </Anchor>
          ) : null}
          <NewPasswordFields
            kind="replacement"
            password={register('newPassword')}
            confirm={register('confirmPassword')}
            passwordError={errors.newPassword?.message}
            confirmError={errors.confirmPassword?.message}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {UI_TEXT.resetPasswordButton}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {UI_TEXT.backToSignIn}
          </Anchor>
        </Stack>
      </form>
    </CenteredCard>
  );
}
