import { CodeSchema, EmailSchema } from '@under/core/auth/credentials';
import { z } from 'zod';

/**
 * The code step of password recovery: the e-mail is asked for only when the page has none (opened from the mail).
 * Apart from auth-forms.ts: this page sets no password, so it must not load the common-password list (decision 019).
 */
export const VerifyResetFormSchema = z.object({ email: EmailSchema, code: CodeSchema });
