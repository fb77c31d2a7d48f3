import { MESSAGES } from '@under/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../test/helpers';

const SECTION_FORM = {
  version: 1,
  display: 'form',
  components: [{ type: 'textfield', key: 'owner_name', label: 'Owner name', input: true }],
};

describe.each(testDatabases())('dictionaries and sections on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.services.auth.ensureAdmin({ email: 'lib-admin@under.test', password: 'Admin12345' });
    token = (await signIn(t, 'admin', 'lib-admin@under.test', 'Admin12345')).accessToken;
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  describe('dictionaries', () => {
    it('create, list, detail, update and delete, with the required-field messages', async () => {
      const missing = await api('POST', '/api/dictionaries', { name: '', label: '' });
      expect(missing.statusCode).toBe(400);
      const messages = missing.json().errors.map((e: { message: string }) => e.message);
      expect(messages).toEqual(
        expect.arrayContaining([
          MESSAGES.dictionaryTypeRequired,
          MESSAGES.dictionaryKeyRequired,
          MESSAGES.dictionaryLabelRequired,
        ]),
      );
      const created = await api('POST', '/api/dictionaries', {
        type: 'text',
        name: 'dba_name',
        label: 'DBA name',
        maxLength: 100,
        encrypted: true,
        alternativeKeys: ['doing_business_as'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      expect(created.json()).toMatchObject({ name: 'dba_name', maxLength: 100, encrypted: true, require: false });
      const dup = await api('POST', '/api/dictionaries', { type: 'text', name: 'DBA_NAME', label: 'x' });
      expect(dup.statusCode).toBe(409);
      expect((await api('GET', '/api/dictionaries?q=dba')).json().items.map((d: { id: string }) => d.id)).toEqual([id]);
      expect((await api('GET', `/api/dictionary/${id}`)).json().label).toBe('DBA name');
      const updated = await api('PATCH', `/api/dictionaries/${id}`, {
        type: 'text',
        name: 'dba_name',
        label: 'Doing business as',
      });
      expect(updated.json().label).toBe('Doing business as');
      const temp = (await api('POST', '/api/dictionaries', { type: 'number', name: 'temp', label: 'Temp' })).json().id;
      expect((await api('DELETE', `/api/dictionaries/${temp}`)).json()).toEqual({ ok: true });
      expect((await api('GET', `/api/dictionary/${temp}`)).statusCode).toBe(404);
    });
  });

  describe('sections', () => {
    it('creates with a unique key and a checked form, lists by processor, updates', async () => {
      const created = await api('POST', '/api/new-section', {
        keySection: 'owner_info',
        label: 'Owner',
        components: SECTION_FORM,
        processors: ['cardconnect'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().sectionId;
      const dup = await api('POST', '/api/new-section', {
        keySection: 'owner_info',
        label: 'Again',
        components: SECTION_FORM,
        processors: ['cardconnect'],
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(MESSAGES.sectionKeyUsed);
      const badKey = await api('POST', '/api/new-section', {
        keySection: 'owner-info',
        label: 'x',
        components: SECTION_FORM,
        processors: ['cardconnect'],
      });
      expect(badKey.statusCode).toBe(400);
      const badForm = await api('POST', '/api/new-section', {
        keySection: 'bad_form',
        label: 'x',
        components: { version: 1, display: 'form', components: [{ type: 'nope', key: 'a' }] },
        processors: ['cardconnect'],
      });
      expect(badForm.statusCode).toBe(400);
      expect(badForm.json().errors[0].path).toMatch(/^components/);
      await api('POST', '/api/new-section', {
        keySection: 'bank_info',
        label: 'Bank',
        components: SECTION_FORM,
        processors: ['processor_b'],
      });
      const filtered = (await api('GET', '/api/sections?processors=cardconnect')).json();
      expect(filtered.map((s: { keySection: string }) => s.keySection)).toEqual(['owner_info']);
      expect((await api('GET', '/api/sections?processors=cardconnect&processors=processor_b')).json()).toHaveLength(2);
      const noProcessor = await api('POST', '/api/new-section', {
        keySection: 'no_processor',
        label: 'x',
        components: SECTION_FORM,
      });
      expect(noProcessor.statusCode).toBe(400);
      expect(noProcessor.json().errors.map((e: { message: string }) => e.message)).toContain(
        MESSAGES.processorsRequired,
      );
      const patched = await api('PATCH', `/api/sections/${id}`, {
        keySection: 'owner_info',
        label: 'Owners',
        components: SECTION_FORM,
        processors: ['cardconnect'],
      });
      expect(patched.json()).toMatchObject({ label: 'Owners', version: 2 });
      expect((await api('GET', `/api/sections/${id}`)).json().label).toBe('Owners');
    });
  });
});
