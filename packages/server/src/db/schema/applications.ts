import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { customForms } from './custom-forms';

/** issue 14 (helper L): PostgreSQL's full-text document type (core in PostgreSQL and PGlite, no extension). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An applicant's application on one version of a custom form (spec 1 §3 "Application", §4; issue 12).
 *
 * `status`: `draft` (started by an applicant on the public link, not submitted: the applicant's, not listed to the
 * institution by default), `invite_sent` (created by the institution's invitation, not submitted), then the spec's
 * `pending` (submitted), `approved`, `denied`.
 *
 * `data` is the submission as stored: the values of `euEncrypted` fields are sealed envelopes (never plaintext, see
 * infra/field-crypto); everything read from here goes out masked. `revision` rises by one on every write of
 * `data`, so two tabs on one draft cannot overwrite each other silently.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A short, human number shown to institutions and searched by them (issue 14). */
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    customFormId: uuid('custom_form_id')
      .notNull()
      .references(() => customForms.id),
    /** The custom form's version the application is made on (custom_form_versions.version). */
    formVersion: integer('form_version').notNull(),
    /** draft | invite_sent | pending | approved | denied. */
    status: text('status').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    revision: integer('revision').notNull().default(0),
    /** The primary applicant's e-mail (lower case). */
    applicantEmail: text('applicant_email').notNull(),
    /** The applicant's company ('DBA Name', the CompanyName system field), kept for lists and search. */
    applicantCompanyName: text('applicant_company_name'),
    /** Set by the institution: a blocked application cannot be submitted (spec 1 §4). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** The documents the applicant read and the terms accepted: { documents: [{documentId, at}], termsAt }. */
    acceptance: jsonb('acceptance').$type<Record<string, unknown>>().notNull().default({}),
    /** The primary applicant opted in to "Remember my answers for other applications". */
    rememberAnswers: boolean('remember_answers').notNull().default(false),
    /**
     * Who typed each encrypted answer (decision 056): data path -> the owner whose own save wrote it, with a keyed
     * tag of the value (HMAC under the code secret, bound to the application and path). Only a value whose tag still
     * matches was typed by that owner; any other writer (the institution's edit, another owner, a vault prefill) leaves
     * no or a stale entry. The vault remembers only the signer's own typed values.
     */
    encryptedTypedBy: jsonb('encrypted_typed_by')
      .$type<Record<string, { ownerId: string; tag: string }>>()
      .notNull()
      .default({}),
    /** The invitation's time zone (IANA name) and offset in minutes, when the institution invited. */
    timeZone: text('time_zone'),
    timeZoneOffset: integer('time_zone_offset'),
    /** The client user who invited, if any. */
    invitedBy: uuid('invited_by'),
    /** When the resume link was first e-mailed (the first autosave sends it once). */
    resumeMailedAt: timestamp('resume_mailed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Signature status (issue 13): null until signing starts, then PROGRESSING, then COMPLETED. */
    signStatus: text('sign_status'),
    /** Who changed the application last, as shown in lists: an e-mail or a team member's name. */
    updatedBy: text('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // ---- issue 14 (helper L): decisions and the lists' search (decision 042)
    /** When the application was last approved or denied; null while pending again after a reopen. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reason given with the last status change (required for denied). */
    statusReason: text('status_reason'),
    /**
     * The owners' names and e-mails, kept by `refreshSearchText` (db/repositories/application-filter.repository.ts) whenever owners change:
     * the search reads them here, never from `data` and never from an encrypted value.
     */
    ownersSearchText: text('owners_search_text').notNull().default(''),
    /**
     * What the lists' `q` searches: number, applicant company name, primary e-mail and owners, as words (punctuation
     * made spaces, so `acme.com` and `john` match inside `john.doe@acme.com`). Generated, so every writer of the
     * columns keeps it right.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, translate(lower(${applications.number}::text || ' ' || coalesce(${applications.applicantCompanyName}, '') || ' ' || ${applications.applicantEmail} || ' ' || ${applications.ownersSearchText}), '@._-+''/:,&()', '              '))`,
      ),
  },
  (t) => [
    check('applications_status_valid', sql`${t.status} in ('draft', 'invite_sent', 'pending', 'approved', 'denied')`),
    uniqueIndex('applications_number_uq').on(t.number),
    index('applications_company_status_idx').on(t.companyId, t.status, t.updatedAt),
    index('applications_form_idx').on(t.customFormId, t.status),
    // the open-applications cap per e-mail and form, and the retention sweep of old drafts
    index('applications_email_form_idx').on(t.applicantEmail, t.customFormId, t.status),
    index('applications_open_updated_idx').on(t.updatedAt).where(sql`${t.status} in ('draft', 'invite_sent')`),
    // ---- issue 14 (helper L): the lists (decision 042): search, and each sort walked in order inside one company
    index('applications_search_idx').using('gin', t.searchVector),
    index('applications_company_updated_idx').on(t.companyId, t.updatedAt, t.number),
    index('applications_company_submitted_idx').on(t.companyId, t.submittedAt, t.number),
    // newest submissions first with the unsubmitted last (a backward scan of the one above puts them first)
    index('applications_company_submitted_desc_idx').on(t.companyId, t.submittedAt.desc().nullsLast(), t.number.desc()),
    index('applications_company_name_idx').on(t.companyId, sql`lower(${t.applicantCompanyName})`, t.number),
    index('applications_company_number_idx').on(t.companyId, t.number),
    index('applications_form_number_idx').on(t.customFormId, t.number),
  ],
);

/**
 * The owners of an application, each with their own link (spec 1 §3 owner kinds, §6; issue 12). The link's code is
 * the capability: at least 128 random bits, stored only as a keyed hash (`codeHash`), scoped to this owner of this
 * application, and it expires (`codeExpiresAt`) or is revoked (`codeRevokedAt`) when a fresh one is issued.
 */
export const applicationOwners = pgTable(
  'application_owners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** primaryApplicant | additionalOwner. */
    kind: text('kind').notNull(),
    /** The end-user role the owner's link gives: primaryOwnerEndUser | sharedOwnerEndUser | sharedOwnerEndUserSubmitNew. */
    role: text('role').notNull(),
    /** Lower case. */
    email: text('email').notNull(),
    name: text('name'),
    /** Ownership in percent, 0-100 with two decimals. */
    ownershipPercent: numeric('ownership_percent', { precision: 5, scale: 2 }),
    /** Order in which the primary listed the owners. */
    position: integer('position').notNull().default(0),
    /**
     * The owner's section of the form (decision 059): 1 for the primary applicant; 2, 3, ... given to additional
     * owners as the primary names them (a removed owner's section is given again only if they never opened their
     * link). Their writes are limited to it; the documents put owner N's signature in owner N's boxes. Null: an
     * owner without a section (rows written before it, by fixtures), who writes in no owner's section.
     */
    ownerSection: integer('owner_section'),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    codeRevokedAt: timestamp('code_revoked_at', { withTimezone: true }),
    /** When the owner's link was last e-mailed. */
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }),
    /** When the owner last opened or saved through their link. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When the owner (an additional owner) said their part is complete. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An owner removed by the primary keeps its row (history) but its link stops working. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * The institution sent this owner an edit link (issue 14, decision 052): while the application is `pending`
     * the owner may change and re-submit it; cleared by their re-submit.
     */
    editGrantedAt: timestamp('edit_granted_at', { withTimezone: true }),
    /** The wizard page (its key) the owner last saved on: their link opens there (issue 21). */
    resumePage: text('resume_page'),
  },
  (t) => [
    check('application_owners_kind_valid', sql`${t.kind} in ('primaryApplicant', 'additionalOwner')`),
    check(
      'application_owners_role_valid',
      sql`${t.role} in ('primaryOwnerEndUser', 'sharedOwnerEndUser', 'sharedOwnerEndUserSubmitNew')`,
    ),
    check(
      'application_owners_percent_valid',
      sql`${t.ownershipPercent} is null or (${t.ownershipPercent} >= 0 and ${t.ownershipPercent} <= 100)`,
    ),
    check(
      'application_owners_section_valid',
      sql`${t.ownerSection} is null or (${t.kind} = 'primaryApplicant' and ${t.ownerSection} = 1) or (${t.kind} = 'additionalOwner' and ${t.ownerSection} between 2 and 99)`,
    ),
    uniqueIndex('application_owners_code_uq').on(t.codeHash),
    // one current owner per section
    uniqueIndex('application_owners_section_uq')
      .on(t.applicationId, t.ownerSection)
      .where(sql`${t.removedAt} is null and ${t.ownerSection} is not null`),
    uniqueIndex('application_owners_email_uq').on(t.applicationId, t.email).where(sql`${t.removedAt} is null`),
    // one primary applicant per application
    uniqueIndex('application_owners_primary_uq').on(t.applicationId).where(sql`${t.kind} = 'primaryApplicant'`),
  ],
);
