import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers';

/**
 * The API's paths and shapes are a contract with the web app, the applicant pages and institutions' own code.
 * A redesign of the server (issue #22) must not change them: this compares the generated OpenAPI document with the
 * one committed before it. A deliberate API change regenerates the file with `UPDATE_OPENAPI=1` and shows in review.
 */
const SNAPSHOT = path.join(__dirname, 'test', 'fixtures', 'openapi.json');

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 60_000);
  afterAll(() => t.close());

  it('is unchanged: every path, method, parameter and schema as committed', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(doc, null, 2)}\n`);
    const committed = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(committed.paths).sort());
    expect(doc).toEqual(committed);
  });
});
