import { MESSAGES } from '@under/core/messages';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 1280, height: 1100 } });

test('a Form.io form with owners, locations and tabs: rows by keyboard and mouse, errors in their row', async ({
  page,
}) => {
  await page.goto('/form-playground?fixture=owners');
  const form = page.getByRole('form');
  const owners = form.getByRole('group', { name: 'Owners' });
  await expect(owners.getByRole('row')).toHaveCount(2);
  await owners.getByLabel('Owner name').fill('Ann Lee');
  await owners.getByLabel('SSN').fill('123-45-6789');
  await owners.getByLabel('Ownership %').fill('60');
  // The title is asked only of an owner of 25 % or more (a Form.io 5 condition on the row).
  await expect(owners.getByLabel('Title')).toBeVisible();
  await owners.getByRole('button', { name: 'Add owner' }).click();
  await expect(owners.getByRole('row')).toHaveCount(3);
  await owners.getByRole('row').nth(2).getByLabel('Owner name').fill('Bob');
  await expect(owners.getByRole('row').nth(2).getByLabel('Title')).toHaveCount(0);

  const locations = form.getByRole('group', { name: 'Locations' });
  await locations.getByRole('button', { name: 'Add another' }).click();
  await locations.getByLabel('Street').fill('1 Main Street');
  await locations.getByRole('button', { name: 'Save' }).click();
  await expect(locations.getByText('1 Main Street')).toBeVisible();

  await form.getByRole('tab', { name: 'Bank' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('tab', { name: 'Volumes' })).toHaveAttribute('aria-selected', 'true');

  await form.getByRole('button', { name: 'Submit' }).click();
  // Bob has no SSN and Ann no title; the hidden recordId is never required.
  await expect(owners.getByText(MESSAGES.fieldRequired('SSN'))).toBeVisible();
  await expect(owners.getByText(MESSAGES.fieldRequired('Title'))).toBeVisible();
  await expect(form.getByText(MESSAGES.fieldRequired('recordId'))).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots-A/owners-form.png', fullPage: true });
});
