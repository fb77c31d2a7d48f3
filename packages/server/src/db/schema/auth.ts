import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * One row per signed-in device. Tokens are stored only as SHA-256 hashes: a leaked table
 * cannot be replayed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pool: text('pool').notNull(),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    /**
     * A second access token, handed to the twin of a refresh that lost the race (two tabs refreshing with one
     * cookie within the grace): valid beside the current one, never replacing it, gone at the next rotation.
     */
    graceAccessTokenHash: text('grace_access_token_hash').unique(),
    /** The refresh token this one replaced: presenting it again means it was stolen. */
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    /** When the refresh token was last rotated: the reuse grace of the previous one runs from here. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_prev_refresh_idx').on(t.previousRefreshTokenHash)],
);

/** E-mailed one-time codes (sign-up confirmation, password reset), stored as keyed hashes. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Attempt counters of every throttle (sign-in, code e-mails, sign-up, public lookups, invitations), shared by all
 * instances (decision 019). One row per key, a fixed window that starts at its first hit; `strikes` counts the
 * consecutive windows that reached their limit, for rules with exponential back-off. Keys are SHA-256 hashes of
 * "scope:subject", so e-mails and addresses are not kept here in clear. Expired rows are purged a few at a time
 * by the statement that counts a hit.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    /** The rule's name (e.g. sign-in:account), for reading the table; the key already includes it. */
    scope: text('scope').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    strikes: integer('strikes').notNull().default(0),
    /** After this the row means nothing any more (window over, and back-off memory over) and may be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttles_expires_idx').on(t.expiresAt)],
);
