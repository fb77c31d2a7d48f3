import { z } from 'zod';
import { IntegrationStateSchema } from './integrations';

/**
 * Identity checks (KYC) of an application's owners (issue #24 §3; decision 089). The provider is behind a port on
 * the server; what the portal keeps and answers is here. No PII beyond the owner's name ever leaves the server:
 * date of birth, SSN and address are read from the application only for the provider's call.
 */

/** The provider's verdict on one owner. */
export const KYC_RESULTS = ['pass', 'review', 'fail'] as const;
export const KycResultSchema = z.enum(KYC_RESULTS);
export type KycResult = z.infer<typeof KycResultSchema>;

/**
 * A submission's state: `queued` (to be sent), `pending` (sent, the provider has not finished: polled), `completed`
 * (every owner has a result), `failed` (nothing more will happen: `problem` says why in words).
 */
export const KYC_SUBMISSION_STATES = ['queued', 'pending', 'completed', 'failed'] as const;
export const KycSubmissionStateSchema = z.enum(KYC_SUBMISSION_STATES);
export type KycSubmissionState = z.infer<typeof KycSubmissionStateSchema>;

export const KycReasonSchema = z.object({
  /** The provider's code (e.g. `ssn_mismatch`), kept for support. */
  code: z.string(),
  /** The provider's words. */
  message: z.string(),
});
export type KycReason = z.infer<typeof KycReasonSchema>;

export const KycOwnerResultSchema = z.object({
  /** 1 for the primary applicant (owner 1's fields), 2 for owner 2, … */
  ownerNumber: z.number().int().min(1),
  /** The only personal data answered. */
  name: z.string(),
  /** Null while the provider has not decided. */
  result: KycResultSchema.nullable(),
  reasons: z.array(KycReasonSchema),
  decidedAt: z.string().nullable(),
});
export type KycOwnerResult = z.infer<typeof KycOwnerResultSchema>;

export const KycSubmissionSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  state: KycSubmissionStateSchema,
  owners: z.array(KycOwnerResultSchema),
  /** Why a submission failed or is waiting to be tried again, in words (never a provider's raw answer). */
  problem: z.string().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type KycSubmission = z.infer<typeof KycSubmissionSchema>;

/** `GET /api/kyc/submissions/{id}?applicationId=` (spec 2 §7 "GET KYC submissions by id with applicationId"). */
export const KycSubmissionQuerySchema = z.strictObject({ applicationId: z.uuid() });
export const KycSubmissionParamsSchema = z.strictObject({ id: z.uuid() });

/** `GET /api/applications/{applicationId}/kyc`: the application's submission, if KYC was started for it. */
export const ApplicationKycSchema = z.object({ submission: KycSubmissionSchema.nullable() });
export type ApplicationKyc = z.infer<typeof ApplicationKycSchema>;

/** `POST /api/companies/kyc`: the institution's API key at the KYC provider (write-only: answered as a mask). */
export const KycCredentialsBodySchema = z.strictObject({
  apiKey: z
    .string({ error: 'Enter the API key' })
    .trim()
    .min(1, { error: 'Enter the API key' })
    .max(200, { error: 'At most 200 characters' }),
});
export type KycCredentialsBody = z.infer<typeof KycCredentialsBodySchema>;

export const KycConnectionViewSchema = z.object({
  state: IntegrationStateSchema,
  /** The key's mask, for a client ADMINISTRATOR only. */
  apiKey: z.string().nullable(),
  connectedAt: z.string().nullable(),
});
export type KycConnectionView = z.infer<typeof KycConnectionViewSchema>;
