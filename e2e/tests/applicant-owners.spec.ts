import type { Page } from '@playwright/test';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { OWNERS_TEXT as O } from '../../packages/web/src/features/applicant/owners/owners-text';
import {
  activeDemoForm,
  applicantPath,
  fillRequired,
  firstInput,
  freshPage,
  invited,
  labelOf,
  saved,
  valueFor,
  waitForMail,
} from '../support/applicant';
import { seriousViolations } from '../support/axe';
import { field } from '../support/client';
import { demoClient, mailCount, uniqueEmail } from '../support/outbox';
import { expect, test } from '../support/test';

const SHOTS = '/tmp/shots-J';
const TERMS = '<p>The applicant accepts the <strong>terms</strong>.</p>';

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** To the last page, filling what each page requires (nothing submitted). */
async function fillToLastPage(page: Page, email: string) {
  for (let i = 0; i < 20; i++) {
    await fillRequired(page, email);
    if (await page.getByRole('button', { name: T.submit }).isVisible()) {
      // the signature pad loads lazily: sign by typing the name once it is there
      await page.getByText('Type your name').click();
      const typed = page.getByLabel(/type your full name$/);
      if ((await typed.inputValue()) === '') await typed.fill('Ann Lee');
      return;
    }
    await page.getByRole('button', { name: 'Next' }).click();
  }
  throw new Error('the wizard has no last page within 20 pages');
}

test('1. invite -> the applicant opens the e-mailed link, fills page 1, is saved, reloads and finds the values', async ({
  page,
  request,
}) => {
  const app = await invited(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.path);
  await expect(page.getByRole('heading', { name: 'Merchant Processing Application' })).toBeVisible();
  const first = firstInput(page);
  const label = await labelOf(page, first);
  await first.fill('Invited Trading LLC');
  await fillRequired(page, app.email);
  await saved(page);
  await noSeriousViolations(page);
  await page.reload();
  await expect(field(page, label)).toHaveValue('Invited Trading LLC');
  await expect(page.getByTestId('save-status')).toBeVisible();
});

test('2. the primary names an owner, who lands on their own Owner 2 section, fills it in and cannot change the primary’s part; the primary submits', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const app = await invited(request, { termsAndConditions: TERMS });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.path);
  await fillToLastPage(page, app.email);
  await saved(page);

  // the owners panel: the primary is owner 1, so the first owner they name is "Owner 2", as the form numbers them
  await page.getByRole('button', { name: T.ownersOpen }).click();
  await page.getByRole('button', { name: O.add }).click();
  const ownerEmail = uniqueEmail('co-owner');
  await field(page, O.nameLabel(2)).fill('Bo Owner');
  await field(page, O.emailLabel(2)).fill(ownerEmail);
  await field(page, O.percentLabel(2)).fill('25');
  await page.getByRole('button', { name: O.save }).click();
  await expect(page.getByText(O.saved)).toBeVisible();
  await expect(page.getByRole('group', { name: O.statusLabel(2) })).toContainText(O.statusWaiting);
  await noSeriousViolations(page);
  await page.getByRole('heading', { name: O.title }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/owners-panel-1280.png`, fullPage: true });
  const ownerPath = applicantPath(await waitForMail(ownerEmail));
  expect(ownerPath).not.toBe(app.path);
  expect(decodeURIComponent(ownerPath.split('/').at(-1) ?? '')).toBe(ownerEmail);

  // the owner, in a browser context of their own, lands on their own section: the sample form's "Owner 2" page
  const owner = await freshPage(browser);
  await owner.page.goto(ownerPath);
  await expect(owner.page.getByRole('heading', { name: O.bannerTitle })).toBeVisible();
  // the primary was invited by e-mail and has no name on file yet
  await expect(owner.page.getByText(O.bannerText(null, 2))).toBeVisible();
  await expect(owner.page.getByText(/^Step 3 of 5: Owner 2$/)).toBeVisible();
  const mine = {
    'Owner 2 first name': 'Bo',
    'Owner 2 last name': 'Owner',
    'Owner 2 date of birth': '1981-02-03',
    'Owner 2 Social Security Number': '234-56-7890',
    'Owner 2 home street address': '2 Second St',
  };
  for (const [label, value] of Object.entries(mine)) {
    await expect(field(owner.page, label)).toBeEditable();
    await field(owner.page, label).fill(value);
  }
  await saved(owner.page);
  await noSeriousViolations(owner.page);
  await owner.page.screenshot({ path: `${SHOTS}/owner2-section-1280.png`, fullPage: true });
  await owner.page.setViewportSize({ width: 390, height: 844 });
  await expect(field(owner.page, 'Owner 2 first name')).toBeVisible();
  await owner.page.screenshot({ path: `${SHOTS}/owner2-section-390.png`, fullPage: true });
  await owner.page.setViewportSize({ width: 1280, height: 900 });

  // the primary's part is read-only to them: owner 1's date of birth, SSN (masked) and home address, the business
  await owner.page.getByRole('button', { name: 'Previous' }).click();
  await expect(owner.page.getByText(/^Step 2 of 5: Owner 1$/)).toBeVisible();
  for (const label of ['Owner 1 date of birth', 'Owner 1 Social Security Number', 'Owner 1 home street address'])
    await expect(field(owner.page, label)).not.toBeEditable();
  await expect(field(owner.page, 'Owner 1 Social Security Number')).toHaveValue(/^\*+6789$/);
  await owner.page.screenshot({ path: `${SHOTS}/owner2-sees-owner1-1280.png`, fullPage: true });
  await owner.page.getByRole('button', { name: 'Previous' }).click();
  for (const label of ['Legal business name', 'Federal Tax ID (EIN)', 'First Name'])
    await expect(field(owner.page, label)).not.toBeEditable();
  await owner.page.getByRole('button', { name: O.complete }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: O.completedTitle })).toContainText(O.completedText);
  await owner.context.close();

  // the primary reloads (back on the page they left off, decision 057): owner 2 completed, their details are there (read-only to the primary); submitted
  await page.reload();
  await page.getByRole('button', { name: T.ownersOpen }).click();
  await expect(page.getByRole('group', { name: O.statusLabel(2) })).toContainText(O.statusCompleted);
  await page.screenshot({ path: `${SHOTS}/owners-panel-completed-1280.png`, fullPage: true });
  await page.getByRole('button', { name: /^3\. Owner 2/ }).click();
  await expect(field(page, 'Owner 2 first name')).toHaveValue('Bo');
  await expect(field(page, 'Owner 2 first name')).not.toBeEditable();
  await page.getByRole('button', { name: /^1\. Business/ }).click();
  await fillToLastPage(page, app.email);
  await page.getByLabel(T.termsAccept).check();
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/application-form-successfully/${app.customFormId}$`), { timeout: 15_000 });
  await expect(page.getByText(T.successText)).toBeVisible();
  // the owner's link mail, then (issue 13) the request to sign with a fresh link of their own
  const signRequest = await waitForMail(ownerEmail, 1);
  expect(signRequest).toContain('Please sign your application');
  expect(applicantPath(signRequest)).toContain(`/application-form/${app.customFormId}/`);
  expect(mailCount(ownerEmail)).toBe(2);
});

test('3. the resume link e-mailed on the first autosave continues in another browser context', async ({
  page,
  request,
  browser,
}) => {
  const demo = demoClient();
  const form = await activeDemoForm(request, demo.email, demo.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/application-form/${form.customFormId}`);
  const email = uniqueEmail('resume');
  await page.getByLabel(T.emailLabel).fill(email);
  await page.getByRole('button', { name: T.emailContinue }).click();
  const first = firstInput(page);
  const label = await labelOf(page, first);
  await first.fill('Resumed Trading Co');
  await saved(page);
  const resumePath = applicantPath(await waitForMail(email));
  expect(resumePath).toContain(`/application-form/${form.customFormId}/`);

  const other = await freshPage(browser);
  await other.page.goto(resumePath);
  await expect(field(other.page, label)).toHaveValue('Resumed Trading Co');
  // and it goes on saving from there
  await field(other.page, label).fill('Resumed Trading Co 2');
  await saved(other.page);
  await other.page.reload();
  await expect(field(other.page, label)).toHaveValue('Resumed Trading Co 2');
  await other.context.close();
});

/** What has the keyboard focus: enough to decide the next key. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const input = el instanceof HTMLInputElement ? el : null;
    const byFor = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const label = (el.getAttribute('aria-label') ?? byFor ?? el.closest('label')?.textContent ?? '')
      .replace(/\s*\*\s*$/, '')
      .trim();
    const name = input?.name;
    return {
      tag: el.tagName.toLowerCase(),
      type: input?.type ?? el.getAttribute('type') ?? '',
      mode: el.getAttribute('inputmode'),
      label,
      text: (el.textContent ?? '').trim(),
      value: input ? input.value : el instanceof HTMLTextAreaElement ? el.value : '',
      required: el.hasAttribute('required') || el.getAttribute('aria-required') === 'true',
      readOnly: el.hasAttribute('readonly') || el.hasAttribute('disabled'),
      checked: input?.checked ?? false,
      groupChecked:
        input?.type === 'radio' && name
          ? document.querySelectorAll(`input[type=radio][name="${CSS.escape(name)}"]:checked`).length > 0
          : false,
    };
  });
}

test('5. keyboard only, axe clean on every page: a new application through the whole sample form to the success page', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const demo = demoClient();
  const form = await activeDemoForm(request, demo.email, demo.password, { termsAndConditions: TERMS });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/application-form/${form.customFormId}`);
  await expect(page.getByLabel(T.emailLabel)).toBeVisible();
  await noSeriousViolations(page);
  const email = uniqueEmail('keyboard');
  for (
    let i = 0;
    i < 15 && !(await page.getByLabel(T.emailLabel).evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(page.getByLabel(T.emailLabel)).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(firstInput(page)).toBeVisible();
  await noSeriousViolations(page);

  let pages = 1;
  let submitted = false;
  for (let step = 0; step < 600 && !submitted; step++) {
    const f = await focused(page);
    if (f && !f.readOnly) {
      if (f.tag === 'button' && f.text === 'Next') {
        await page.keyboard.press('Enter');
        pages += 1;
        await expect(page.getByText(new RegExp(`^Step ${pages} of \\d+`))).toBeVisible();
        await noSeriousViolations(page);
        // focus stays on "Next" (the new step is announced by the live "Step n of m" line): back up with
        // Shift+Tab to the step list at the top of the new page, then on through its fields
        for (let back = 0; back < 200; back++) {
          await page.keyboard.press('Shift+Tab');
          if (/^\d+\. /.test((await focused(page))?.text ?? '')) break;
        }
        continue;
      }
      if (f.tag === 'button' && f.text === T.submit) {
        await noSeriousViolations(page);
        await page.keyboard.press('Enter');
        submitted = true;
        break;
      }
      if (f.type === 'radio') {
        // the signature: from "Draw" to "Type your name" (arrows move within a radio group)
        if (f.label === 'Draw' && f.checked) {
          await page.keyboard.press('ArrowRight');
          continue;
        }
        if (!f.groupChecked) {
          await page.keyboard.press('Space');
          continue;
        }
      } else if (f.type === 'checkbox') {
        if (f.label === T.termsAccept && !f.checked) {
          await page.keyboard.press('Space');
          continue;
        }
      } else if ((f.tag === 'input' || f.tag === 'textarea') && f.value === '') {
        if (/type your full name$/.test(f.label)) {
          await page.keyboard.type('Ann Lee');
        } else if (f.required) {
          await page.keyboard.type(f.type === 'date' ? '01021980' : valueFor(f.label, f.type, f.mode, email));
        }
      }
    }
    await page.keyboard.press('Tab');
  }
  expect(submitted).toBe(true);
  expect(pages).toBe(5); // the sample form's five pages (owner 2's read-only to the primary), each reached by "Next"
  await expect(page).toHaveURL(new RegExp(`/application-form-successfully/${form.customFormId}$`), { timeout: 15_000 });
  await expect(page.getByText(T.successText)).toBeVisible();
  await noSeriousViolations(page);
  await page.screenshot({ path: `${SHOTS}/keyboard-success-1280.png` });
});
