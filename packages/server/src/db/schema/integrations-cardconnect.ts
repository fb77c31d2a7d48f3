import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { masterForms } from './templates';

/**
 * A master form's CardConnect mapping (issue #24 §1; decision 083), set by the platform's admin: which form field
 * (or pseudo-field) fills which boarding attribute (`merchant.dbaName`). One row per master form.
 */
export const cardConnectMappings = pgTable('cardconnect_mappings', {
  masterFormId: uuid('master_form_id')
    .primaryKey()
    .references(() => masterForms.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').$type<{ formKey: string; attribute: string }[]>().notNull().default([]),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
