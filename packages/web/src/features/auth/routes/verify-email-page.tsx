import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { ConfirmSignUpBodySchema } from '@under/core/auth/auth.schema';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CenteredCard } from '../../../components/centered-card';
import { confirmSignUp, resendCode } from '../../../lib/auth-api';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { type LoginNoticeKind, loginState } from '../../../lib/login-state';
import { clearPendingVerification, getPendingVerification } from '../../../lib/pending-verification';
import { useSession } from '../../../lib/session-context';
import { CodeEntryForm, useResendCode } from '../components/code-entry-form';

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
  const form = useForm({
    resolver: zodResolver(ConfirmSignUpBodySchema),
    mode: 'onTouched',
    defaultValues: { email: pending?.email ?? '', code: '' },
  });
  const { handleSubmit, setError } = form;
  const resend = useResendCode(form, (email) => resendCode(http, email), setFormError);

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

  return (
    <CenteredCard
      title={UI_TEXT.verifyEmailTitle}
      lead={pending ? UI_TEXT.verifyEmailText(pending.email) : UI_TEXT.verifyEmailAskEmail}
    >
      <CodeEntryForm
        form={form}
        onSubmit={onSubmit}
        knowsEmail={Boolean(pending)}
        formError={formError}
        resend={resend}
        submitLabel={UI_TEXT.verifyButton}
        submitting={form.formState.isSubmitting}
        onBack={() => clearPendingVerification()}
      />
    </CenteredCard>
  );
}
