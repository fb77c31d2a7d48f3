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
import { companies, users } from './accounts';
import { customForms } from './custom-forms';
import { masterForms } from './templates';

/**
 * Sealed credentials (issue #23 §2; decision 073): every value is an AES-256-GCM envelope of the field encryption
 * ('enc:v1:<keyId>:…', decision 038), in a jsonb column registered in SEALED_COLUMNS so `npm run keys:rotate`
 * re-seals it. Never answered: the API shows masks.
 */
export interface SealedSecrets {
  consumerKey?: string;
  consumerSecret?: string;
  accessToken?: string;
  refreshToken?: string;
  /** The OAuth state's PKCE verifier. */
  codeVerifier?: string;
  /** Card-processor credentials of an integration config (username, password, …), by name. */
  [name: string]: string | undefined;
}

/**
 * A company's connection to one integration (one row per company and kind). `state`: not_connected (credentials
 * kept, never authorized), connected, expired (the refresh token is dead: Update Token), turned_off (by the company).
 * `tokenVersion` counts the token sets: a refresh that finds it changed under its row lock uses the other's tokens.
 * `refreshingUntil` is a refresh's claim (decision 079): while it lies ahead, one worker is calling Salesforce's
 * token endpoint outside any transaction and the others wait for the version to move; every write that moves the
 * version clears it.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('not_connected'),
    secrets: jsonb('secrets').$type<SealedSecrets>().notNull().default({}),
    /** The login domain as entered (a host or, for a configured test host, its http://host:port): not a secret. */
    domain: text('domain'),
    /** Where every data call goes (Salesforce's `instance_url`). */
    instanceUrl: text('instance_url'),
    tokenVersion: integer('token_version').notNull().default(0),
    tokenRefreshedAt: timestamp('token_refreshed_at', { withTimezone: true }),
    refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    turnedOffAt: timestamp('turned_off_at', { withTimezone: true }),
    turnedOffBy: uuid('turned_off_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_connections_company_kind_uq').on(t.companyId, t.kind),
    check(
      'integration_connections_state_ck',
      sql`${t.state} in ('not_connected', 'connected', 'expired', 'turned_off')`,
    ),
  ],
);

/**
 * OAuth `state`s (decision 073): 256 random bits given to the browser, kept only as a SHA-256 hash; single use
 * (`usedAt` set by one conditional update), 10 minutes, bound to the user and company that started it. It holds the
 * PKCE verifier and the credentials entered, sealed: they become the connection's only when the exchange succeeds,
 * so a failed Edit leaves a working connection as it was.
 */
export const integrationOauthStates = pgTable(
  'integration_oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    domain: text('domain').notNull(),
    secrets: jsonb('secrets').$type<SealedSecrets>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_oauth_states_hash_uq').on(t.stateHash),
    index('integration_oauth_states_expires_idx').on(t.expiresAt),
  ],
);

/** Spec 2 §3 "Integration config": a custom form's use of one integration. */
export const integrationConfigs = pgTable(
  'integration_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => customForms.id, { onDelete: 'cascade' }),
    integrationToActivate: text('integration_to_activate').notNull(),
    /** Card-processor credentials by name, each sealed. */
    credentials: jsonb('credentials').$type<SealedSecrets>().notNull().default({}),
    /** The spec's nickname of the credentials. */
    credentialsTemplateId: text('credentials_template_id'),
    selectedStoredPricing: jsonb('selected_stored_pricing').$type<Record<
      string,
      string | number | boolean | null
    > | null>(),
    autoSync: boolean('auto_sync').notNull().default(false),
    activeIntegration: boolean('active_integration').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_configs_form_kind_uq').on(t.formId, t.integrationToActivate),
    index('integration_configs_company_idx').on(t.companyId),
  ],
);

/** Spec 2 §3 "Integration permission": whether a company's forms of one template (master form) may use integrations. */
export const integrationPermissions = pgTable(
  'integration_permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => masterForms.id, { onDelete: 'cascade' }),
    templateStatus: text('template_status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_permissions_company_template_uq').on(t.companyId, t.templateId),
    check('integration_permissions_status_ck', sql`${t.templateStatus} in ('active', 'inactive')`),
  ],
);
