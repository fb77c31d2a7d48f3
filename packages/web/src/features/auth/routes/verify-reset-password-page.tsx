import { zodResolver } from '@hookform/resolvers/zod';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { brandOf, CenteredCard } from '../../../components/centered-card';
import { forgotPassword } from '../../../lib/auth-api';
import { useSession } from '../../../lib/session-context';
import { VerifyResetFormSchema } from '../../../lib/verify-reset-form';
import { CodeEntryForm, useResendCode } from '../components/code-entry-form';
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
  const form = useForm({
    resolver: zodResolver(VerifyResetFormSchema),
    mode: 'onTouched',
    defaultValues: { email: reset?.email ?? '', code: reset?.code ?? '' },
  });
  const resend = useResendCode(form, (email) => forgotPassword(http, email), setFormError);

  const onSubmit = form.handleSubmit(async ({ email, code }) => {
    setPasswordReset(pool, { email, code });
    await navigate('/reset-password');
  });

  return (
    <CenteredCard
      title={UI_TEXT.verifyResetTitle}
      lead={reset ? UI_TEXT.verifyResetText(reset.email) : UI_TEXT.verifyResetAskEmail}
      brand={brandOf(pool)}
    >
      <CodeEntryForm
        form={form}
        onSubmit={onSubmit}
        knowsEmail={Boolean(reset)}
        formError={formError}
        resend={resend}
        submitLabel={UI_TEXT.continueButton}
      />
    </CenteredCard>
  );
}
