import { expect, type Locator, type Page } from '@playwright/test';
import { MAPPER_TEXT as T } from '@under/core/ui-text/admin-mapper';
import { waitForToastsGone } from './page-tools';

/** The layer over page n of the mapper, where boxes are placed (one screen pixel = one point at zoom 1). */
export const overlay = (page: Page, n: number) => page.getByTestId(`page-overlay-${n}`);

/** A placed box, by its key and type. */
export const box = (page: Page, key: string, type: string) =>
  page.getByRole('button', { name: T.boxLabel(key, T.types[type] ?? type) });

/** Chooses a type in the palette and clicks page n at (x, y) points, at the current zoom. */
export async function placeAt(page: Page, type: string, n: number, x: number, y: number, zoom = 1) {
  // the chip's input is visually hidden: its label is what the pointer clicks
  await page
    .getByRole('radiogroup', { name: T.paletteLabel })
    .getByText(T.types[type] ?? type, { exact: true })
    .click();
  await expect(page.getByRole('radio', { name: T.types[type], exact: true })).toBeChecked();
  await overlay(page, n).click({ position: { x: x * zoom, y: y * zoom } });
}

/** Where a box sits on its page, in points, read from the screen. */
export async function boxAt(page: Page, target: Locator, n: number, zoom = 1) {
  const frame = await overlay(page, n).boundingBox();
  // the box is the button's frame (the button sits inside its border)
  const rect = await target.locator('..').boundingBox();
  if (!frame || !rect) throw new Error('not visible');
  return { x: Math.round((rect.x - frame.x) / zoom), y: Math.round((rect.y - frame.y) / zoom) };
}

/**
 * Clicks "Review PDF" and returns the PDF the page received (the page opens it in a new tab, which is closed).
 */
export async function reviewFromMapper(page: Page, templateId: string): Promise<Buffer> {
  let reviewed: { status: number; type: string; body: Buffer } | null = null;
  await page.route(`**/api/pdf_templates/${templateId}/review`, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    reviewed = { status: response.status(), type: response.headers()['content-type'] ?? '', body };
    await route.fulfill({ response, body });
  });
  // the toolbar's "saved" notification may cover the button
  await waitForToastsGone(page);
  const popup = page.context().waitForEvent('page', { timeout: 15_000 });
  await page.getByRole('button', { name: T.review }).click();
  await (await popup).close();
  await expect.poll(() => reviewed?.status).toBe(200);
  await page.unroute(`**/api/pdf_templates/${templateId}/review`);
  const review = reviewed as unknown as { type: string; body: Buffer };
  expect(review.type).toContain('application/pdf');
  return review.body;
}
