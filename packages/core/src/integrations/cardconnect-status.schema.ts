import { z } from 'zod';

/**
 * An application's boarding at CardConnect (CardPointe CoPilot) as the portal last saw it (issue #24 §1 Status;
 * decision 087): the provider's merchant id, boarding and signature status (the provider's codes and our words),
 * when it was last checked, whether the provider is still processing a change, and the changes seen.
 */
export const CcStatusChangeSchema = z.strictObject({
  at: z.string(),
  boardingStatusCd: z.string(),
  boardingStatus: z.string(),
  signatureStatusCd: z.string(),
  signatureStatus: z.string(),
});
export type CcStatusChange = z.infer<typeof CcStatusChangeSchema>;

/** A field the provider refused, named by its label in the application's form (or the attribute's label). */
export const CcStatusProblemSchema = z.strictObject({ field: z.string(), message: z.string() });
export type CcStatusProblem = z.infer<typeof CcStatusProblemSchema>;

export const CcStatusViewSchema = z.strictObject({
  /** The company's CardConnect is set up (connected or turned off): the page shows the panel. */
  configured: z.boolean(),
  /** The application was sent to CardConnect (a merchant id exists). */
  sent: z.boolean(),
  merchantId: z.string().nullable(),
  /** The provider's `boardingProcessStatusCd` (INPROG, OFS, …) and its words; null before the first check. */
  boardingStatusCd: z.string().nullable(),
  boardingStatus: z.string().nullable(),
  /** The provider's `signatureStatusCd` (NOT_SENT, PENDING, SIGNED) and its words. */
  signatureStatusCd: z.string().nullable(),
  signatureStatus: z.string().nullable(),
  /** No later change comes (LIVE, DECLINED, CANCELLED): the portal stops asking. */
  final: z.boolean(),
  /** The provider's `boardingProcessPendingFlg`: still processing a change. */
  pending: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  /** When the portal asks the provider next (null when final or not sent). */
  nextCheckAt: z.string().nullable(),
  /** What a person should know, in words: not sent yet, still processing, the provider did not answer… */
  message: z.string().nullable(),
  /** Fields the provider refused, by their form labels. */
  problems: z.array(CcStatusProblemSchema),
  /** The status changes seen, newest first. */
  history: z.array(CcStatusChangeSchema),
});
export type CcStatusView = z.infer<typeof CcStatusViewSchema>;
