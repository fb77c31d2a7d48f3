import { z } from 'zod';

/** Every API error has this body. `errors` lists field problems of a 400. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Error codes the API uses. */
export const ERROR_CODES = {
  /**
   * Sign-in with an unknown e-mail or a wrong password: one code for both, so the answer does not tell which
   * e-mails have accounts (decision 019). Its message is the spec's "Invalid email or password".
   */
  invalidCredentials: 'auth/invalid-credentials',
  /** Signed in with a user of the other pool, or a token of the other pool. */
  permissionDenied: 'auth/permission-denied',
  /** Access token expired: refresh and retry. */
  tokenExpired: 'auth/token-expired',
  /** No session (missing, revoked or idle for 3 hours). */
  noUser: 'auth/no-user',
  /** Sign-in of a user who has not confirmed the e-mailed code. */
  userNotConfirmed: 'UserNotConfirmedException',
  userDeactivated: 'auth/user-deactivated',
  codeMismatch: 'auth/code-mismatch',
  codeExpired: 'auth/code-expired',
  tooManyAttempts: 'auth/too-many-attempts',
  alreadyConfirmed: 'auth/already-confirmed',
  accountExists: 'auth/account-exists',
  validation: 'validation',
  badRequest: 'bad-request',
  notFound: 'not-found',
  forbidden: 'forbidden',
  rateLimited: 'rate-limited',
  internal: 'internal',
  /** Invitation of an e-mail that is already a member or invited to this team. */
  emailAlreadyAdded: 'team/email-already-added',
  /** Invitation of an e-mail that belongs to another company. */
  joinedAnotherTeam: 'team/joined-another-team',
  /** A dictionary entry's key (name) is taken. */
  dictionaryKeyUsed: 'dictionary/key-used',
  /** A section's key is taken. */
  sectionKeyUsed: 'section/key-used',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
