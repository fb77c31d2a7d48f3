import type { ApplicationStatus } from '@under/core/applications/application.schema';
import { applicationOwners, applications, companies, customForms, masterForms } from '../../../db/schema';
import { type TestApp, uniqueEmail } from '../../../test/helpers';
import { masterStructure } from '../../custom-forms/custom-forms.fixtures';
import { hashAccessCode, newAccessCode } from '../applicant/access-codes';
import { linkExpiry } from '../applicant/applicant-link';

/**
 * Test support: an application written straight into the tables (a company, a master and a custom form, the
 * application and its primary owner with a known code), so the owners module is tested without the drafts API.
 */
export async function createApplicationFixture(
  t: TestApp,
  opts: { status?: ApplicationStatus; email?: string; institution?: string; applicantCompany?: string | null } = {},
) {
  const db = t.database.db;
  const [company] = await db
    .insert(companies)
    .values({ name: opts.institution ?? 'First Test Bank', membershipId: 'MEMBERSHIP_001' })
    .returning();
  const [master] = await db
    .insert(masterForms)
    .values({ name: 'Merchant form', structure: masterStructure() as unknown as Record<string, unknown> })
    .returning();
  if (!company || !master) throw new Error('fixture: no company or master form');
  const [form] = await db
    .insert(customForms)
    .values({ companyId: company.id, masterFormId: master.id, name: 'Form', masterVersion: 1, document: {} })
    .returning();
  if (!form) throw new Error('fixture: no custom form');
  const email = opts.email ?? uniqueEmail('primary');
  const [application] = await db
    .insert(applications)
    .values({
      companyId: company.id,
      customFormId: form.id,
      formVersion: 1,
      status: opts.status ?? 'draft',
      applicantEmail: email,
      applicantCompanyName: opts.applicantCompany === undefined ? 'Joe’s Diner' : opts.applicantCompany,
    })
    .returning();
  if (!application) throw new Error('fixture: no application');
  const code = newAccessCode();
  const now = new Date(Date.now() + t.clock.offsetMs);
  const [primary] = await db
    .insert(applicationOwners)
    .values({
      applicationId: application.id,
      kind: 'primaryApplicant',
      role: 'primaryOwnerEndUser',
      email,
      codeHash: hashAccessCode(t.config.secrets.codeSecret, code),
      codeExpiresAt: linkExpiry(now),
    })
    .returning();
  if (!primary) throw new Error('fixture: no primary owner');
  return {
    applicationId: application.id,
    customFormId: form.id,
    companyId: company.id,
    email,
    code,
    primaryOwnerId: primary.id,
  };
}
