import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { CODE_LENGTH } from '@under/core/constants';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-context';
import { zodResolver } from '../../../lib/zod-resolver';
import { forgotPassword } from '../../../lib/auth-api';
import { CodeFormSchema } from '../../../lib/auth-forms';
import { getPasswordReset, setPasswordReset } from '../password-reset-state';

/**
 * Second step of password recovery. The API checks the code together with the new password, so this page
 * only checks its shape and carries it to /reset-password; a wrong code is reported there.
 */
export function VerifyResetPasswordPage() {
  const { http } = useSession();
  const navigate = useNavigate();
  const [reset] = useState(getPasswordReset);
  const [formError, setFormError] = useState<string | null>(null);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CodeFormSchema),
    mode: 'onTouched',
    defaultValues: { code: reset?.code ?? '' },
  });

  if (!reset) return <Navigate to="/forgot-password" replace />;
  const { email } = reset;

  const onSubmit = handleSubmit(async ({ code }) => {
    setPasswordReset({ email, code });
    await navigate('/reset-password');
  });

  async function onResend() {
    setFormError(null);
    setResendState('sending');
    try {
      await forgotPassword(http, email);
      setResendState('sent');
    } catch (error) {
      setResendState('idle');
      setFormError(applyServerErrors(error, () => undefined, []));
    }
  }

  return (
    <CenteredCard title={UI_TEXT.verifyResetTitle} lead={UI_TEXT.verifyResetText(email)}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {resendState === 'sent' ? <FormAlert message={UI_TEXT.codeResent} kind="info" /> : null}
          <TextInput
            label={UI_TEXT.verificationCodeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            withAsterisk
            error={errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" fullWidth>
            {UI_TEXT.continueButton}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              {UI_TEXT.backToSignIn}
            </Anchor>
            <Button variant="subtle" size="compact-sm" loading={resendState === 'sending'} onClick={onResend}>
              {UI_TEXT.resendCodeButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </CenteredCard>
  );
}
