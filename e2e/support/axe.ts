import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page; returns the serious and critical violations. A notification that pops up while axe
 * runs is measured mid-fade (half transparent, so "low contrast"): when only notifications are flagged, the page is
 * measured once more after everything has settled, and what remains is real.
 */
export async function seriousViolations(page: Page) {
  const first = await measure(page);
  const onlyToasts = first.length > 0 && first.every((v) => v.targets.every((t) => t.includes('mantine-Notification')));
  return onlyToasts ? measure(page) : first;
}

async function measure(page: Page) {
  // a dialog or menu still fading in or out is measured half transparent: wait until nothing moves
  // (endless ones, such as a spinner, never end and are left out)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  type Violation = {
    id: string;
    impact: string;
    help: string;
    nodes: { target: string[]; failureSummary?: string; html?: string }[];
  };
  return (result.violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((x) => x.target.join(' ')),
      // what axe measured (colours, sizes), so a failure says what to fix
      why: v.nodes.map((x) => `${(x.html ?? '').slice(0, 160)} ${x.failureSummary ?? ''}`).slice(0, 3),
    }));
}
