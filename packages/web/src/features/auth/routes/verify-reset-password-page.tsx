import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { EmailSchema } from '@under/core/auth/credentials';
import { CODE_LENGTH } from '@under/core/constants';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { brandOf, CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { forgotPassword } from '../../../lib/auth-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-context';
import { VerifyResetFormSchema } from '../../../lib/verify-reset-form';
import { getPasswordReset, setPasswordReset } from '../password-reset-state';

/**
 * Second step of password recovery, in both apps. The API checks the code together with the new password, so this
 * page only checks its shape and carries it to /reset-password; a wrong code is reported there. The reset e-mail
 * links here: opened from it (another tab, no stored e-mail) the page asks for the e-mail too, rather than sending
 * the user back to request a new code, which would replace the one in the mail they are reading (decision 024).
 */
export function VerifyResetPasswordPage() {
  const { http, pool } = useSession();
  const navigate = useNavigate();
  const [reset] = useState(() => getPasswordReset(pool));
  const [formError, setFormError] = useState<string | null>(null);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(VerifyResetFormSchema),
    mode: 'onTouched',
    defaultValues: { email: reset?.email ?? '', code: reset?.code ?? '' },
  });

  const onSubmit = handleSubmit(async ({ email, code }) => {
    setPasswordReset(pool, { email, code });
    await navigate('/reset-password');
  });

  async function onResend() {
    if (!(await trigger('email'))) return;
    setFormError(null);
    setResendState('sending');
    try {
      await forgotPassword(http, EmailSchema.parse(getValues('email')));
      setResendState('sent');
    } catch (error) {
      setResendState('idle');
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  }

  return (
    <CenteredCard
      title={UI_TEXT.verifyResetTitle}
      lead={reset ? UI_TEXT.verifyResetText(reset.email) : UI_TEXT.verifyResetAskEmail}
      brand={brandOf(pool)}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {resendState === 'sent' ? <FormAlert message={UI_TEXT.codeResent} kind="info" /> : null}
          {reset ? (
            <input type="hidden" {...register('email')} />
          ) : (
            <TextInput
              label={UI_TEXT.emailLabel}
              type="email"
              autoComplete="email"
              withAsterisk
              error={errors.email?.message}
              {...register('email')}
            />
          )}
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
