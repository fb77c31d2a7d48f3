import type { AuditEventInput } from '@under/core/audit/audit-actions';
import { and, asc, type Column, count, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { isDivisionByZero } from '../../../db/errors';
import { type BuiltQuery, buildQuery, executeBuilt, executeNamed, preparedOn } from '../../../db/prepared';
import {
  auditChainTemplate,
  auditChainValues,
  type NamedPart,
  withParts,
} from '../../../db/repositories/audit.repository';
import { applicationOwners, applications, companies, customForms, customFormVersions } from '../../../db/schema';

export type NewApplication = typeof applications.$inferInsert;
export type NewOwner = typeof applicationOwners.$inferInsert;
/** A write `runTogether` sends in one round trip. */
export type Statement = SQL | NamedPart;
/** The versions (`xmin`) of an application row and an owner row as a link select read them. */
export interface RowVersions {
  application: string;
  owner: string;
}

function linkSelect(db: DbOrTx) {
  return db
    .select({
      owner: applicationOwners,
      application: applications,
      // the rows' versions (PostgreSQL's xmin changes with every update of a row): an optimistic save writes only
      // while both are still the ones read (decision 081)
      versions: {
        application: sql<string>`${applications}.xmin::text`,
        owner: sql<string>`${applicationOwners}.xmin::text`,
      },
    })
    .from(applicationOwners)
    .innerJoin(applications, eq(applications.id, applicationOwners.applicationId))
    .where(
      and(
        eq(applicationOwners.codeHash, sql.placeholder('codeHash')),
        eq(applicationOwners.applicationId, sql.placeholder('applicationId')),
      ),
    );
}
const linkQuery = (db: DbOrTx) => linkSelect(db).prepare('applicant_link');
const lockedLinkQuery = (db: DbOrTx) =>
  linkSelect(db).for('update', { of: applications }).prepare('applicant_link_locked');

/** The only Drizzle code of applicants' applications (issue 12). */
export function createApplicationsRepository(db: DbOrTx) {
  return {
    /**
     * The owner whose link code hashes to `codeHash`, with its application, in one round trip (`lock`: the
     * application row FOR UPDATE, for the rest of the transaction).
     */
    /** One round trip: the owner by its code, with its application (locked when asked); prepared once per connection. */
    async findByLink(applicationId: string, codeHash: string, lock: boolean) {
      const query = lock
        ? preparedOn(db, 'applicant_link_locked', lockedLinkQuery)
        : preparedOn(db, 'applicant_link', linkQuery);
      const [row] = await query.execute({ codeHash, applicationId });
      return row;
    },
    /** The form an applicant starts on, with its company's name and status. */
    async findForm(customFormId: string) {
      const [row] = await db
        .select({
          id: customForms.id,
          name: customForms.name,
          status: customForms.status,
          version: customForms.version,
          companyId: customForms.companyId,
          companyName: companies.name,
          companyStatus: companies.status,
        })
        .from(customForms)
        .innerJoin(companies, eq(companies.id, customForms.companyId))
        .where(eq(customForms.id, customFormId));
      return row;
    },
    async findFormVersion(customFormId: string, version: number) {
      const [row] = await db
        .select({ form: customFormVersions.form })
        .from(customFormVersions)
        .where(and(eq(customFormVersions.customFormId, customFormId), eq(customFormVersions.version, version)));
      return row;
    },
    async companyName(companyId: string) {
      const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
      return row?.name ?? '';
    },
    /** Serialises the open-applications cap of one e-mail on one form (until the transaction ends). */
    async lockApplicant(email: string, customFormId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`applicant:${customFormId}:${email}`}, 0))`);
    },
    async countOpen(email: string, customFormId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(applications)
        .where(
          and(
            eq(applications.applicantEmail, email),
            eq(applications.customFormId, customFormId),
            inArray(applications.status, ['draft', 'invite_sent']),
          ),
        );
      return row?.n ?? 0;
    },
    async insertApplication(values: NewApplication) {
      const [row] = await db.insert(applications).values(values).returning();
      if (!row) throw new Error('application not inserted');
      return row;
    },
    async insertOwner(values: NewOwner) {
      const [row] = await db.insert(applicationOwners).values(values).returning();
      if (!row) throw new Error('owner not inserted');
      return row;
    },
    async updateApplication(id: string, patch: Partial<NewApplication>) {
      await db.update(applications).set(patch).where(eq(applications.id, id));
    },
    async updateOwner(id: string, patch: Partial<NewOwner>) {
      await db.update(applicationOwners).set(patch).where(eq(applicationOwners.id, id));
    },
    /**
     * Several writes in one statement (one round trip): `with w0 as (…), w1 as (…) select 1` (named parts keep
     * their names: the audit chain's insert reads its head's part). PostgreSQL runs every
     * data-modifying part on the same snapshot, so no two of them may change the same row.
     */
    async runTogether(statements: Statement[]) {
      if (statements.length === 0) return;
      const only = statements[0];
      if (statements.length === 1 && !isNamed(only)) {
        await db.execute(only as SQL);
        return;
      }
      // named by its text: PostgreSQL parses each shape of the save's statement once per connection (076)
      await executeNamed(
        db,
        withParts(statements.map((s, i) => (isNamed(s) ? s : { name: `w${i}`, sql: s }))),
        'applicant_write',
      );
    },
    /**
     * An optimistic save's writes in one statement without a transaction (decision 081): the application's patch
     * applies only while the application and the owner rows are the versions read (`xmin`), its revision the one
     * read and it is still open (draft or invite sent); the owner's patch and the other writes (`others`: audit
     * events, an event's row, each written only when the part named `onlyIf` answers a row) only when it applied.
     * `soleOwner`: also only while the application has no additional owner (a submit that asks no one else).
     * Answers whether it applied (nothing is written when not).
     */
    async writeIfUnchanged(
      read: GuardedRead,
      patch: { application: Partial<NewApplication>; owner: Partial<NewOwner> },
      others: (onlyIf: string) => Statement[],
    ): Promise<boolean> {
      const shape = shapeOf(read, patch);
      const parts = guardedParts(db, shape);
      others(GUARD).forEach((s, i) => {
        parts.push(isNamed(s) ? s : { name: `w_x${i}`, sql: s });
      });
      const rows = await executeNamed(db, guardedStatement(parts), 'applicant_save', guardedValues(read, patch));
      return rows.length > 0;
    },
    /**
     * `writeIfUnchanged` with the application's audit events as the other writes (the autosave): the statement is
     * built once per shape (the patches' columns, the events' count) with placeholders, and each save only binds
     * its values (decision 081, amended): no SQL is built per request. Answers the two rows' versions after the
     * write when it applied (the owner's unchanged when it had no patch), undefined when not.
     */
    async saveIfUnchanged(
      read: GuardedRead,
      patch: { application: Partial<NewApplication>; owner: Partial<NewOwner> },
      audits: readonly AuditEventInput[],
    ): Promise<SavedRows | undefined> {
      const shape = shapeOf(read, patch);
      const key = `${shape.application.join(',')}|${shape.owner.join(',')}|${shape.soleOwner}|${audits.length}`;
      let built = saveTemplates.get(key);
      if (!built) {
        const parts = [...guardedParts(db, shape, true), ...auditChainTemplate(audits.length, GUARD)];
        // the rows' new versions (the xmin of this statement's transaction): the owner's next save checks them; the
        // owner's link columns as the write left them. When the application's write applied but the owner's did
        // not (the owner row changed after the statement began: w_app's check reads the starting view, w_owner's is
        // re-checked on the row another transaction wrote), the division by zero aborts the whole statement:
        // nothing is written, as when w_app refuses
        const owner =
          shape.owner.length > 0
            ? sql`w_owner.x as owner, w_owner.code_hash, w_owner.removed_at, w_owner.code_revoked_at, w_owner.code_expires_at, 1 / (select count(*) from w_owner) as owner_written from ${sql.raw(GUARD)} left join w_owner on true`
            : sql`null as owner from ${sql.raw(GUARD)}`;
        built = buildQuery(db, sql`with ${partsList(parts)} select ${sql.raw(GUARD)}.x as application, ${owner}`);
        if (saveTemplates.size < MAX_SAVE_TEMPLATES) saveTemplates.set(key, built);
      }
      const values = { ...guardedValues(read, patch), ...(audits.length > 0 ? auditChainValues(audits) : {}) };
      const rows = await executeBuilt(db, built, 'applicant_save', values).catch((err: unknown) => {
        if (isDivisionByZero(err)) return [];
        throw err;
      });
      const [row] = rows as {
        application: string;
        owner: string | null;
        code_hash?: string | null;
        removed_at?: unknown;
        code_revoked_at?: unknown;
        code_expires_at?: unknown;
      }[];
      if (!row) return undefined;
      const versions = { application: row.application, owner: row.owner ?? read.versions.owner };
      if (shape.owner.length === 0) return { versions };
      if (row.owner === null || !row.code_hash) return { versions, owner: null };
      const at = (k: 'removedAt' | 'codeRevokedAt' | 'codeExpiresAt', v: unknown) =>
        v === null || v === undefined ? null : (ownerColumns[k].mapFromDriverValue(v) as Date);
      return {
        versions,
        owner: {
          codeHash: row.code_hash,
          removedAt: at('removedAt', row.removed_at),
          codeRevokedAt: at('codeRevokedAt', row.code_revoked_at),
          codeExpiresAt: at('codeExpiresAt', row.code_expires_at) as Date,
        },
      };
    },
    updateApplicationSql(id: string, patch: Partial<NewApplication>): SQL {
      return db.update(applications).set(patch).where(eq(applications.id, id)).getSQL();
    },
    updateOwnerSql(id: string, patch: Partial<NewOwner>): SQL {
      return db.update(applicationOwners).set(patch).where(eq(applicationOwners.id, id)).getSQL();
    },
    /** The owners still on the application (removed ones keep their row, not their place); prepared per connection. */
    async listOwners(applicationId: string) {
      return preparedOn(db, 'applicant_owners', ownersQuery).execute({ applicationId });
    },
  };
}

const ownersQuery = (db: DbOrTx) =>
  db
    .select()
    .from(applicationOwners)
    .where(
      and(eq(applicationOwners.applicationId, sql.placeholder('applicationId')), isNull(applicationOwners.removedAt)),
    )
    .orderBy(asc(applicationOwners.position), asc(applicationOwners.createdAt))
    .prepare('applicant_owners');

const isNamed = (s: SQL | NamedPart | undefined): s is NamedPart =>
  s !== undefined && typeof (s as NamedPart).name === 'string' && 'sql' in (s as object);

/**
 * What an applied autosave wrote (decision 081): the rows' versions, and the owner's link columns as its write left
 * them (undefined when the save had no owner patch; null when its write answered none: never remembered).
 */
export interface SavedRows {
  versions: RowVersions;
  owner?: Pick<
    typeof applicationOwners.$inferSelect,
    'codeHash' | 'removedAt' | 'codeRevokedAt' | 'codeExpiresAt'
  > | null;
}

/** What an optimistic write found when it read (decision 081). */
interface GuardedRead {
  applicationId: string;
  ownerId: string;
  revision: number;
  versions: RowVersions;
  soleOwner?: boolean;
}

/** The part of a guarded write that answers a row when it applied. */
const GUARD = 'w_app';

/** The columns a guarded write sets (its statement's shape; values left out: they are placeholders). */
interface GuardedShape {
  application: string[];
  owner: string[];
  soleOwner: boolean;
}

const setKeys = (patch: Record<string, unknown>) => Object.keys(patch).filter((k) => patch[k] !== undefined);

function shapeOf(
  read: GuardedRead,
  patch: { application: Partial<NewApplication>; owner: Partial<NewOwner> },
): GuardedShape {
  return { application: setKeys(patch.application), owner: setKeys(patch.owner), soleOwner: read.soleOwner === true };
}

/** `col = $n` for every column of the shape, each value a placeholder named `prefix` + its key. */
const placeholders = (keys: string[], prefix: string) =>
  Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(`${prefix}${k}`)}`]));

/** The application's guarded update (`w_app`) and the owner's patch (`w_owner`, only when it applied). */
function guardedParts(db: DbOrTx, shape: GuardedShape, versions = false): NamedPart[] {
  // `versions`: each part answers its row's new version (`x`) instead of 1
  const returning = versions ? sql`returning xmin::text as x` : sql`returning 1`;
  const parts: NamedPart[] = [
    {
      name: GUARD,
      sql: sql`${db
        .update(applications)
        .set(placeholders(shape.application, 'a_'))
        .where(
          and(
            eq(applications.id, sql.placeholder('g_application')),
            eq(applications.revision, sql.placeholder('g_revision')),
            inArray(applications.status, ['draft', 'invite_sent']),
            sql`${applications}.xmin = ${sql.placeholder('g_application_xmin')}::xid`,
            sql`exists (select 1 from ${applicationOwners} where ${applicationOwners.id} = ${sql.placeholder('g_owner')} and ${applicationOwners}.xmin = ${sql.placeholder('g_owner_xmin')}::xid)`,
            shape.soleOwner
              ? sql`not exists (select 1 from ${applicationOwners} where ${applicationOwners.applicationId} = ${sql.placeholder('g_application')} and ${applicationOwners.kind} = 'additionalOwner' and ${applicationOwners.removedAt} is null)`
              : undefined,
          ),
        )
        .getSQL()} ${returning}`,
    },
  ];
  if (shape.owner.length > 0) {
    parts.push({
      name: 'w_owner',
      sql: sql`${db
        .update(applicationOwners)
        .set(placeholders(shape.owner, 'o_'))
        .where(
          and(
            eq(applicationOwners.id, sql.placeholder('g_owner')),
            sql`exists (select 1 from ${sql.raw(GUARD)})`,
            // the autosave remembers the owner row it wrote: only on top of the version it read (re-checked after
            // waiting for a writer of the row, which w_app's check, read from the statement's start, is not)
            versions ? sql`${applicationOwners}.xmin = ${sql.placeholder('g_owner_xmin')}::xid` : undefined,
          ),
        )
        .getSQL()} ${versions ? sql`returning xmin::text as x, code_hash, removed_at, code_revoked_at, code_expires_at` : sql``}`,
    });
  }
  return parts;
}

const partsList = (parts: NamedPart[]) =>
  sql.join(
    parts.map((p) => sql`${sql.raw(p.name)} as (${p.sql})`),
    sql`, `,
  );
const guardedStatement = (parts: NamedPart[]) => sql`with ${partsList(parts)} select 1 from ${sql.raw(GUARD)}`;

const applicationColumns = getTableColumns(applications);
const ownerColumns = getTableColumns(applicationOwners);

/** A value as its column sends it (what Drizzle does with a value it binds itself: null stays null). */
function encoded(columns: Record<string, Column>, key: string, value: unknown): unknown {
  const column = columns[key];
  if (!column) throw new Error(`no column ${key}`);
  return value === null ? null : column.mapToDriverValue(value);
}

/** The placeholders' values of `guardedParts`. */
function guardedValues(
  read: GuardedRead,
  patch: { application: Partial<NewApplication>; owner: Partial<NewOwner> },
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    g_application: read.applicationId,
    g_revision: read.revision,
    g_application_xmin: read.versions.application,
    g_owner: read.ownerId,
    g_owner_xmin: read.versions.owner,
  };
  const app = patch.application as Record<string, unknown>;
  for (const k of setKeys(app)) values[`a_${k}`] = encoded(applicationColumns, k, app[k]);
  const owner = patch.owner as Record<string, unknown>;
  for (const k of setKeys(owner)) values[`o_${k}`] = encoded(ownerColumns, k, owner[k]);
  return values;
}

/** Autosave statements by shape (a handful in practice); bounded: past the limit a shape is built per call. */
const saveTemplates = new Map<string, BuiltQuery>();
const MAX_SAVE_TEMPLATES = 200;
