import { randomBytes } from 'node:crypto';
import type { ListedStatus } from '@under/core/applications/application-list.schema';
import type { DbOrTx } from '../../../db/client';
import { refreshSearchText } from '../../../db/repositories/application-filter.repository';
import { applicationOwners, applications } from '../../../db/schema';
import { bearer, type Caller } from '../../../test/accounts';
import type { TestApp } from '../../../test/helpers';

/** Test support for the application lists: applications written straight into the table. */

interface AppSeed {
  companyId: string;
  customFormId: string;
  status?: ListedStatus | 'draft';
  applicantCompanyName?: string | null;
  applicantEmail?: string;
  submittedAt?: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
  updatedBy?: string | null;
  decidedAt?: Date | null;
  /** The inviting client user (an invited application). */
  invitedBy?: string | null;
  signStatus?: string | null;
  /** Additional owners (the primary is the applicant's e-mail). */
  owners?: { name: string; email: string }[];
  primaryName?: string;
}

export async function insertApplication(db: DbOrTx, s: AppSeed) {
  const status = s.status ?? 'pending';
  const created = s.createdAt ?? new Date();
  const email = s.applicantEmail ?? `applicant-${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await db
    .insert(applications)
    .values({
      companyId: s.companyId,
      customFormId: s.customFormId,
      formVersion: 1,
      status,
      applicantEmail: email,
      applicantCompanyName: s.applicantCompanyName === undefined ? 'Applicant Co' : s.applicantCompanyName,
      submittedAt:
        s.submittedAt === undefined ? (status === 'invite_sent' || status === 'draft' ? null : created) : s.submittedAt,
      signStatus: s.signStatus ?? null,
      updatedBy: s.updatedBy === undefined ? email : s.updatedBy,
      decidedAt: s.decidedAt ?? null,
      invitedBy: s.invitedBy ?? null,
      createdAt: created,
      updatedAt: s.updatedAt ?? created,
    })
    .returning();
  if (!row) throw new Error('application not inserted');
  const owners = [
    { kind: 'primaryApplicant', role: 'primaryOwnerEndUser', email, name: s.primaryName ?? null },
    ...(s.owners ?? []).map((o) => ({ kind: 'additionalOwner', role: 'sharedOwnerEndUser', ...o })),
  ];
  await db.insert(applicationOwners).values(
    owners.map((o, position) => ({
      applicationId: row.id,
      kind: o.kind,
      role: o.role,
      email: o.email,
      name: o.name,
      position,
      codeHash: randomBytes(16).toString('hex'),
      codeExpiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  await refreshSearchText(db, row.id);
  return row;
}

/** A custom form of `masterId` made and activated through the client's API. */
export async function activeForm(t: TestApp, caller: Caller, masterId: string, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/custom_forms',
    headers: bearer(caller.token),
    payload: { masterFormId: masterId, name },
  });
  if (res.statusCode !== 201) throw new Error(`custom form: ${res.body}`);
  const id = res.json().customFormId as string;
  const on = await t.app.inject({
    method: 'PATCH',
    url: `/api/custom_forms/${id}/status`,
    headers: bearer(caller.token),
    payload: { status: 'active' },
  });
  if (on.statusCode !== 200) throw new Error(`activate: ${on.body}`);
  return id;
}
