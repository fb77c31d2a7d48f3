import { z } from 'zod';
import { APPLICATION_STATUSES, OwnerViewSchema } from './application.schema';
import { OwnerSignatureSchema, SIGN_STATUSES } from './signing.schema';

/**
 * One application as the institution reads and edits it (spec 2 §7 "GET detail by {applicationId}", "PUT update";
 * issues 13 and 14). Encrypted values are masked (a client ADMINISTRATOR reveals one at a time, audited).
 */
export const DetailQuerySchema = z.strictObject({ companyId: z.uuid().optional() });

export const ApplicationDetailSchema = z.object({
  applicationId: z.string(),
  number: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  signStatus: z.enum(SIGN_STATUSES).nullable(),
  customFormId: z.string(),
  formName: z.string(),
  formVersion: z.number().int(),
  applicantEmail: z.string(),
  applicantCompanyName: z.string().nullable(),
  /** The submission, encrypted values masked. */
  data: z.record(z.string(), z.unknown()),
  /** The form definition of the version the application was made on: its pages and labels (issue 14 detail). */
  form: z.record(z.string(), z.unknown()),
  revision: z.number().int(),
  owners: z.array(OwnerViewSchema),
  /** Every owner's signature state, the primary first. */
  signatures: z.array(OwnerSignatureSchema),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  statusReason: z.string().nullable(),
  blocked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ApplicationDetail = z.output<typeof ApplicationDetailSchema>;

/**
 * PUT /api/applications/{applicationId}: the institution edits the submission (spec 2 §7 "PUT update: body data,
 * dataPdf, timeZone, timeZoneOffSet"). A masked encrypted value sent back unchanged keeps the stored one. Any change
 * to signed data invalidates the signatures (each signer is told) and reopens signing.
 */
export const UpdateApplicationBodySchema = z.strictObject({
  data: z.record(z.string(), z.unknown()),
  /** The revision the editor's copy is based on; another stored revision answers 409 and changes nothing. */
  revision: z.number().int().min(0),
  timeZone: z.string().trim().min(1).max(64).optional(),
  timeZoneOffset: z.number().int().min(-840).max(840).optional(),
});
export const UpdateApplicationResponseSchema = z.object({
  revision: z.number().int(),
  updatedAt: z.string(),
  /** The paths whose values changed (never a value). */
  changed: z.array(z.string()),
  /** Signatures invalidated by this change. */
  invalidatedSignatures: z.number().int(),
  signStatus: z.enum(SIGN_STATUSES).nullable(),
});
