import { SignInPasswordSchema, withConfirmPassword } from '@under/core/auth/credentials';
import { ConfirmForgotPasswordBodySchema, PasswordSchema, SignUpBodySchema } from '@under/core/auth/password.schema';
import { MESSAGES } from '@under/core/messages';
import { z } from 'zod';

/**
 * Form schemas of the auth pages, built from the core rules the server applies to the same fields;
 * only the confirm-password fields, which never reach the server, are added here.
 */
const ConfirmPasswordSchema = z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired);

export const RegisterFormSchema = withConfirmPassword(
  SignUpBodySchema.pick({ email: true, password: true }).extend({ confirmPassword: ConfirmPasswordSchema }),
  'password',
);

/** The code step of password recovery: the e-mail is asked for only when the page has none (opened from the mail). */
export const VerifyResetFormSchema = ConfirmForgotPasswordBodySchema.pick({ email: true, code: true });

export const ResetPasswordFormSchema = withConfirmPassword(
  z.object({ newPassword: PasswordSchema, confirmPassword: ConfirmPasswordSchema }),
  'newPassword',
);

export const ChangePasswordFormSchema = withConfirmPassword(
  z.object({ oldPassword: SignInPasswordSchema, newPassword: PasswordSchema, confirmPassword: ConfirmPasswordSchema }),
  'newPassword',
);
