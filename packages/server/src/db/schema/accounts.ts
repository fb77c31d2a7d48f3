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

export const memberships = pgTable('memberships', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  priceCents: integer('price_cents').notNull(),
  /** -1 is unlimited. */
  userQuota: integer('user_quota').notNull(),
  /** -1 is unlimited. */
  formQuota: integer('form_quota').notNull(),
  salesForce: boolean('sales_force').notNull().default(false),
});

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  status: text('status').notNull().default('active'),
  membershipId: text('membership_id')
    .notNull()
    .references(() => memberships.id),
  logoFileUrl: text('logo_file_url'),
  whitelistedDomains: jsonb('whitelisted_domains').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Users of both pools. The same e-mail may exist once per pool, as two unrelated accounts. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pool: text('pool').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    companyId: uuid('company_id').references(() => companies.id),
    sessionCode: text('session_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_pool_email_uq').on(t.pool, t.email),
    index('users_company_idx').on(t.companyId),
    // e-mails are stored lowercased; the database guards the rule too
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_pool_valid', sql`${t.pool} in ('client', 'admin')`),
  ],
);
