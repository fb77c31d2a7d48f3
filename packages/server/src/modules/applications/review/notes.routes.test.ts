import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../db/schema';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/helpers';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { activeForm, insertApplication } from './lists.fixtures';

describe.each(testDatabases())('team notes on an application on %s', (kind) => {
  let t: TestApp;
  let a: Caller;
  let b: Caller;
  let member: Caller;
  let ungranted: Caller;
  let applicationId: string;
  let otherOfA: string;
  let ofB: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await adminToken(t);
    const master = await publishedMaster(t, admin, { name: 'Notes Bank' });
    const otherMaster = await publishedMaster(t, admin, { name: 'Other Bank' });
    a = await registerCompany(t, { companyName: 'Notes A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Notes B', membershipId: 'MEMBERSHIP_006' });
    const formA = await activeForm(t, a, master, 'Notes form');
    const formA2 = await activeForm(t, a, otherMaster, 'Other form');
    const formB = await activeForm(t, b, master, 'B form');
    applicationId = (await insertApplication(t.database.db, { companyId: a.companyId, customFormId: formA })).id;
    otherOfA = (await insertApplication(t.database.db, { companyId: a.companyId, customFormId: formA2 })).id;
    ofB = (await insertApplication(t.database.db, { companyId: b.companyId, customFormId: formB })).id;
    member = await joinTeam(t, a);
    ungranted = await joinTeam(t, a);
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/granted-master-form/${master}`,
      headers: bearer(a.token),
      payload: { userIds: [member.userId] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  const as = (c: Caller) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(c.token), payload: payload as object });
  const notesOf = (c: Caller, id = applicationId) => as(c)('GET', `/api/applications/${id}/notes`);

  it('members write and read the team’s notes, newest first; the author or an ADMINISTRATOR deletes', async () => {
    const first = await as(a)('POST', `/api/applications/${applicationId}/notes`, {
      text: '  Asked for a voided check.  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ text: 'Asked for a voided check.', authorEmail: a.email, canDelete: true });
    const second = await as(member)('POST', `/api/applications/${applicationId}/notes`, { text: 'Check received.' });
    expect(second.statusCode, second.body).toBe(201);

    const seenByMember = (await notesOf(member)).json();
    expect(seenByMember.total).toBe(2);
    expect(seenByMember.items.map((n: { text: string }) => n.text)).toEqual([
      'Check received.',
      'Asked for a voided check.',
    ]);
    expect(seenByMember.items.map((n: { canDelete: boolean }) => n.canDelete)).toEqual([true, false]);
    expect((await notesOf(a)).json().items.every((n: { canDelete: boolean }) => n.canDelete)).toBe(true);

    // a member cannot delete the administrator's note; the administrator deletes the member's
    const refused = await as(member)('DELETE', `/api/applications/${applicationId}/notes/${first.json().noteId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ERROR_CODES.noteNotYours, message: MESSAGES.noteNotYours });
    expect((await notesOf(a)).json().total).toBe(2);
    const removed = await as(a)('DELETE', `/api/applications/${applicationId}/notes/${second.json().noteId}`);
    expect(removed.statusCode).toBe(204);
    expect((await notesOf(a)).json().items.map((n: { text: string }) => n.text)).toEqual(['Asked for a voided check.']);
    // and a member deletes their own note
    const own = await as(member)('POST', `/api/applications/${applicationId}/notes`, { text: 'x'.repeat(2000) });
    expect(own.statusCode, own.body).toBe(201);
    expect(
      (await as(member)('DELETE', `/api/applications/${applicationId}/notes/${own.json().noteId}`)).statusCode,
    ).toBe(204);

    // the history has who and when, never the text
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, applicationId));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['application.note-add', 'application.note-delete']),
    );
    expect(JSON.stringify(events)).not.toContain('voided check');
    const history = (await as(a)('GET', `/api/applications/${applicationId}/history`)).json();
    expect(history.chain.intact).toBe(true);
  });

  it('an empty or too long note is refused with a clear message and nothing is written', async () => {
    const before = (await notesOf(a)).json().total;
    const empty = await as(a)('POST', `/api/applications/${applicationId}/notes`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(MESSAGES.noteEmpty);
    const long = await as(a)('POST', `/api/applications/${applicationId}/notes`, { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(MESSAGES.noteTooLong);
    expect((await notesOf(a)).json().total).toBe(before);
  });

  it('another company, a member without the form and a note addressed through another application get 404', async () => {
    const note = (await as(a)('POST', `/api/applications/${applicationId}/notes`, { text: 'Private to A' })).json();
    for (const res of [
      await notesOf(b),
      await as(b)('POST', `/api/applications/${applicationId}/notes`, { text: 'from B' }),
      await as(b)('DELETE', `/api/applications/${applicationId}/notes/${note.noteId}`),
      await notesOf(ungranted),
      await as(ungranted)('POST', `/api/applications/${applicationId}/notes`, { text: 'ungranted' }),
      await notesOf(member, otherOfA),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    // B's own application does not reach A's note
    expect((await as(b)('DELETE', `/api/applications/${ofB}/notes/${note.noteId}`)).statusCode).toBe(404);
    expect((await as(a)('DELETE', `/api/applications/${otherOfA}/notes/${note.noteId}`)).statusCode).toBe(404);
    expect((await notesOf(a)).json().items.map((n: { text: string }) => n.text)).toContain('Private to A');
    expect(JSON.stringify((await notesOf(b, ofB)).json())).not.toContain('Private to A');
  });
});
