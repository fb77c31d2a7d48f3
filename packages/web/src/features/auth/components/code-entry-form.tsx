import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { EmailSchema } from '@under/core/auth/credentials';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { ONE_TIME_CODE_INPUT } from '../../../lib/one-time-code';

type CodeForm = UseFormReturn<{ email: string; code: string }>;

/**
 * Resending the code: the e-mail is checked first, then `send` asks the server for a new code; 'sent' shows the
 * notice, a refusal lands at the e-mail or in the form's alert.
 */
export function useResendCode(
  form: CodeForm,
  send: (email: string) => Promise<unknown>,
  onError: (m: string | null) => void,
) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  async function resend() {
    if (!(await form.trigger('email'))) return;
    onError(null);
    setState('sending');
    try {
      await send(EmailSchema.parse(form.getValues('email')));
      setState('sent');
    } catch (error) {
      setState('idle');
      onError(applyServerErrors(error, form.setError, ['email']));
    }
  }
  return { state, resend };
}

/**
 * The e-mailed code form of the sign-up verification and of password recovery (one form, two variants): the e-mail
 * asked for only when the page does not know it, the code, the submit button, back to sign-in and resend.
 */
export function CodeEntryForm(props: {
  form: CodeForm;
  onSubmit: () => void;
  /** The page knows the e-mail (it is sent hidden); else it is asked for. */
  knowsEmail: boolean;
  formError: string | null;
  resend: { state: 'idle' | 'sending' | 'sent'; resend: () => Promise<void> };
  submitLabel: string;
  submitting?: boolean;
  onBack?: () => void;
}) {
  const { form, resend } = props;
  const { errors } = form.formState;
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={props.formError} />
        {resend.state === 'sent' ? <FormAlert message={UI_TEXT.codeResent} kind="info" /> : null}
        {props.knowsEmail ? (
          <input type="hidden" {...form.register('email')} />
        ) : (
          <TextInput
            label={UI_TEXT.emailLabel}
            type="email"
            autoComplete="email"
            withAsterisk
            error={errors.email?.message}
            {...form.register('email')}
          />
        )}
        <TextInput
          label={UI_TEXT.verificationCodeLabel}
          {...ONE_TIME_CODE_INPUT}
          withAsterisk
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" loading={props.submitting} fullWidth>
          {props.submitLabel}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/login" size="sm" onClick={props.onBack}>
            {UI_TEXT.backToSignIn}
          </Anchor>
          <Button
            variant="subtle"
            size="compact-sm"
            loading={resend.state === 'sending'}
            onClick={() => void resend.resend()}
          >
            {UI_TEXT.resendCodeButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
