import { expect, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { signIn } from './client';

/** Signs the seeded admin in to the admin app; lands on /admin/pdf-mapping. */
export async function signInAdmin(page: Page) {
  await page.goto('/admin/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/pdf-mapping$/);
}

/** Ids are unique per run: the journeys share one server and database. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}
