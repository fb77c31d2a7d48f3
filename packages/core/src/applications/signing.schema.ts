import { z } from 'zod';
import { EmailSchema } from '../auth/credentials';
import { CONFIRM_PAGE_ITEMS } from '../templates/pdf-template.schema';
import { OWNER_KINDS } from './application.schema';

/**
 * Signing an application (spec 1 §3 "signature status", §4 sign status, §5 signature width; spec 2 §7 sign status,
 * remove e-signature confirmation; issue 13). Every owner signs from their own link after the primary applicant
 * submitted; the owner proves the e-mail of the link with a one-time code first.
 */

/** Spec 1 §4: `PROGRESSING` (shown 'Awaiting Signatures') until every owner signed, then `COMPLETED`. */
export const SIGN_STATUSES = ['PROGRESSING', 'COMPLETED'] as const;
export type SignStatus = (typeof SIGN_STATUSES)[number];
/** What lists and pages show for a sign status (spec 1 §7: 'progressing' is displayed 'Awaiting Signatures'). */
export const SIGN_STATUS_LABELS: Record<SignStatus, string> = {
  PROGRESSING: 'Awaiting Signatures',
  COMPLETED: 'Signed',
};

/** Spec 1 §5 / spec 2 §9: a signature image is at least 500 px wide, its height scaled. */
export const SIGNATURE_MIN_WIDTH = 500;
/** The largest signature or initials image we take (a PNG data URL, decoded bytes). */
export const SIGNATURE_MAX_BYTES = 300_000;
/** The e-mailed signing code: 6 digits, single use, this many minutes, this many wrong guesses. */
export const SIGN_CODE_TTL_MINUTES = 10;
export const SIGN_CODE_MAX_ATTEMPTS = 5;

export type ConfirmPageItem = (typeof CONFIRM_PAGE_ITEMS)[number];

/** A PNG as a data URL (what signature_pad and a canvas give). The server checks the PNG's own width. */
export const PngDataUrlSchema = z
  .string()
  .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 32)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'A signature is a PNG image');

/** A drawn signature, or a typed one (the name as typed, rendered by the page into the image). */
export const SignatureInputSchema = z.strictObject({
  kind: z.enum(['drawn', 'typed']),
  image: PngDataUrlSchema,
  /** The typed text (typed signatures only). */
  text: z.string().trim().min(1).max(100).optional(),
});
export type SignatureInput = z.output<typeof SignatureInputSchema>;

export const SignCodeResponseSchema = z.object({
  /** The address the code went to, masked (`j***@example.com`). */
  sentTo: z.string(),
  expiresAt: z.string(),
});

export const SignBodySchema = z.strictObject({
  /** The 6-digit code e-mailed by sign-code: the link alone is not enough to sign. */
  emailCode: z.string().regex(/^[0-9]{6}$/, 'Enter the 6-digit code from the e-mail'),
  signature: SignatureInputSchema,
  initials: SignatureInputSchema.optional(),
  principalName: z.string().trim().min(1).max(100).optional(),
  /** The e-mail item of the confirm page: must be the owner's own address. */
  email: EmailSchema.optional(),
  /** The owner read the filled documents and confirms them (the page's checkbox). */
  confirmed: z.literal(true),
});
export type SignBody = z.output<typeof SignBodySchema>;

/** One owner's signature as the applicant and the institution see it (never the image's bytes in a list). */
export const OwnerSignatureSchema = z.object({
  ownerId: z.string(),
  kind: z.enum(OWNER_KINDS),
  name: z.string().nullable(),
  email: z.string(),
  /** The current (valid) signature's time, or null while it is awaited. */
  signedAt: z.string().nullable(),
  /** The last signature of this owner that was invalidated (a change to signed data, or removed by the client). */
  invalidatedAt: z.string().nullable(),
  invalidatedReason: z.enum(['data-changed', 'removed']).nullable(),
});
export type OwnerSignature = z.output<typeof OwnerSignatureSchema>;

/** GET sign status: the application's, every owner's, and what the caller (one owner's link) must provide. */
export const SignStatusSchema = z.object({
  applicationId: z.string(),
  /** null before the primary submitted. */
  signStatus: z.enum(SIGN_STATUSES).nullable(),
  owners: z.array(OwnerSignatureSchema),
  /** The confirm-page items the caller must provide (the master form's confirm page for this owner; at least signature). */
  items: z.array(z.enum(CONFIRM_PAGE_ITEMS)),
  /** The caller's e-mail has been proved with a code in the last SIGN_CODE_TTL_MINUTES (the code is still needed to sign). */
  canSign: z.boolean(),
  /** The caller's own current signature, if any. */
  signedAt: z.string().nullable(),
  /** Every owner signed and the final documents are ready to download. */
  documentsReady: z.boolean(),
});
export type SignStatusView = z.output<typeof SignStatusSchema>;

export const SignResponseSchema = z.object({
  signStatus: z.enum(SIGN_STATUSES),
  signedAt: z.string(),
  /** This signature was the last one: the documents are being generated. */
  allSigned: z.boolean(),
});

/** A reminder to sign: to one owner, or to every owner who has not signed. */
export const SignReminderBodySchema = z.strictObject({ ownerId: z.uuid().optional() }).nullish();
export const SignReminderResponseSchema = z.object({ sent: z.number().int() });

/** Spec 2 §7 "remove e-signature confirmation": one owner's, or every owner's; reopens signing (audited). */
export const RemoveSignatureBodySchema = z
  .strictObject({ ownerId: z.uuid().optional(), reason: z.string().trim().max(500).optional() })
  .nullish();
export const RemoveSignatureResponseSchema = z.object({
  signStatus: z.enum(SIGN_STATUSES).nullable(),
  removed: z.number().int(),
});

/** POST /api/public/verify: whether we issued a PDF, for which application and when, and whether it is unchanged. */
export const VerifyResultSchema = z.object({
  /** The PDF carries our seal and we have a record of it. */
  issued: z.boolean(),
  /** The sealed bytes are unchanged (the seal's digest and signature check out). */
  intact: z.boolean(),
  applicationId: z.string().nullable(),
  applicationNumber: z.number().int().nullable(),
  documentName: z.string().nullable(),
  sealedAt: z.string().nullable(),
  /** Why it is not issued or not intact, in words for the page. */
  reason: z.string().nullable(),
});
export type VerifyResult = z.output<typeof VerifyResultSchema>;
