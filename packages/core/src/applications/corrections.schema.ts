import { z } from 'zod';
import { EmailSchema } from '../auth/credentials';
import { APPLICATION_STATUSES } from './application.schema';

/**
 * The institution's corrections of an application (issue 14, decision 052): an edit link for one owner, a copy into
 * a new application, and the move onto the form's latest version.
 */
export const EditLinkBodySchema = z.strictObject({
  /** The owner's e-mail, as it is on the application. */
  email: EmailSchema,
});

export const EditUrlResponseSchema = z.object({
  ownerId: z.string(),
  /** The owner's edit link; it replaces the link they had (the old one stops working). Shown once. */
  url: z.string(),
  expiresAt: z.string(),
});

export const InviteEditResponseSchema = z.object({
  ownerId: z.string(),
  sentTo: z.string(),
  expiresAt: z.string(),
});

export const CopyApplicationBodySchema = z.strictObject({
  /** The primary applicant of the copy (invited by e-mail: a real address); the source's primary by default. */
  email: EmailSchema.optional(),
});

export const CopyApplicationResponseSchema = z.object({
  applicationId: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  formVersion: z.number().int(),
  /** The source's answers the copy does not carry (removed fields, files), top-level keys. */
  dropped: z.array(z.string()),
  /** Where the invitation to the copy went. */
  sentTo: z.string(),
});

export const RepopulateResponseSchema = z.object({
  fromVersion: z.number().int(),
  formVersion: z.number().int(),
  revision: z.number().int(),
  dropped: z.array(z.string()),
  /** Signatures voided because the document changed. */
  invalidatedSignatures: z.number().int(),
});

export type EditUrlResponse = z.infer<typeof EditUrlResponseSchema>;
export type CopyApplicationResponse = z.infer<typeof CopyApplicationResponseSchema>;
export type RepopulateResponse = z.infer<typeof RepopulateResponseSchema>;
