import type { Endpoint } from '@under/core/api/contract';
import { LIBRARY_API } from '@under/core/api/library.contract';
import { MASTER_FORMS_API } from '@under/core/api/master-forms.contract';
import { PDF_TEMPLATES_API } from '@under/core/api/pdf-templates.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers';

// A contract the server does not register would let the web call a path that answers 404.
describe('registered contracts: pdf-templates, library, master-forms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('registers every endpoint of the contracts with its method and path', () => {
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    const groups: Record<string, Endpoint>[] = [PDF_TEMPLATES_API, LIBRARY_API, MASTER_FORMS_API];
    const declared = groups.flatMap((api) => Object.values(api).map((e) => `${e.method} ${e.path}`));
    expect(declared.length).toBeGreaterThan(40);
    expect(declared.filter((key) => !registered.has(key))).toEqual([]);
  });
});
