import { z } from 'zod';
import { EmailSchema } from '../auth/credentials';
import { KEY_PATTERN } from '../forms/component.schema';
import { FORM_LIMITS } from '../forms/json-bounds';

/**
 * Applications as the applicant and the institution exchange them (spec 1 §3 "Application", "Invite", §4; spec 2
 * §7 "Applications (applicant, public)"; issue 12). The shapes here are the contract between the public API, the
 * applicant's pages and the client's screens.
 */

/** The spec's application statuses, plus `draft`: started by an applicant on a public link, not submitted. */
export const APPLICATION_STATUSES = ['draft', 'invite_sent', 'pending', 'approved', 'denied'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const OWNER_KINDS = ['primaryApplicant', 'additionalOwner'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];

/** How long an applicant's link works after it was issued or last used (days). */
export const APPLICANT_LINK_TTL_DAYS = 30;
/** Unsubmitted applications are removed this many days after their last change (the applicant is told). */
export const DRAFT_RETENTION_DAYS = 90;
/** Most open (unsubmitted) applications one e-mail may have on one form (spec 1 §9 "Maximum form applications 10"). */
export const MAX_OPEN_APPLICATIONS_PER_EMAIL = 10;
/** The autosave waits this long after the last change (issue 12: at most 2 s lost). */
export const AUTOSAVE_DELAY_MS = 1_500;
/** The hidden honeypot input's name: a person never fills it; a bot that does gets a plausible answer and nothing stored. */
export const HONEYPOT_FIELD = 'website';

const id = z.uuid();
/** A link code: base64url of 32 random bytes (256 bits). */
export const AccessCodeSchema = z
  .string()
  .min(22)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const ApplicationParamsSchema = z.strictObject({ applicationId: id });
export const OwnerParamsSchema = z.strictObject({ applicationId: id, ownerId: id });
/** Every applicant call on an existing application names it by id and proves the link with its code. */
export const CodeQuerySchema = z.strictObject({ code: AccessCodeSchema });

const submissionData = z.record(z.string(), z.unknown());

/** What the applicant accepted: each document opened (by id) and the terms, with when. */
export const AcceptanceSchema = z.strictObject({
  documents: z
    .array(z.strictObject({ documentId: z.string().max(100), at: z.string() }))
    .max(100)
    .default([]),
  termsAcceptedAt: z.string().nullable().default(null),
});
export type Acceptance = z.output<typeof AcceptanceSchema>;

export const CreateDraftBodySchema = z.strictObject({
  customFormId: id,
  email: EmailSchema,
  data: submissionData,
  /** The form version the page was loaded on (default: the current one). */
  version: z.number().int().min(1).optional(),
  acceptance: AcceptanceSchema.optional(),
  rememberAnswers: z.boolean().optional(),
  /** The honeypot: a person leaves it empty. */
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export const CreateDraftResponseSchema = z.object({
  applicationId: z.string(),
  code: z.string(),
  revision: z.number().int(),
});

export const SaveDraftBodySchema = z.strictObject({
  data: submissionData,
  /** The revision the browser's copy is based on; a different stored revision answers 409 and changes nothing. */
  revision: z.number().int().min(0),
  acceptance: AcceptanceSchema.optional(),
  rememberAnswers: z.boolean().optional(),
  /** The wizard page (its key) the owner is on: their link opens there next time (issue 21). */
  page: z.string().max(FORM_LIMITS.maxKeyLength).regex(KEY_PATTERN).optional(),
});
export const SaveDraftResponseSchema = z.object({ revision: z.number().int(), savedAt: z.string() });

export const SubmitBodySchema = z.strictObject({
  /** The last changes, saved with the submission (optional: the stored draft is submitted as it is). */
  data: submissionData.optional(),
  revision: z.number().int().min(0).optional(),
  acceptance: AcceptanceSchema.optional(),
});
export const SubmitResponseSchema = z.object({
  applicationId: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: z.string(),
});

export const OwnerViewSchema = z.object({
  ownerId: z.string(),
  kind: z.enum(OWNER_KINDS),
  name: z.string().nullable(),
  email: z.string(),
  ownershipPercent: z.number().nullable(),
  /** An additional owner who marked their part complete. */
  completedAt: z.string().nullable(),
  linkSentAt: z.string().nullable(),
  /**
   * The owner's section of the form, as the form numbers owners (decision 059): 1 the primary applicant, 2 the first
   * additional owner named, ...; null for an owner without one.
   */
  ownerSection: z.number().int().nullable(),
});
export type OwnerView = z.output<typeof OwnerViewSchema>;

/** The application as one owner's link shows it: encrypted values masked, never the codes of anyone. */
export const ApplicantApplicationSchema = z.object({
  applicationId: z.string(),
  customFormId: z.string(),
  formVersion: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  /** The caller's end-user role and owner kind. */
  role: z.enum(['primaryOwnerEndUser', 'sharedOwnerEndUser', 'sharedOwnerEndUserSubmitNew']),
  ownerKind: z.enum(OWNER_KINDS),
  ownerId: z.string(),
  /** The caller's owner section (decision 059): the only owner section they write in, and the page they open on. */
  ownerSection: z.number().int().nullable(),
  email: z.string(),
  data: submissionData,
  revision: z.number().int(),
  acceptance: AcceptanceSchema,
  rememberAnswers: z.boolean(),
  /** Submitted or decided: the applicant reads it, edits nothing. */
  readOnly: z.boolean(),
  /** A submitted application this owner may correct and re-submit through an edit link (decision 052). */
  editing: z.boolean(),
  /** A blocked application: the company the applicant must contact. */
  blockedBy: z.string().nullable(),
  /** The wizard page (its key) this owner last saved on, where their link opens; null: the first. */
  resumePage: z.string().nullable(),
  owners: z.array(OwnerViewSchema),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ApplicantApplication = z.output<typeof ApplicantApplicationSchema>;

/** An attachment upload (png, jpeg, pdf by content; 25 MB; the URL takes one file, once). */
export const PresignBodySchema = z.strictObject({
  applicationId: id,
  code: AccessCodeSchema,
  fileName: z.string().trim().min(1).max(255),
  contentType: z.enum(['image/png', 'image/jpeg', 'application/pdf']),
  size: z
    .number()
    .int()
    .min(1)
    .max(25 * 1_000_000),
});
export const PresignResponseSchema = z.object({ uploadUrl: z.string(), fileKey: z.string(), expiresAt: z.string() });

/** The primary applicant's list of additional owners (the whole list: added, changed, removed). */
export const SetOwnersBodySchema = z.strictObject({
  owners: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).max(100),
        email: EmailSchema,
        ownershipPercent: z.number().min(0).max(100).nullable().default(null),
      }),
    )
    .max(20),
});
export const OwnersResponseSchema = z.object({ owners: z.array(OwnerViewSchema) });

/** An expired or lost link: e-mail a fresh one to the address on file (answers 202 whether or not it matched). */
/**
 * A fresh link for an owner on file: `code` is the link the caller holds (expired or not). Only that owner's own
 * link, or the primary's, may have the owner's link replaced (decision 056).
 */
export const RequestLinkBodySchema = z.strictObject({ applicationId: id, email: EmailSchema, code: AccessCodeSchema });

/** The institution invites a customer to a form (spec 1 §3 "Invite"; spec 1 §9 default 'primary'). */
export const InviteBodySchema = z.strictObject({
  customFormId: id,
  invitedEmail: EmailSchema,
  /** Which address is the primary applicant's: 'primary' (the invited e-mail) or another e-mail. */
  emailPrimary: z.string().trim().min(1).max(100).default('primary'),
  timeZone: z.string().trim().min(1).max(64).optional(),
  timeZoneOffset: z.number().int().min(-840).max(840).optional(),
});
export const InviteResponseSchema = z.object({ applicationId: z.string(), status: z.enum(APPLICATION_STATUSES) });

/** A client ADMINISTRATOR reveals one encrypted value (audited). */
export const RevealBodySchema = z.strictObject({ path: z.string().min(1).max(300) });
export const RevealResponseSchema = z.object({ path: z.string(), value: z.string() });
