import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { UI_TEXT } from '@under/core/ui-text';
import { SIGNING_TEXT as S } from '@under/core/ui-text/applicant-signing';
import { APPLICATIONS_TEXT as A } from '@under/core/ui-text/client-applications';
import { NOTIFICATIONS_TEXT as N } from '@under/core/ui-text/notifications';
import { activeDemoForm, submitApplication, waitForMail } from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/client';
import { demoClient, mailCount, uniqueEmail } from '../support/outbox';
import { overflowing, shot, waitForToastsGone } from '../support/page-tools';
import { expect, test } from '../support/test';

/** Every e-mail to `to` in the server's outbox that says `text` (quoted-printable soft breaks undone). */
function mailsSaying(to: string, text: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((m) => m.includes(`To: ${to}`) && m.includes(text));
}

/** The application `email` started on the form, as the institution's list names it. */
async function listedApplication(
  request: APIRequestContext,
  headers: Record<string, string>,
  customFormId: string,
  email: string,
) {
  const listed = await request.get(`/api/applications?formId=${customFormId}`, { headers });
  expect(listed.ok(), await listed.text()).toBe(true);
  const items = (await listed.json()).items as {
    applicationId: string;
    number: number;
    applicantCompanyName: string | null;
    primaryEmail: string;
  }[];
  const found = items.find((i) => i.primaryEmail === email);
  if (!found) throw new Error(`no application of ${email} listed`);
  return { applicationId: found.applicationId, number: found.number, company: found.applicantCompanyName ?? email };
}

/**
 * Issue 21 §4: the institution is kept informed. An applicant submits and signs; the institution's administrator
 * finds the "submitted", "signed by every owner" and "documents ready" e-mails in the outbox, sees the events on
 * Home (newest first, each a link to the application), and turns one kind of e-mail off in the profile.
 */
test('the team is e-mailed and sees the latest events on Home; a member turns a kind of e-mail off', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { email: clientEmail, password } = demoClient();
  const { customFormId, headers } = await activeDemoForm(request, clientEmail, password);
  const email = uniqueEmail('notice');
  await submitApplication(page, customFormId, email, `Notice Trading ${Date.now() % 100000}`);
  const { applicationId, number, company } = await listedApplication(request, headers, customFormId, email);
  // submitted: the administrator is told, with the application's link and where to turn it off
  const submitted = `${company} submitted application ${number}`;
  await expect.poll(() => mailsSaying(clientEmail, submitted).length, { timeout: 15_000 }).toBe(1);
  const notice = mailsSaying(clientEmail, submitted)[0] ?? '';
  expect(notice).toContain(`/applications/${applicationId}`);
  expect(notice).toContain('/all-profile');

  // the only owner signs: signed by every owner, then the documents are ready
  await page.getByRole('link', { name: S.signNow }).click();
  await expect(page.getByRole('heading', { name: S.title })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: S.typeTab }).click();
  await page.getByLabel(S.typedLabel).fill('Ann Lee');
  const before = mailCount(email);
  await page.getByRole('button', { name: S.sendCode }).click();
  const code = (await waitForMail(email, before)).match(/is (\d{6})\./)?.[1] ?? '';
  await page.getByLabel(S.codeLabel).fill(code);
  await page.getByRole('checkbox', { name: S.confirm }).check();
  await page.getByRole('button', { name: S.signButton }).click();
  await expect(page.getByRole('heading', { name: S.doneTitle })).toBeVisible({ timeout: 15_000 });
  const signed = `Every owner has signed application ${number} of ${company}`;
  await expect.poll(() => mailsSaying(clientEmail, signed).length, { timeout: 15_000 }).toBe(1);
  const ready = `The sealed documents of application ${number} of ${company}`;
  await expect.poll(() => mailsSaying(clientEmail, ready).length, { timeout: 60_000 }).toBe(1);

  // Home: the latest events, newest first, each a link to its application
  await page.goto('/login');
  await signIn(page, clientEmail, password);
  const events = page.getByRole('region', { name: N.eventsTitle });
  await expect(events).toBeVisible();
  const app = N.eventApp(number, company);
  const items = events.getByRole('listitem');
  await expect(items.first()).toContainText(`${app}: documents ready`);
  await expect(events.getByRole('link', { name: `${app}: signed by every owner` })).toBeVisible();
  await expect(events.getByRole('link', { name: `${app}: submitted` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await events.scrollIntoViewIfNeeded();
  await shot(page, 'home-events-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await events.scrollIntoViewIfNeeded();
  expect(await overflowing(page)).toEqual([]);
  await shot(page, 'home-events-390', { fullPage: false });
  await events.getByRole('link', { name: `${app}: submitted` }).click();
  await expect(page).toHaveURL(new RegExp(`/applications/${applicationId}$`));
  await page.setViewportSize({ width: 1280, height: 800 });

  // denied with a reason, e-mailed: the applicant reads the reason; the status change is the newest event on Home
  const reason = 'The bank statement is older than 90 days.';
  await page.getByRole('button', { name: A.actionFor.denied }).click();
  const deny = page.getByRole('dialog', { name: A.dialogFor.denied });
  await deny.getByRole('textbox', { name: A.reasonLabel, exact: true }).fill(reason);
  await deny.getByRole('checkbox', { name: A.notifyLabelFor.denied as string }).check();
  await deny.getByRole('button', { name: A.actionFor.denied }).click();
  await expect(page.getByTestId('application-status')).toHaveText(A.statusLabels.denied as string);
  await expect.poll(() => mailsSaying(email, `Reason given: ${reason}`).length, { timeout: 15_000 }).toBe(1);
  await page.goto('/');
  await expect(page.getByRole('region', { name: N.eventsTitle }).getByRole('listitem').first()).toContainText(
    `${app}: status Pending → Denied`,
  );

  // the profile: each kind of e-mail can be turned off, and stays off
  await page.goto('/all-profile');
  await expect(page.getByRole('heading', { name: UI_TEXT.profileTitle })).toBeVisible();
  const choices = page.getByRole('region', { name: N.preferencesTitle });
  const submittedSwitch = choices.getByRole('switch', { name: N.kindLabels['application-submitted'] });
  await expect(submittedSwitch).toBeChecked();
  try {
    await submittedSwitch.click();
    await expect(page.getByText(N.saved(N.kindLabels['application-submitted'], false))).toBeVisible();
    await expect(submittedSwitch).not.toBeChecked();
    await page.reload();
    await expect(choices.getByRole('switch', { name: N.kindLabels['application-submitted'] })).not.toBeChecked();
    await expect(choices.getByRole('switch', { name: N.kindLabels['documents-ready'] })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'profile-notifications-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowing(page)).toEqual([]);
    await shot(page, 'profile-notifications-390');

    // turned off: the next submission is not e-mailed to this member (the other kinds still are)
    const second = uniqueEmail('notice2');
    await page.setViewportSize({ width: 1280, height: 800 });
    await submitApplication(page, customFormId, second, `Quiet Trading ${Date.now() % 100000}`);
    const quiet = await listedApplication(request, headers, customFormId, second);
    // the applicant asks for a signing code: mail queued after the submission's, so once it is out, theirs would be
    await page.getByRole('link', { name: S.signNow }).click();
    await expect(page.getByRole('heading', { name: S.title })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Page 1 of \d+$/).first()).toBeVisible({ timeout: 30_000 });
    const sent = mailCount(second);
    await page.getByRole('button', { name: S.sendCode }).click();
    await waitForMail(second, sent);
    // still signed in: Home again
    await page.goto('/');
    await expect(
      page
        .getByRole('region', { name: N.eventsTitle })
        .getByRole('link', { name: `${N.eventApp(quiet.number, quiet.company)}: submitted` }),
    ).toBeVisible();
    expect(mailsSaying(clientEmail, `submitted application ${quiet.number} on`)).toEqual([]);
  } finally {
    // the demo team is shared by the journeys: its administrator's choice goes back on, even if a step above failed
    await page.goto('/all-profile');
    await waitForToastsGone(page);
    const again = page.getByRole('switch', { name: N.kindLabels['application-submitted'] });
    if (!(await again.isChecked())) await again.click();
    await expect(again).toBeChecked();
  }
});
