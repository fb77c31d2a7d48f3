import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';

/** A full-page screenshot: into SHOTS_DIR when set (to look at them together), else the test's own output. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  const file = dir ? path.join(dir, `${name}.png`) : test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
}

/**
 * A dnd-kit drag with the mouse: press, move past the activation distance, then onto the target and release.
 * `at` is where on the target: its centre, or near its bottom edge (drop after the last item).
 */
export async function drag(page: Page, source: Locator, target: Locator, at: 'center' | 'bottom' = 'bottom') {
  // hover first: it waits until the source is visible, stable and the one under the pointer, so a page still laying
  // itself out (a panel just mounted) does not take the press somewhere else
  await source.hover();
  const from = await source.boundingBox();
  if (!from) throw new Error('drag source is not visible');
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 - 12, { steps: 4 });
  // measured once the drag has started: dnd-kit may scroll the page near its edges
  const to = await target.boundingBox();
  if (!to) throw new Error('drop target is not visible');
  await page.mouse.move(to.x + to.width / 2, at === 'center' ? to.y + to.height / 2 : to.y + to.height - 12, {
    steps: 12,
  });
  await page.mouse.up();
}

/**
 * Errors the page logs from now on. Failed requests are the network's report (a 409 for a used name is an
 * expected answer), not a bug, so 'Failed to load resource' lines are left out.
 */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    errors,
    expectNone() {
      expect(errors).toEqual([]);
    },
  };
}

/**
 * Waits until no notification is on screen. A Mantine notification pauses its auto-close while the pointer is over
 * it, and one that appears under the pointer (a toolbar button just clicked) would stay and cover the toolbar: the
 * pointer is moved away first.
 */
export async function waitForToastsGone(page: Page) {
  const size = page.viewportSize();
  await page.mouse.move(1, (size?.height ?? 600) - 1);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The elements that stick out past the right edge of the viewport (none when the page fits): each as its tag, test
 * id or class, its text's start and its right edge, so a failing phone check says what to fix.
 */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      // only the outermost culprits: an element inside a scrolling frame or inside another culprit is left out
      let inner = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll|hidden)/.test(style.overflowX) || p.getBoundingClientRect().right > width + 0.5) {
          inner = true;
          break;
        }
      }
      if (inner) continue;
      const name = el.dataset.testid ?? (el.className && typeof el.className === 'string' ? el.className : '');
      out.push(
        `${el.tagName.toLowerCase()}${name ? `.${name}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(r.right)}`,
      );
    }
    return out;
  });
}

/**
 * Presses Tab (Shift+Tab backwards) until `target` has the keyboard focus, as a keyboard-only user moves through a
 * page; fails if it is not reached within `max` presses (it is not in the tab order).
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 250 } = {}) {
  await expect(target).toBeAttached(); // a SegmentedControl's radios are visually hidden, yet focusable
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the keyboard never reached ${target}`);
}
