import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CC_MAPPER_TEXT } from '@under/core/ui-text/admin-cardconnect-mapper';
import { CARDCONNECT_TEXT } from '@under/core/ui-text/cardconnect';
import { CC_STATUS_TEXT } from '@under/core/ui-text/cardconnect-status';
import { FORM_INTEGRATIONS_TEXT, SYNCABILITY_TEXT } from '@under/core/ui-text/client-form-integrations';
import { MAPPING_TEXT } from '@under/core/ui-text/client-integrations-mapping';
import { SYNC_TEXT } from '@under/core/ui-text/integrations-sync';
import { KYC_SETUP_TEXT, KYC_TEXT } from '@under/core/ui-text/kyc';
import { MANAGE_INTEGRATION_TEXT } from '@under/core/ui-text/manage-integration';
import { TRANSAX_TEXT } from '@under/core/ui-text/transax';
import { VANTIV_SETUP_TEXT, VANTIV_TEXT } from '@under/core/ui-text/vantiv';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, sourceFiles } from '../../test/source-files';

const root = repositoryRoot();
const sources = (dir: string) => sourceFiles(dir, { tests: true });

/** Every source that may show a text: the web, the server (mails, errors), the journeys; never the texts' own files. */
const code = ['packages/web/src', 'packages/server/src', 'packages/core/src', 'e2e']
  .flatMap((d) => sources(path.join(root, d)))
  .filter((f) => !f.includes(`${path.sep}ui-text${path.sep}`) && !f.endsWith('ui-text-used.test.ts'))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/**
 * The integrations pages' texts (issue #24): a text nothing shows is dead weight that translators and reviewers
 * read as a feature (CC_MAPPER_TEXT.search and filter*, SYNC_TEXT.queuedToast were). Each top-level key must be
 * read somewhere (`.key`) outside core's ui-text files.
 */
const TEXTS: Record<string, object> = {
  CC_MAPPER_TEXT,
  CARDCONNECT_TEXT,
  CC_STATUS_TEXT,
  FORM_INTEGRATIONS_TEXT,
  SYNCABILITY_TEXT,
  MAPPING_TEXT,
  SYNC_TEXT,
  KYC_TEXT,
  KYC_SETUP_TEXT,
  MANAGE_INTEGRATION_TEXT,
  TRANSAX_TEXT,
  VANTIV_TEXT,
  VANTIV_SETUP_TEXT,
};

describe('integrations ui-text', () => {
  it.each(Object.entries(TEXTS))('%s has no key that nothing reads', (_name, texts) => {
    const unused = Object.keys(texts).filter((key) => !new RegExp(`\\.${key}\\b`).test(code));
    expect(unused).toEqual([]);
  });
});

/** The web components of the integrations pages (issue #24): their words come from core's ui-text. */
const COMPONENT_DIRS = [
  'packages/web/src/features/integrations',
  'packages/web/src/features/applications/kyc',
  'packages/web/src/features/applications/review',
  'packages/web/src/features/applications/api',
  'packages/web/src/features/custom-forms/components',
];
/** A sentence in quotes: a capital, words, and a full stop, question or exclamation mark at the end. */
const SENTENCE = /(['"`])[A-Z][a-z']+(?: [\w',/():;-]+)+[.?!]\1/;

describe('integrations components', () => {
  it('write no sentence inline: every user-visible text is in core ui-text', () => {
    const inline = COMPONENT_DIRS.flatMap((d) => sources(path.join(root, d)))
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line: line.trim(), at: `${path.relative(root, f)}:${i + 1}` }))
          .filter(({ line }) => !/^(\/\/|\/?\*)/.test(line) && SENTENCE.test(line))
          .map(({ line, at }) => `${at}: ${line}`),
      );
    expect(inline).toEqual([]);
  });
});
