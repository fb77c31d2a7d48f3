import { UI_TEXT } from '@under/core/ui-text';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  /** `register('password')` or `register('newPassword')` of the page's form. */
  password: UseFormRegisterReturn;
  /** `register('confirmPassword')`. */
  confirm: UseFormRegisterReturn;
  passwordError?: string;
  confirmError?: string;
  /** 'initial' on sign-up pages ("Password"), 'replacement' where a password is changed ("New password"). */
  kind: 'initial' | 'replacement';
}

/** A new password with the rules as a hint, and its confirmation: the pair every password-setting page shows. */
export function NewPasswordFields({ password, confirm, passwordError, confirmError, kind }: NewPasswordFieldsProps) {
  const isInitial = kind === 'initial';
  return (
    <>
      <PasswordField
        label={isInitial ? UI_TEXT.passwordLabel : UI_TEXT.newPasswordLabel}
        description={UI_TEXT.passwordHint}
        autoComplete="new-password"
        withAsterisk
        error={passwordError}
        {...password}
      />
      <PasswordField
        label={isInitial ? UI_TEXT.confirmPasswordLabel : UI_TEXT.confirmNewPasswordLabel}
        autoComplete="new-password"
        withAsterisk
        error={confirmError}
        {...confirm}
      />
    </>
  );
}
