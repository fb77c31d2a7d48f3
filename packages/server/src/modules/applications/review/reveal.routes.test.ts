import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../db/schema';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import {
  activeEncryptedForm,
  type EncryptedForm,
  insertSealedApplication,
  realFieldCrypto,
} from '../../../test/sealed-applications';

const SSN = '987-65-4329';
const ACCOUNT = '000123456789';

describe.each(testDatabases())('POST /api/applications/:applicationId/reveal on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let form: EncryptedForm;
  let applicationId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, realFieldCrypto());
    a = await registerCompany(t, { companyName: 'Reveal Bank', membershipId: 'MEMBERSHIP_006' });
    form = await activeEncryptedForm(t, a);
    applicationId = await insertSealedApplication(t, {
      companyId: a.companyId,
      form,
      data: {
        owner_ssn: SSN,
        bank_account_number: ACCOUNT,
        tax_id: 'TAX-1',
        more_owners: [{ more_name: 'Bo', more_ssn: '111-22-3333' }],
      },
    });
  }, 60_000);
  afterAll(() => t.close());

  const reveal = (caller: { token: string }, path: string, id = applicationId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/reveal`,
      headers: bearer(caller.token),
      payload: { path },
    });
  const revealEvents = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'application.reveal'), eq(auditEvents.targetId, applicationId)));

  it('gives the ADMINISTRATOR one value and records who revealed which path, never the value', async () => {
    const res = await reveal(a, 'owner_ssn');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ path: 'owner_ssn', value: SSN });
    const grid = await reveal(a, 'more_owners[0].more_ssn');
    expect(grid.json()).toEqual({ path: 'more_owners[0].more_ssn', value: '111-22-3333' });
    expect((await reveal(a, 'bank_account_number')).json().value).toBe(ACCOUNT);
    const events = await revealEvents();
    expect(events.map((e) => e.details)).toEqual([
      { path: 'owner_ssn' },
      { path: 'more_owners[0].more_ssn' },
      { path: 'bank_account_number' },
    ]);
    expect(events.every((e) => e.actorUserId === a.userId && e.companyId === a.companyId)).toBe(true);
    expect(JSON.stringify(events)).not.toContain(SSN);
  });

  it('refuses a path that is not an encrypted value of the form and records no reveal for it', async () => {
    const before = (await revealEvents()).length;
    for (const path of [
      'tax_id',
      'nope',
      'more_owners',
      'more_owners.more_ssn',
      'more_owners[0].more_name',
      '__proto__',
      // inside an encrypted value: nothing there; and paths not written as the form writes them
      'owner_ssn[0]',
      'owner_ssn.length',
      'owner_ssn.x',
      'owner_ssn.',
      '[owner_ssn]',
      'owner_ssn[x]',
      'more_owners[0]..more_ssn',
    ]) {
      const res = await reveal(a, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.validation,
        errors: [{ path: 'path', message: MESSAGES.revealNotEncrypted }],
      });
    }
    // an encrypted field with no value (a grid row that does not exist) reveals nothing
    expect((await reveal(a, 'more_owners[5].more_ssn')).json()).toEqual({ path: 'more_owners[5].more_ssn', value: '' });
    expect((await revealEvents()).length).toBe(before + 1);
  });

  it('is for ADMINISTRATORs of the application’s company only: a STANDARD member 403, another company 404', async () => {
    const before = (await revealEvents()).length;
    const member = await joinTeam(t, a, 'STANDARD');
    const standard = await reveal(member, 'owner_ssn');
    expect(standard.statusCode).toBe(403);
    expect(standard.body).not.toContain(SSN);
    const b = await registerCompany(t, { companyName: 'Other Bank' });
    const other = await reveal(b, 'owner_ssn');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(ERROR_CODES.applicationNotFound);
    const unknown = await reveal(a, 'owner_ssn', crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(other.json().code);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${applicationId}/reveal`,
      payload: { path: 'owner_ssn' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await revealEvents()).length).toBe(before);
  });
});
