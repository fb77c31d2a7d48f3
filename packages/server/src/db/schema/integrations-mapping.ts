import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { customForms } from './custom-forms';

/**
 * A custom form's Salesforce mapping (issue #23 §5; decision 075): one per form, the object its applications become,
 * the CRM mode, the External ID field that holds our application id (the upsert key; null: create-then-update) and
 * the pairs of form field and Salesforce field. `fields` is versioned by `format` so it can migrate forward.
 */
export const salesforceMappings = pgTable(
  'salesforce_mappings',
  {
    customFormId: uuid('custom_form_id')
      .primaryKey()
      .references(() => customForms.id, { onDelete: 'cascade' }),
    /** The form's company, kept for tenancy checks and per-company queries. */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    object: text('object').notNull(),
    mode: text('mode').notNull(),
    externalIdField: text('external_id_field'),
    fields: jsonb('fields').$type<{ formKey: string; sfField: string }[]>().notNull(),
    format: integer('format').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('salesforce_mappings_mode_valid', sql`${t.mode} in ('auto-sync', 'manual-sync')`),
    index('salesforce_mappings_company_idx').on(t.companyId),
  ],
);
