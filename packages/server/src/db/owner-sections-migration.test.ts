import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationFixture } from '../modules/applications/owners/owners.fixtures';
import { createTestApp, type TestApp, testDatabases, uniqueEmail } from '../test/helpers';
import { applicationOwners } from './schema/index';

/** The backfill statements of migration 0021 (decision 059), run again over rows written without a section. */
const BACKFILL = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/0021_owner_sections.sql'),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter((s) => s.startsWith('UPDATE'));

describe.each(testDatabases())('migration 0021 owner sections on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('numbers owners named before sections: the primary 1, then the list order, current before removed', async () => {
    expect(BACKFILL).toHaveLength(2);
    const app = await createApplicationFixture(t);
    const db = t.database.db;
    const owner = (email: string, position: number, removedAt: Date | null = null) => ({
      applicationId: app.applicationId,
      kind: 'additionalOwner',
      role: 'sharedOwnerEndUser',
      email,
      position,
      removedAt,
      codeHash: `hash-${email}`,
      codeExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const [gone, second, first] = [uniqueEmail('gone'), uniqueEmail('second'), uniqueEmail('first')];
    await db
      .insert(applicationOwners)
      .values([owner(gone as string, 0, new Date()), owner(second as string, 1), owner(first as string, 0)]);
    for (const statement of BACKFILL) await db.execute(sql.raw(statement));
    const rows = await db
      .select({ email: applicationOwners.email, section: applicationOwners.ownerSection })
      .from(applicationOwners)
      .where(eq(applicationOwners.applicationId, app.applicationId));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.section]))).toEqual({
      [app.email]: 1,
      [first as string]: 2,
      [second as string]: 3,
      [gone as string]: 4,
    });
  });
});
