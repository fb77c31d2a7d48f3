import { SignInPasswordSchema, withConfirmPassword } from '@under/core/auth/credentials';
import { PasswordSchema, SignUpBodySchema } from '@under/core/auth/password.schema';
import { MESSAGES } from '@under/core/messages';
import { z } from 'zod';

/**
 * Form schemas of the pages that set a password (they load the common-password list, decision 019), built from the core rules the server applies to the same fields;
 * only the confirm-password fields, which never reach the server, are added here.
 */
const ConfirmPasswordSchema = z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired);

export const RegisterFormSchema = withConfirmPassword(
  SignUpBodySchema.pick({ email: true, password: true }).extend({ confirmPassword: ConfirmPasswordSchema }),
  'password',
);

export const ResetPasswordFormSchema = withConfirmPassword(
  z.object({ newPassword: PasswordSchema, confirmPassword: ConfirmPasswordSchema }),
  'newPassword',
);

export const ChangePasswordFormSchema = withConfirmPassword(
  z.object({ oldPassword: SignInPasswordSchema, newPassword: PasswordSchema, confirmPassword: ConfirmPasswordSchema }),
  'newPassword',
);
