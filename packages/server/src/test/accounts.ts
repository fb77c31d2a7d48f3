import { eq } from 'drizzle-orm';
import { companies } from '../db/schema/index';
import { PASSWORD, registerClient, signIn, type TestApp, uniqueEmail } from './helpers';

/** Test helpers for client accounts: companies, teams and invitations through the API. */

export const PHONE = '(555) 123-4567';

export interface Caller {
  email: string;
  token: string;
  userId: string;
  companyId: string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs up, confirms, signs in and registers a company; the caller is its ADMINISTRATOR on Basic. */
export async function registerCompany(
  t: TestApp,
  opts: { companyName?: string; membershipId?: string; email?: string } = {},
): Promise<Caller> {
  const email = await registerClient(t, opts.email ?? uniqueEmail('admin'));
  const { accessToken } = await signIn(t, 'client', email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/profiles',
    headers: bearer(accessToken),
    payload: {
      companyName: opts.companyName ?? 'Acme Bank',
      email,
      firstName: 'Ada',
      lastName: 'Admin',
      phoneNumber: PHONE,
    },
  });
  if (res.statusCode !== 201) throw new Error(`profile failed: ${res.body}`);
  const profile = res.json();
  if (opts.membershipId) await setMembership(t, profile.company.id, opts.membershipId);
  return { email, token: accessToken, userId: profile.id, companyId: profile.company.id };
}

export async function setMembership(t: TestApp, companyId: string, membershipId: string) {
  await t.database.db.update(companies).set({ membershipId }).where(eq(companies.id, companyId));
}

/** The invitation code from the newest invitation mail to `to` (once the outbox has sent it). */
export async function invitationCode(t: TestApp, to: string): Promise<string> {
  await t.mailer.settle();
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === to && m.text.includes('/register/'));
  const code = mail?.text.match(/\/register\/([A-Za-z0-9_-]+)/)?.[1];
  if (!code) throw new Error(`no invitation mailed to ${to}`);
  return code;
}

export async function invite(t: TestApp, admin: Caller, email: string, role = 'STANDARD') {
  return t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: bearer(admin.token),
    payload: { email, role },
  });
}

/** Invites a new person, who signs up with the link's e-mail and joins; returns them signed in. */
export async function joinTeam(t: TestApp, admin: Caller, role: 'STANDARD' | 'ADMINISTRATOR' = 'STANDARD') {
  const email = uniqueEmail(role === 'STANDARD' ? 'member' : 'admin2');
  const res = await invite(t, admin, email, role);
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  const code = await invitationCode(t, email);
  await registerClient(t, email);
  const { accessToken } = await signIn(t, 'client', email, PASSWORD);
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/profiles',
    headers: bearer(accessToken),
    payload: { email, firstName: 'Sam', lastName: 'Member', phoneNumber: PHONE, invitationCode: code },
  });
  if (joined.statusCode !== 201) throw new Error(`join failed: ${joined.body}`);
  const profile = joined.json();
  return { email, token: accessToken, userId: profile.id as string, companyId: admin.companyId, profile };
}
