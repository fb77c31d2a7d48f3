import { z } from 'zod';

/**
 * Every audited action: what it is done to (`target`) and the schema of its details. One event is written per
 * change, in the transaction of the change (server: `writeAudit`). Details are strict: a field not listed here is
 * refused, so a value that must not be kept (a password, a code, an encrypted field's value) cannot slip in.
 * The history of an application and the proof of a signature will be read from these events.
 */
const none = z.undefined();
const pushed = z.strictObject({ pushId: z.string() });

export const AUDIT_ACTIONS = {
  // identity (decision 003)
  'auth.sign-up': { target: 'user', details: none },
  'auth.confirm-sign-up': { target: 'user', details: none },
  'auth.sign-in': { target: 'user', details: none },
  'auth.reset-password': { target: 'user', details: none },
  'auth.change-password': { target: 'user', details: none },
  // companies, profiles and teams (decisions 006, 008)
  'company.register': { target: 'company', details: none },
  'company.whitelist-domains': { target: 'company', details: z.strictObject({ count: z.number().int() }) },
  'company.logo': { target: 'company', details: none },
  'profile.update': { target: 'user', details: none },
  /** A member turned one kind of notification e-mail on or off (issue 21; decision 060). */
  'profile.notification': {
    target: 'user',
    details: z.strictObject({ kind: z.string(), enabled: z.boolean() }),
  },
  'team.invite': { target: 'invitation', details: z.strictObject({ email: z.string(), role: z.string() }) },
  'team.invite-resend': { target: 'invitation', details: none },
  'team.invite-revoke': { target: 'invitation', details: none },
  'team.join': { target: 'invitation', details: z.strictObject({ role: z.string(), status: z.string() }) },
  'team.activate': { target: 'user', details: none },
  'team.deactivate': { target: 'user', details: none },
  'team.role': { target: 'user', details: z.strictObject({ from: z.string(), to: z.string() }) },
  'team.info': { target: 'user', details: none },
  'team.password-reset': { target: 'user', details: none },
  // mail outbox (decision 023)
  'mail.retry': { target: 'mail', details: z.strictObject({ kind: z.string(), attempts: z.number().int() }) },
  // PDF templates (decisions 011, 014)
  'pdf-template.create': {
    target: 'pdf-template',
    details: z.strictObject({ name: z.string(), pages: z.number().int() }),
  },
  'pdf-template.replace-file': {
    target: 'pdf-template',
    details: z.strictObject({ previousFile: z.string(), removedFields: z.number().int() }),
  },
  'pdf-template.clone': {
    target: 'pdf-template',
    details: z.strictObject({
      from: z.string(),
      withMapping: z.boolean(),
      ccMappingLines: z.number().int().optional(),
    }),
  },
  'pdf-template.archive': { target: 'pdf-template', details: none },
  'pdf-template.unarchive': { target: 'pdf-template', details: none },
  'pdf-template.mapping': {
    target: 'pdf-template',
    details: z.strictObject({ fields: z.number().int(), version: z.number().int() }),
  },
  'pdf-template.settings': { target: 'pdf-template', details: none },
  'pdf-template.confirm-page': { target: 'pdf-template', details: none },
  // dictionaries and sections (decision 016)
  'dictionary.create': { target: 'dictionary', details: none },
  'dictionary.update': { target: 'dictionary', details: none },
  'dictionary.delete': { target: 'dictionary', details: none },
  'dictionary.push': { target: 'dictionary', details: pushed },
  'section.create': { target: 'section', details: none },
  'section.update': { target: 'section', details: none },
  'section.push': { target: 'section', details: pushed },
  // master forms (decisions 013, 017, 026)
  'master-form.create': { target: 'master-form', details: none },
  'master-form.update': { target: 'master-form', details: none },
  'master-form.mode': { target: 'master-form', details: none },
  'master-form.general': { target: 'master-form', details: none },
  'master-form.accessibility': { target: 'master-form', details: none },
  'master-form.status': { target: 'master-form', details: none },
  'master-form.permission-global': { target: 'master-form', details: none },
  'master-form.permission-limited': { target: 'master-form', details: none },
  'master-form.publish': { target: 'master-form', details: z.strictObject({ version: z.number().int() }) },
  'master-form.permission': { target: 'master-form', details: z.strictObject({ users: z.number().int() }) },
  'master-form.push-dictionary': { target: 'master-form', details: pushed },
  'master-form.push-section': { target: 'master-form', details: pushed },
  // subscriptions and payments (decision 032); amounts in cents, never a card's number
  'billing.subscribe': {
    target: 'company',
    details: z.strictObject({
      membershipId: z.string(),
      kind: z.string(),
      status: z.string(),
      amountCents: z.number().int(),
      paymentId: z.string(),
    }),
  },
  'billing.trial': { target: 'company', details: z.strictObject({ membershipId: z.string(), endsAt: z.string() }) },
  'billing.downgrade': { target: 'company', details: z.strictObject({ membershipId: z.string(), at: z.string() }) },
  'billing.cancel': { target: 'company', details: z.strictObject({ at: z.string() }) },
  'billing.resume': { target: 'company', details: none },
  'billing.card': { target: 'company', details: z.strictObject({ brand: z.string(), last4: z.string() }) },
  'billing.renewal': {
    target: 'company',
    details: z.strictObject({ paymentId: z.string(), status: z.string(), amountCents: z.number().int() }),
  },
  'billing.plan-ended': {
    target: 'company',
    details: z.strictObject({
      from: z.string(),
      reason: z.string(),
      deactivatedMembers: z.number().int(),
      deactivatedForms: z.number().int(),
    }),
  },
  'billing.refund': { target: 'payment', details: z.strictObject({ amountCents: z.number().int() }) },
  // custom forms and template permissions (issue 11; decision 035)
  'custom-form.create': { target: 'custom-form', details: z.strictObject({ masterFormId: z.string() }) },
  'custom-form.update': { target: 'custom-form', details: z.strictObject({ version: z.number().int() }) },
  'custom-form.name': { target: 'custom-form', details: none },
  'custom-form.status': { target: 'custom-form', details: z.strictObject({ status: z.string() }) },
  /** Decision 053: a form without applications deleted, with its versions; its name kept here. */
  'custom-form.delete': {
    target: 'custom-form',
    details: z.strictObject({ name: z.string(), versions: z.number().int() }),
  },
  'custom-form.mode': { target: 'custom-form', details: z.strictObject({ updateMode: z.string() }) },
  /** Integrations turned on or off for a custom form (decision 078): by kind. */
  'custom-form.integrations': {
    target: 'custom-form',
    details: z.strictObject({ integrations: z.record(z.string(), z.boolean()) }),
  },
  /** A custom form's Salesforce mapping saved (issue #23 §5; decision 075). */
  'custom-form.salesforce-mapping': {
    target: 'custom-form',
    details: z.strictObject({ object: z.string(), mode: z.string(), fields: z.number().int() }),
  },
  'custom-form.clone': { target: 'custom-form', details: z.strictObject({ from: z.string() }) },
  'custom-form.master-update': {
    target: 'custom-form',
    details: z.strictObject({ masterVersion: z.number().int(), version: z.number().int() }),
  },
  'custom-form.archive': { target: 'custom-form', details: z.strictObject({ masterFormId: z.string() }) },
  /** A master form's CardConnect mapping saved by the platform's admin (issue #24 §1; decision 083). */
  'master-form.cardconnect-mapping': {
    target: 'master-form',
    details: z.strictObject({ fields: z.number().int() }),
  },
  'template-permission.global': { target: 'master-form', details: z.strictObject({ global: z.boolean() }) },
  'template-permission.grant': { target: 'master-form', details: z.strictObject({ users: z.number().int() }) },
  // coupons and the admin back office (decision 033)
  'coupon.create': { target: 'coupon', details: z.strictObject({ code: z.string() }) },
  'coupon.update': { target: 'coupon', details: z.strictObject({ fields: z.array(z.string()) }) },
  'coupon.apply': { target: 'company', details: z.strictObject({ couponId: z.string(), code: z.string() }) },
  'coupon.remove': { target: 'company', details: z.strictObject({ couponId: z.string(), code: z.string() }) },
  'account.update': {
    target: 'company',
    details: z.strictObject({ fields: z.array(z.string()), status: z.string().optional() }),
  },
  'account.subscription-level': { target: 'company', details: z.strictObject({ from: z.string(), to: z.string() }) },
  'admin-user.invite': { target: 'user', details: z.strictObject({ email: z.string() }) },
  'admin-user.status': { target: 'user', details: z.strictObject({ from: z.string(), to: z.string() }) },
  // applications (issue 12; decision 041)
  'application.invite': {
    target: 'application',
    details: z.strictObject({
      customFormId: z.string(),
      formVersion: z.number().int(),
      invitedEmail: z.string(),
      primaryEmail: z.string(),
    }),
  },
  // the applicant vault (decision 039): never a value, a key's value or the e-mail; the target is the vault's id
  'vault.remember': {
    target: 'applicant-vault',
    details: z.strictObject({ applicationId: z.string().optional(), keys: z.number().int() }),
  },
  'vault.unlock': { target: 'applicant-vault', details: none },
  'vault.delete': { target: 'applicant-vault', details: z.strictObject({ keys: z.number().int() }) },
  // additional owners, their links and the retention of unsubmitted applications (issue 12; decision 037)
  'application.owners': {
    target: 'application',
    details: z.strictObject({ added: z.number().int(), changed: z.number().int(), removed: z.number().int() }),
  },
  /** A fresh link for one owner: re-sent by the primary, or asked for on an expired link. Never the code. */
  'application.owner-link': {
    target: 'application',
    details: z.strictObject({ ownerId: z.string(), reason: z.enum(['resend', 'request']) }),
  },
  /** An unsubmitted application removed after DRAFT_RETENTION_DAYS without a change (no data values). */
  'application.retention-remove': {
    target: 'application',
    details: z.strictObject({ status: z.string(), updatedAt: z.string() }),
  },
  // encrypted fields (issue 12; decision 038): which value a client ADMINISTRATOR revealed, never the value
  'application.reveal': { target: 'application', details: z.strictObject({ path: z.string() }) },
  // "Sync now" / "Sync again" on an application (issue #23 §4; decision 074): which integration was asked
  'application.sync-request': { target: 'application', details: z.strictObject({ integration: z.string() }) },
  // the application's merchant moved on at CardConnect, as the status poll saw it (issue #24 §1; decision 087)
  'application.cardconnect-status': {
    target: 'application',
    details: z.strictObject({ from: z.string().nullable(), to: z.string(), signature: z.string() }),
  },
  // status decisions (issue 14; decision 042): the reason is the team's text, never an applicant's value
  'application.status': {
    target: 'application',
    details: z.strictObject({
      from: z.string(),
      to: z.string(),
      reason: z.string().nullable(),
      notifyApplicant: z.boolean(),
    }),
  },
  // applicants' applications (issue 12; decision 036): the actor is the owner's link, named by e-mail and role;
  // never a value, never a code
  'application.create': {
    target: 'application',
    details: z.strictObject({
      email: z.string(),
      role: z.string(),
      customFormId: z.string(),
      version: z.number().int(),
    }),
  },
  'application.save': {
    target: 'application',
    details: z.strictObject({
      email: z.string(),
      role: z.string(),
      revision: z.number().int(),
      fields: z.array(z.string()),
    }),
  },
  'application.submit': {
    target: 'application',
    details: z.strictObject({ email: z.string(), role: z.string(), revision: z.number().int() }),
  },
  'application.owner-complete': {
    target: 'application',
    details: z.strictObject({ email: z.string(), role: z.string(), ownerId: z.string() }),
  },
  // issue 14 (decision 052): corrections through an edit link, copies and repopulation; never a value
  /** The institution gave an owner an edit link: e-mailed to them, or created for the client to pass on. */
  'application.edit-link': {
    target: 'application',
    details: z.strictObject({ ownerId: z.string(), delivery: z.enum(['mail', 'url']) }),
  },
  /** An owner re-submitted a submitted application they corrected through an edit link. */
  'application.resubmit': {
    target: 'application',
    details: z.strictObject({ email: z.string(), role: z.string(), revision: z.number().int() }),
  },
  /** A new application made from another one's answers (the target is the new one). */
  'application.copy': {
    target: 'application',
    details: z.strictObject({ sourceApplicationId: z.string(), version: z.number().int() }),
  },
  /** An application moved to its form's latest version; the answers of removed fields are dropped (paths only). */
  'application.repopulate': {
    target: 'application',
    details: z.strictObject({
      fromVersion: z.number().int(),
      toVersion: z.number().int(),
      dropped: z.array(z.string()),
    }),
  },
  // issue 14 (decision 043): the filters and the count, never a value
  'application.export': {
    target: 'company',
    details: z.strictObject({
      format: z.enum(['xlsx', 'csv']),
      rows: z.number().int().nonnegative(),
      filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    }),
  },
  // signatures and documents (issue 13): who and what, never a value, a code or a signature image
  /** An owner opened the application through their link (once a day per owner at most). */
  'application.open': { target: 'application', details: z.strictObject({ email: z.string(), role: z.string() }) },
  /** The owner viewed the filled preview before signing. */
  'application.preview': { target: 'application', details: z.strictObject({ email: z.string(), role: z.string() }) },
  /** A signing code was e-mailed to the owner (never the code). */
  'application.sign-code': {
    target: 'application',
    details: z.strictObject({ email: z.string(), role: z.string(), ownerId: z.string() }),
  },
  /** An owner signed: the SHA-256 of the data and preview they signed, and which items they gave. */
  'application.sign': {
    target: 'application',
    details: z.strictObject({
      email: z.string(),
      role: z.string(),
      ownerId: z.string(),
      signatureId: z.string(),
      dataHash: z.string(),
      items: z.array(z.string()),
      allSigned: z.boolean(),
    }),
  },
  /** Signatures invalidated by a change to signed data (each signer is told). */
  'application.signature-invalidate': {
    target: 'application',
    details: z.strictObject({ owners: z.array(z.string()), fields: z.array(z.string()) }),
  },
  /** The client removed an e-signature confirmation (one owner's or all): signing reopens. */
  'application.signature-remove': {
    target: 'application',
    details: z.strictObject({
      ownerId: z.string().nullable(),
      removed: z.number().int(),
      reason: z.string().nullable(),
    }),
  },
  'application.sign-reminder': {
    target: 'application',
    details: z.strictObject({ owners: z.array(z.string()), by: z.enum(['primary', 'client']) }),
  },
  /** The institution edited the submission: the paths changed, never the values. */
  'application.update': {
    target: 'application',
    details: z.strictObject({ revision: z.number().int(), fields: z.array(z.string()) }),
  },
  /** Documents requested: on the last signature, or regenerated by the client. */
  'application.documents-request': {
    target: 'application',
    details: z.strictObject({ generation: z.number().int(), reason: z.enum(['signed', 'regenerate']) }),
  },
  'application.document-generate': {
    target: 'application',
    details: z.strictObject({
      documentId: z.string(),
      kind: z.string(),
      name: z.string(),
      sha256: z.string(),
      generation: z.number().int(),
    }),
  },
  /** Every document of a run is generated: the institution is told (issue 21; decision 060). */
  'application.documents-ready': {
    target: 'application',
    details: z.strictObject({ generation: z.number().int(), documents: z.number().int() }),
  },
  'application.document-delete': {
    target: 'application',
    details: z.strictObject({ documentId: z.string(), name: z.string() }),
  },
  'application.document-download': {
    target: 'application',
    details: z.strictObject({ documentId: z.string(), name: z.string() }),
  },
  'application.attachment-download': {
    target: 'application',
    details: z.strictObject({ attachmentId: z.string(), path: z.string() }),
  },
  'application.attachment-delete': {
    target: 'application',
    details: z.strictObject({ attachmentId: z.string(), path: z.string() }),
  },
  /** A team note (issue 14): its id and length, never its text. */
  'application.note-add': {
    target: 'application',
    details: z.strictObject({ noteId: z.string(), length: z.number().int() }),
  },
  'application.note-delete': {
    target: 'application',
    details: z.strictObject({ noteId: z.string() }),
  },
  // integrations' connections (issue #23; decision 073): the kind and what changed, never a credential or token
  /** Credentials entered and the browser sent to the provider's authorization page (a state issued). */
  'integration.authorize': {
    target: 'company',
    details: z.strictObject({ kind: z.string(), domain: z.string() }),
  },
  /** The authorization code exchanged: the connection is on with new tokens. */
  'integration.connect': {
    target: 'company',
    details: z.strictObject({ kind: z.string(), instanceHost: z.string() }),
  },
  /** The provider refused the refresh token (expired, revoked, reused): the connection is expired. */
  'integration.expire': { target: 'company', details: z.strictObject({ kind: z.string() }) },
  /** Turned off by the company: tokens revoked at the provider (`revoked` false when the provider did not answer). */
  'integration.turn-off': {
    target: 'company',
    details: z.strictObject({ kind: z.string(), revoked: z.boolean() }),
  },
  /** An integration config of a form saved: which credential names were changed, never their values. */
  'integration.config': {
    target: 'company',
    details: z.strictObject({
      formId: z.string(),
      kind: z.string(),
      credentialsChanged: z.array(z.string()),
      activeIntegration: z.boolean(),
    }),
  },
  /** A platform admin set a company's integration permissions. */
  'integration.permissions': { target: 'company', details: z.strictObject({ count: z.number().int() }) },
  /** A client ADMINISTRATOR retrieved the Transax pricing list (the host and how many plans; never the user or password). */
  'integration.transax-pricing': {
    target: 'company',
    details: z.strictObject({ gatewayHost: z.string(), count: z.number().int() }),
  },
  /** An application staged with Worldpay/Vantiv (decision 088): the outcome and the provider's ids, never an answer. */
  'integration.vantiv-stage': {
    target: 'application',
    details: z.strictObject({
      outcome: z.string(),
      legalEntityId: z.string().nullable(),
      subMerchantId: z.string().nullable(),
      responseCode: z.number().int().nullable(),
      problems: z.number().int(),
    }),
  },
  // button-link integrations (issue #24 §4; decision 084): ids, the host and what changed, never the secret
  'button-link.create': {
    target: 'company',
    details: z.strictObject({ buttonLinkId: z.string(), host: z.string() }),
  },
  'button-link.update': {
    target: 'company',
    details: z.strictObject({ buttonLinkId: z.string(), changed: z.array(z.string()), status: z.string() }),
  },
  /** A new signing secret was made (shown once to the admin). */
  'button-link.secret': { target: 'company', details: z.strictObject({ buttonLinkId: z.string() }) },
  /** The admin resent a delivery: a new delivery of the same event. */
  'button-link.resend': {
    target: 'company',
    details: z.strictObject({ buttonLinkId: z.string(), deliveryId: z.string(), eventId: z.string() }),
  },
} as const satisfies Record<string, { target: string; details: z.ZodType }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
type Spec<A extends AuditAction> = (typeof AUDIT_ACTIONS)[A];

/** One audit event as a service writes it: the action decides the target type and the shape of the details. */
export type AuditEventInput = {
  [A in AuditAction]: {
    action: A;
    actorUserId: string | null;
    companyId?: string | null;
    targetType: Spec<A>['target'];
    targetId: string;
  } & (z.input<Spec<A>['details']> extends undefined
    ? { details?: undefined }
    : { details: z.input<Spec<A>['details']> });
}[AuditAction];

/** Checks an event against the catalogue; answers its details as they will be stored. */
export function checkAuditEvent(event: AuditEventInput): Record<string, unknown> | null {
  const spec = AUDIT_ACTIONS[event.action];
  if (!spec) throw new Error(`unknown audit action: ${event.action}`);
  if (event.targetType !== spec.target) throw new Error(`${event.action} is done to a ${spec.target}`);
  const details = spec.details.parse(event.details) as Record<string, unknown> | undefined;
  return details ?? null;
}
