import { randomBytes } from 'node:crypto';
import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import { DictionaryInputSchema } from '@under/core/templates/dictionary.schema';
import { STARTER_DICTIONARY } from '@under/core/templates/starter-dictionary';
import { count } from 'drizzle-orm';
import { hashPassword } from '../security/secrets';
import type { Db } from './client';
import { createCompaniesRepository } from './repositories/companies.repository';
import { createUsersRepository } from './repositories/users.repository';
import { dictionaries } from './schema/index';
import { seedSampleMasterForm } from './seed-sample-form';

export interface SeedResult {
  admin: { email: string; password?: string; status: 'created' | 'updated' | 'unchanged' | 'exists' };
  demo?: { email: string; password: string };
  /** Starter dictionary entries added by this run (0 once the dictionary has any entry). */
  dictionary: number;
  /** The sample master form made by this run (demo only, when no master form exists yet). */
  sampleForm?: string;
}

/**
 * The starter dictionary (decision 030), once: only into an empty dictionary, in one transaction, so a second run
 * adds nothing and an entry the admin deleted stays deleted.
 */
async function seedDictionary(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(dictionaries);
    if ((existing?.n ?? 0) > 0) return 0;
    const rows = STARTER_DICTIONARY.map((input) => {
      const { type, name, label, ...attrs } = DictionaryInputSchema.parse(input);
      return { type, name, label, attrs };
    });
    await tx.insert(dictionaries).values(rows);
    return rows.length;
  });
}

/** A readable password that meets the rules: letters and digits, 16 characters. */
function generatePassword(): string {
  return `Un${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 12)}9a`;
}

/**
 * Idempotent: the six plans always; the admin from ADMIN_EMAIL/ADMIN_PASSWORD, or a generated one
 * when no admin exists yet; a demo client account on a fresh database; the starter dictionary into an empty one;
 * with `demo`, a published sample master form built from that dictionary when no master form exists yet.
 */
export async function seed(opts: {
  db: Db;
  /** The auth module's service, injected so the seed imports no module: it hashes and upserts the admin. */
  auth: { ensureAdmin(admin: { email: string; password: string }): Promise<'created' | 'updated' | 'unchanged'> };
  admin: { email: string; password: string } | undefined;
  demo: boolean;
}): Promise<SeedResult> {
  const companies = createCompaniesRepository(opts.db);
  const users = createUsersRepository(opts.db);
  for (const m of DEFAULT_MEMBERSHIPS) await companies.upsertMembership(m);

  let admin: SeedResult['admin'];
  if (opts.admin) {
    admin = { email: opts.admin.email, status: await opts.auth.ensureAdmin(opts.admin) };
  } else {
    const existing = await users.findAnyUserOfPool('admin');
    if (existing) {
      admin = { email: existing.email, status: 'exists' };
    } else {
      const password = generatePassword();
      const email = 'admin@under.local';
      await opts.auth.ensureAdmin({ email, password });
      admin = { email, password, status: 'created' };
    }
  }

  let demo: SeedResult['demo'];
  if (opts.demo && !(await users.findAnyUserOfPool('client'))) {
    const password = generatePassword();
    const email = 'demo@under.local';
    // hashed before the transaction: argon2 takes tens of milliseconds and the transaction need not wait
    const passwordHash = await hashPassword(password);
    await opts.db.transaction(async (tx) => {
      const company = await createCompaniesRepository(tx).insertCompany({
        name: 'Demo Bank',
        membershipId: 'MEMBERSHIP_003',
      });
      await createUsersRepository(tx).insertUser({
        pool: 'client',
        email,
        passwordHash,
        emailVerified: true,
        role: 'ADMINISTRATOR',
        status: 'active',
        firstName: 'Dana',
        lastName: 'Demo',
        companyId: company.id,
      });
    });
    demo = { email, password };
  }
  const dictionary = await seedDictionary(opts.db);
  const sampleForm = opts.demo ? await seedSampleMasterForm(opts.db) : undefined;
  return { admin, demo, dictionary, ...(sampleForm ? { sampleForm } : {}) };
}
