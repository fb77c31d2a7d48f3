import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { ConfirmSignUpBodySchema } from '@under/core/auth/auth.schema';
import { EmailSchema } from '@under/core/auth/credentials';
import { CODE_LENGTH } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { confirmSignUp, resendCode } from '../../../lib/auth-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { type LoginNoticeKind, loginState } from '../../../lib/login-state';
import { clearPendingVerification, getPendingVerification } from '../../../lib/pending-verification';
import { useSession } from '../../../lib/session-context';

/** Answers of confirm-sign-up that are about the code the user typed. */
const CODE_ERRORS = new Set<string>([ERROR_CODES.codeMismatch, ERROR_CODES.codeExpired, ERROR_CODES.tooManyAttempts]);

/**
 * The 6-digit code sent at sign-up. The e-mail comes from the pending-verification flag; opened without
 * one (another tab, a bookmark) the page asks for it.
 */
export function VerifyEmailPage() {
  const { http } = useSession();
  const navigate = useNavigate();
  const [pending] = useState(getPendingVerification);
  const [formError, setFormError] = useState<string | null>(null);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ConfirmSignUpBodySchema),
    mode: 'onTouched',
    defaultValues: { email: pending?.email ?? '', code: '' },
  });

  /** To sign-in with the e-mail filled in: 'verified' in green, 'was already verified' as a plain notice. */
  async function finish(email: string, notice: string, noticeKind: LoginNoticeKind) {
    // Verifying the code clears the stored user info (spec 2 §4).
    clearPendingVerification();
    await navigate('/login', { replace: true, state: loginState({ notice, noticeKind, email }) });
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await confirmSignUp(http, values);
      await finish(values.email, UI_TEXT.emailVerified, 'success');
    } catch (error) {
      const code = error instanceof HttpError ? error.code : null;
      if (code === ERROR_CODES.alreadyConfirmed) return finish(values.email, MESSAGES.alreadyConfirmed, 'info');
      if (code && CODE_ERRORS.has(code) && error instanceof HttpError) {
        setError('code', { type: 'server', message: error.message });
        return;
      }
      setFormError(applyServerErrors(error, setError, ['email', 'code']));
    }
  });

  async function onResend() {
    if (!(await trigger('email'))) return;
    setFormError(null);
    setResendState('sending');
    try {
      await resendCode(http, EmailSchema.parse(getValues('email')));
      setResendState('sent');
    } catch (error) {
      setResendState('idle');
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  }

  return (
    <CenteredCard
      title={UI_TEXT.verifyEmailTitle}
      lead={pending ? UI_TEXT.verifyEmailText(pending.email) : UI_TEXT.verifyEmailAskEmail}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {resendState === 'sent' ? <FormAlert message={UI_TEXT.codeResent} kind="info" /> : null}
          {pending ? (
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
          <Button type="submit" loading={isSubmitting} fullWidth>
            {UI_TEXT.verifyButton}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm" onClick={() => clearPendingVerification()}>
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
