import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatUsd } from '@under/core/billing/money';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, sourceFiles } from '../../test/source-files';

const root = repositoryRoot();
const sources = (dir: string) => sourceFiles(dir, { tests: false });

/**
 * Dollar amounts in one format everywhere (`$2,990.00`): amounts in cents through core's formatUsd, amounts in
 * dollars through forms/format's formatCurrency, which formatUsd shares. A dollar sign glued to an interpolation
 * (`$${x}` in a template, `${x}` as JSX text) or a formatCurrency of cents divided by hand is a second format.
 */
const HAND_MADE = [/\$\$\{/, /^\s*\$\{[\w.]+\}\s*$/, /formatCurrency\([^)]*\/ ?100\)/, /formatCents\(/];

describe('money on screen, in mails and invoices', () => {
  it('formats cents one way: thousands separated, two decimals, a refund signed', () => {
    expect(formatUsd(299000)).toBe('$2,990.00');
    expect(formatUsd(4900)).toBe('$49.00');
    expect(formatUsd(-1250)).toBe('-$12.50');
  });

  it('is never formatted by hand in the web or the server', () => {
    const found = ['packages/web/src', 'packages/server/src', 'packages/core/src']
      .flatMap((d) => sources(path.join(root, d)))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(root, f)}:${i + 1}` }))
          .filter(({ line }) => HAND_MADE.some((re) => re.test(line)))
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
