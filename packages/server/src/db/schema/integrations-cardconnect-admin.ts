import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { masterForms, pdfTemplates } from './templates';

/**
 * The CardConnect mapping a template clone carries (spec 2 §7 `isCloneCcMapper`; decision 090): copied from the
 * source template's master form when the clone asked for it, and read as the mapping of a master form made from the
 * clone until that form's own mapping is saved (`cardconnect_mappings` wins).
 */
export const cardConnectTemplateMappings = pgTable('cardconnect_template_mappings', {
  templateId: uuid('template_id')
    .primaryKey()
    .references(() => pdfTemplates.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').$type<{ formKey: string; attribute: string }[]>().notNull().default([]),
  /** The master form the lines were copied from (null once it is deleted). */
  sourceMasterFormId: uuid('source_master_form_id').references(() => masterForms.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company's 30-day card-processor trial (spec 1 §1, §9: "30 days without auto-billing afterwards"; decision 090):
 * started by its first CardConnect connection, once per company; never billed. After `endsAt` nothing is sent to
 * CardConnect until the company is on a paid plan. `endNoticeAt`: when the platform's admins were told it ended.
 */
export const cardConnectTrials = pgTable('cardconnect_trials', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  endNoticeAt: timestamp('end_notice_at', { withTimezone: true }),
});
