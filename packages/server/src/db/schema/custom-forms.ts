import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { masterForms } from './templates';

/**
 * A client's form built from a master form (spec 1 §3 "Custom form"; decision 035). `document` holds the client's
 * own part (additions, documents, T&Cs, defaults, layout); the form an applicant sees is rebuilt from the master's
 * published version and that part, and kept per version in `custom_form_versions`.
 */
export const customForms = pgTable(
  'custom_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    masterFormId: uuid('master_form_id')
      .notNull()
      .references(() => masterForms.id),
    name: text('name').notNull(),
    /** active | inactive | archived (archived: the company lost access to the master form; read-only). */
    status: text('status').notNull().default('inactive'),
    /** The current version (the newest row of custom_form_versions). */
    version: integer('version').notNull().default(1),
    /** The master form's published version the current version is built on. */
    masterVersion: integer('master_version').notNull(),
    /** system-auto-update: takes every new master version; user-manual-update: the client updates. */
    updateMode: text('update_mode').notNull().default('system-auto-update'),
    /** The client's own part of the current version (CustomFormDocument). */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    integrations: jsonb('integrations').$type<Record<string, boolean>>().notNull().default({}),
    /** Set at the first activation: from then on every save makes a new version. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Wizard steps the client has saved (1-4), so the wizard can be resumed. */
    wizardStep: integer('wizard_step').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    check('custom_forms_status_valid', sql`${t.status} in ('active', 'inactive', 'archived')`),
    check('custom_forms_update_mode_valid', sql`${t.updateMode} in ('system-auto-update', 'user-manual-update')`),
    index('custom_forms_company_idx').on(t.companyId, t.status),
    index('custom_forms_master_idx').on(t.masterFormId),
  ],
);

/** Every version of a custom form, kept whole: applications record the version they were made on. */
export const customFormVersions = pgTable(
  'custom_form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customFormId: uuid('custom_form_id')
      .notNull()
      .references(() => customForms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    masterVersion: integer('master_version').notNull(),
    /** The client's part at this version. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** The built form (master + additions, defaults applied): what an applicant fills in. */
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    /** The master's header and progress layouts at this version, with the client's colours. */
    layout: jsonb('layout').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_form_versions_uq').on(t.customFormId, t.version)],
);

/**
 * Template permission inside one company (issue 11): whether every member may use a master form (`isGlobal`) or
 * only the members listed. Set by the company's ADMINISTRATOR; STANDARD members see only what it grants them.
 */
export const templatePermissions = pgTable(
  'template_permissions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    masterFormId: uuid('master_form_id')
      .notNull()
      .references(() => masterForms.id, { onDelete: 'cascade' }),
    isGlobal: boolean('is_global').notNull().default(false),
    userIds: jsonb('user_ids').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('template_permissions_uq').on(t.companyId, t.masterFormId)],
);
