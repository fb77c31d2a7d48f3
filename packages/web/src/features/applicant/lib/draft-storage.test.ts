import type { FormDefinition } from '@under/core/forms/form.schema';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { classifySaveError, draftKey, draftStorage, withoutKeys } from './draft-storage';

const form = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'p1',
      components: [
        { type: 'textfield', key: 'name', input: true },
        { type: 'textfield', key: 'ssn', input: true, euEncrypted: true },
        {
          type: 'datagrid',
          key: 'owners',
          input: true,
          components: [{ type: 'textfield', key: 'ownerSsn', input: true, euEncrypted: true }],
        },
      ],
    },
  ],
} as unknown as FormDefinition;

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
  } as Storage;
}

describe('the local copy of a draft', () => {
  it('never stores an encrypted field, at any depth', () => {
    const storage = memory();
    const store = draftStorage(form, { customFormId: 'cf', email: 'A@b.co', link: null }, storage);
    store.write({
      data: { name: 'Ann', ssn: '123456789', owners: [{ ownerSsn: '987654321' }] },
      baseRevision: null,
      changedAt: 'now',
    });
    const raw = storage.getItem(draftKey('cf', 'a@b.co', null)) ?? '';
    expect(raw).toContain('Ann');
    expect(raw).not.toContain('123456789');
    expect(raw).not.toContain('987654321');
    expect(store.read()?.data).toEqual({ name: 'Ann', owners: [{}] });
  });

  it('moves to the application key once the draft exists', () => {
    const storage = memory();
    const store = draftStorage(form, { customFormId: 'cf', email: 'a@b.co', link: null }, storage);
    store.write({ data: { name: 'Ann' }, baseRevision: null, changedAt: 'now' });
    store.moveTo({ applicationId: 'app1', code: 'c' });
    expect(storage.getItem(draftKey('cf', 'a@b.co', null))).toBeNull();
    expect(storage.getItem('under:applicant:draft:app1')).toContain('Ann');
    expect(JSON.stringify(storage)).not.toContain('"c"');
  });

  it('withoutKeys leaves other values as they are', () => {
    expect(withoutKeys({ a: 1, b: [1, { c: 2 }] }, new Set(['c']))).toEqual({ a: 1, b: [1, {}] });
    expect(withoutKeys('x', new Set(['c']))).toBe('x');
  });

  it('classifies failed saves', () => {
    expect(classifySaveError(new HttpError(409, 'application/revision-conflict', 'x'))).toBe('conflict');
    expect(classifySaveError(new HttpError(0, 'client/network', 'x'))).toBe('network');
    expect(classifySaveError(new HttpError(503, 'http/503', 'x'))).toBe('server');
    expect(classifySaveError(new HttpError(429, 'throttled', 'x'))).toBe('server');
    expect(classifySaveError(new HttpError(410, 'application/link-expired', 'x'))).toBe('fatal');
    // a refusal of what was sent is retried, and sent again on the next change (issue 21)
    expect(classifySaveError(new HttpError(400, 'validation', 'x'))).toBe('refused');
    expect(classifySaveError(new HttpError(422, 'application/invalid', 'x'))).toBe('refused');
    expect(classifySaveError(new HttpError(403, 'application/field-not-editable', 'x'))).toBe('refused');
    expect(classifySaveError(new HttpError(404, 'application/not-found', 'x'))).toBe('fatal');
    expect(classifySaveError(new Error('x'))).toBe('fatal');
  });
});
