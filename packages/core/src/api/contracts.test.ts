import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './contract';
import { LIBRARY_API } from './library.contract';
import { MASTER_FORMS_API } from './master-forms.contract';
import { PDF_TEMPLATES_API } from './pdf-templates.contract';

describe('API contracts: pdf-templates, library, master-forms', () => {
  const groups: Record<string, Record<string, Endpoint>> = {
    PDF_TEMPLATES_API,
    LIBRARY_API,
    MASTER_FORMS_API,
  };
  const all = Object.entries(groups).flatMap(([group, api]) =>
    Object.entries(api).map(([name, e]) => ({ name: `${group}.${name}`, e })),
  );

  it('declares every endpoint under /api/', () => {
    expect(all.length).toBeGreaterThan(40);
    for (const { name, e } of all) expect(e.path, name).toMatch(/^\/api\//);
  });

  it('has a params key for every :param of the path, and no params the path does not name', () => {
    for (const { name, e } of all) {
      const inPath = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const declared = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect(declared, name).toEqual(inPath);
    }
  });

  it('gives no two endpoints the same method and path', () => {
    const seen = new Map<string, string>();
    for (const { name, e } of all) {
      const key = `${e.method} ${e.path}`;
      expect(seen.get(key), `${name} repeats ${key}`).toBeUndefined();
      seen.set(key, name);
    }
  });
});
