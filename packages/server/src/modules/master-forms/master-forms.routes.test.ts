import { createSystemFieldComponent, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { MESSAGES } from '@under/core/messages';
import { DEFAULT_HEADER_SUBTITLE } from '@under/core/templates/master-form.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterForms } from '../../db/schema/index';
import { registerCompany } from '../../test/accounts';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../test/helpers';
import { ALL_TYPES, makePdf } from '../../test/pdf-fixtures';

/** Every key of a component tree. */
function keysOf(components: readonly { key: string; components?: unknown }[]): string[] {
  return components.flatMap((c) => [
    c.key,
    ...(Array.isArray(c.components) ? keysOf(c.components as { key: string }[]) : []),
  ]);
}

const SECTION_FORM = {
  version: 1,
  display: 'form',
  components: [{ type: 'textfield', key: 'owner_name', label: 'Owner name', input: true }],
};

describe.each(testDatabases())('master forms on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.services.auth.ensureAdmin({ email: 'mf-admin@under.test', password: 'Admin12345' });
    token = (await signIn(t, 'admin', 'mf-admin@under.test', 'Admin12345')).accessToken;
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  /** Polls the push until it finishes (a condition, not a fixed sleep). */
  async function pushFinished(pushId: string) {
    const deadline = Date.now() + 25_000;
    for (;;) {
      const push = (await api('GET', `/api/push-updates/${pushId}`)).json();
      if (push.status === 'done' || push.status === 'failed' || Date.now() > deadline) return push;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function mappedTemplate(name: string) {
    const up = (await api('POST', '/api/pdf_templates/gen_presigned_url', {})).json();
    const u = new URL(up.uploadUrl);
    await t.app.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      payload: await makePdf({ pages: 2, rotate: { 2: 90 } }),
    });
    const tpl = (await api('POST', '/api/pdf_templates', { name, fileUrl: up.fileUrl })).json();
    const saved = await api('POST', `/api/pdf_templates/${tpl.templateId}/mapping_fields`, { data: ALL_TYPES });
    expect(saved.statusCode, saved.body).toBe(200);
    return tpl.templateId as string;
  }

  describe('master forms', () => {
    let formId: string;
    let templateId: string;

    it('creates a master form from a mapped template with the default layouts', async () => {
      templateId = await mappedTemplate('Master source');
      const res = await api('POST', '/api/master_forms', { templateId });
      expect(res.statusCode, res.body).toBe(201);
      const form = res.json();
      formId = form.formId;
      expect(form).toMatchObject({
        name: 'Master source',
        status: 'inactive',
        updateMode: 'system-auto-update',
        version: 0,
        mappingFieldsVersion: 1,
        hasUnpublishedChanges: true,
      });
      expect(form.structure.headerLayout).toMatchObject({
        title: 'Merchant Processing Application',
        subtitle: DEFAULT_HEADER_SUBTITLE,
        backgroundColor: '#4582ec',
      });
      expect(form.structure.progressLayout.activeStepColor).toBe('#2a6add');
      // a box bound to a system field is that field (never a second DBA name); one wizard page per PDF page
      expect(form.structure.bindingFields).toContainEqual({ name: 'CompanyName', type: 'textfield' });
      expect(form.structure.bindingFields).toContainEqual({ name: 'cards', type: 'selectboxes' });
      expect(form.structure.allField.display).toBe('wizard');
      expect(form.structure.allField.components.map((p: { title: string }) => p.title)).toEqual(['Page 1', 'Page 2']);
      expect(keysOf(form.structure.allField.components).filter((k) => k === 'CompanyName')).toHaveLength(1);
      expect(keysOf(form.structure.allField.components)).not.toContain('dba_name');
      expect((await api('GET', `/api/pdf_templates/${templateId}/master_form`)).json()).toEqual({ formId });
    });

    it('updates, changes mode, general settings, status and publishes versions', async () => {
      const form = (await api('GET', `/api/master_forms/${formId}`)).json();
      const bad = await api('POST', `/api/master_forms/${formId}`, {
        structure: { ...form.structure, allField: { version: 1, display: 'form', components: [] } },
      });
      expect(bad.statusCode).toBe(400);
      const ok = await api('POST', `/api/master_forms/${formId}`, {
        structure: { ...form.structure, headerLayout: { ...form.structure.headerLayout, title: 'Apply' } },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().structure.headerLayout.title).toBe('Apply');
      expect(
        (await api('PATCH', `/api/master_forms/${formId}/mode`, { updateMode: 'user-manual-update' })).json()
          .updateMode,
      ).toBe('user-manual-update');
      expect((await api('PATCH', `/api/master_forms/${formId}/mode`, { updateMode: 'sometimes' })).statusCode).toBe(
        400,
      );
      const processors = (await api('GET', '/api/processors')).json();
      const general = await api('PATCH', `/api/master_forms/${formId}/general`, {
        name: 'Universal',
        processorId: processors[0].id,
      });
      expect(general.json()).toMatchObject({ name: 'Universal', processorId: 'cardconnect' });
      // clients build on the published version: a form never published cannot be made active
      const early = await api('PATCH', `/api/master_forms/${formId}/status`, { status: 'active' });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        code: 'master-form/not-published',
        message: MESSAGES.masterFormNotPublished,
      });
      expect((await api('GET', `/api/master_forms/${formId}`)).json().status).toBe('inactive');
      const v1 = (await api('PATCH', `/api/master_forms/${formId}/versions`, {})).json();
      expect(v1).toMatchObject({ version: 1, hasUnpublishedChanges: false, mappingFieldsVersion: 1 });
      expect((await api('PATCH', `/api/master_forms/${formId}/status`, { status: 'active' })).json().status).toBe(
        'active',
      );
      expect((await api('PATCH', `/api/master_forms/${formId}/status`, { status: 'inactive' })).json().status).toBe(
        'inactive',
      );
      expect((await api('PATCH', `/api/master_forms/${formId}/status`, { status: 'active' })).json().status).toBe(
        'active',
      );
      // a new mapping, then a publish: a new version carrying the new mappingFieldsVersion
      await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data: ALL_TYPES });
      const v2 = (await api('PATCH', `/api/master_forms/${formId}/versions`, {})).json();
      expect(v2).toMatchObject({ version: 2, mappingFieldsVersion: 2 });
      const versions = (await api('GET', `/api/master_forms/${formId}/versions`)).json();
      expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      const listed = (await api('GET', '/api/master_forms_with_total_form')).json()[0];
      expect(listed).toMatchObject({ formId, totalForm: 0 });
      // the list carries no structures (a form's fields can be large); the designer reads one form
      expect(listed).not.toHaveProperty('structure');
    });

    it('template access: global by plan, limited lists, grants and exclusions regardless of subscription', async () => {
      const basic = await registerCompany(t, { membershipId: 'MEMBERSHIP_001', companyName: 'Basic Bank' });
      const simple = await registerCompany(t, { membershipId: 'MEMBERSHIP_002', companyName: 'Simple Bank' });
      const visible = async (companyId: string) =>
        (await api('GET', `/api/brief_master_forms?companyId=${companyId}`))
          .json()
          .map((f: { formId: string }) => f.formId);
      const access = (body: object) => api('PATCH', `/api/master_forms/${formId}/accessibility`, body);
      await access({ access: 'global', membershipIds: ['MEMBERSHIP_002'] });
      expect(await visible(simple.companyId)).toContain(formId);
      expect(await visible(basic.companyId)).not.toContain(formId);
      await access({
        access: 'global',
        membershipIds: ['MEMBERSHIP_002'],
        companyIds: [basic.companyId],
        excludedCompanyIds: [simple.companyId],
      });
      expect(await visible(basic.companyId)).toContain(formId);
      expect(await visible(simple.companyId)).not.toContain(formId);
      await access({ access: 'limited', membershipIds: [], companyIds: [simple.companyId] });
      expect(await visible(simple.companyId)).toContain(formId);
      expect(await visible(basic.companyId)).not.toContain(formId);
      expect((await api('GET', '/api/brief_master_forms?q=Univ')).json().map((f: { name: string }) => f.name)).toEqual([
        'Universal',
      ]);
    });

    it('template permission: global or limited, and users granted per company', async () => {
      const bank = await registerCompany(t, { companyName: 'Permission Bank' });
      const other = await registerCompany(t, { companyName: 'Other Bank' });
      const limited = await api('PATCH', `/api/master_forms/${formId}/permission`, { global: false });
      expect(limited.json().access).toBe('limited');
      const granted = await api('POST', `/api/master_forms/${formId}/permission`, {
        companyId: bank.companyId,
        userIds: [bank.userId],
      });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json()).toEqual({
        formId,
        global: false,
        grants: [{ companyId: bank.companyId, userIds: [bank.userId] }],
      });
      // a user of another company cannot be granted under this one
      const wrong = await api('POST', `/api/master_forms/${formId}/permission`, {
        companyId: bank.companyId,
        userIds: [other.userId],
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors[0].path).toBe('userIds.0');
      expect((await api('PATCH', `/api/master_forms/${formId}/permission`, { global: true })).json().access).toBe(
        'global',
      );
      expect((await api('GET', `/api/master_forms/${formId}/permission`)).json().global).toBe(true);
    });

    it('pushes a section and a dictionary entry to the forms using them, as durable jobs with progress', async () => {
      const section = (
        await api('POST', '/api/new-section', {
          keySection: 'pushed_section',
          label: 'Pushed',
          components: SECTION_FORM,
          processors: ['cardconnect'],
        })
      ).json();
      const dictionary = (
        await api('POST', '/api/dictionaries', { type: 'text', name: 'employees', label: 'Employees' })
      ).json();
      const auto = (await api('POST', '/api/master_forms', { templateId, name: 'Auto form' })).json();
      const structure = {
        ...auto.structure,
        allField: {
          ...auto.structure.allField,
          components: [
            ...auto.structure.allField.components,
            { type: 'panel', key: 'pushed_section', title: 'Pushed', input: false, components: [] },
          ],
        },
        childSectionIds: [section.sectionId],
        dictionaryIds: [dictionary.id],
      };
      const saved = await api('POST', `/api/master_forms/${auto.formId}`, { structure });
      expect(saved.statusCode, saved.body).toBe(200);
      // the manual-mode form uses the section too, and is left alone
      await api('POST', `/api/master_forms/${formId}`, { structure: { ...structure } });

      await api('PATCH', `/api/dictionaries/${dictionary.id}`, {
        type: 'text',
        name: 'employees',
        label: 'Number of employees',
      });
      const push = await api('POST', '/api/push-update-by-dictionaries', { id: dictionary.id });
      expect(push.statusCode, push.body).toBe(202);
      expect(push.json()).toMatchObject({ kind: 'dictionary', status: 'queued' });
      const doneDict = await pushFinished(push.json().pushId);
      expect(doneDict).toMatchObject({ status: 'done', total: 2, done: 2 });

      const sectionPush = await api('POST', '/api/push-update-by-sections', { id: section.sectionId });
      expect(await pushFinished(sectionPush.json().pushId)).toMatchObject({ status: 'done', total: 2 });

      const after = (await api('GET', `/api/master_forms/${auto.formId}`)).json();
      const components = after.structure.allField.components as {
        key: string;
        label?: string;
        components?: { key: string; label?: string }[];
      }[];
      const fields = components.flatMap((c) => c.components ?? []);
      expect(fields.find((c) => c.key === 'employees')?.label).toBe('Number of employees');
      expect(components.find((c) => c.key === 'pushed_section')?.components?.map((c) => c.key)).toEqual(['owner_name']);
      const manual = (await api('GET', `/api/master_forms/${formId}`)).json();
      const manualPanel = manual.structure.allField.components.find((c: { key: string }) => c.key === 'pushed_section');
      expect(manualPanel.components).toEqual([]);

      // an entry still used by master forms is not deleted; the answer says where it is used
      const refused = await api('DELETE', `/api/dictionaries/${dictionary.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MESSAGES.dictionaryInUse(2, 0));
      expect((await api('GET', `/api/dictionary/${dictionary.id}`)).statusCode).toBe(200);
    });

    it('a field bound to a dictionary entry takes its key, label, validation and encryption', async () => {
      const entry = (
        await api('POST', '/api/dictionaries', {
          type: 'text',
          name: 'federal_ein',
          label: 'Federal Tax ID (EIN)',
          encrypted: true,
          require: true,
          minLength: 9,
          maxLength: 9,
          data: { pattern: '\\d{9}' },
        })
      ).json();
      const mapped = (await api('GET', `/api/pdf_templates/${templateId}/mapping_fields`)).json().data;
      const data = mapped.map((f: { key: string }) =>
        f.key === 'employees'
          ? { ...f, type: 'text', bindingField: { key: 'federal_ein', type: 'textfield', dictionaryId: entry.id } }
          : f,
      );
      const saved = await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data });
      expect(saved.statusCode, saved.body).toBe(200);
      const form = (await api('POST', '/api/master_forms', { templateId, name: 'Bound form' })).json();
      const fields = form.structure.allField.components.flatMap((p: { components: object[] }) => p.components);
      expect(fields.find((c: { key: string }) => c.key === 'federal_ein')).toMatchObject({
        type: 'textfield',
        label: 'Federal Tax ID (EIN)',
        euEncrypted: true,
        validate: { required: true, minLength: 9, maxLength: 9, pattern: '\\d{9}' },
      });
      expect(keysOf(form.structure.allField.components)).not.toContain('employees');
      // the form is listed as using the entry, so pushes of the entry reach it
      expect(form.structure.dictionaryIds).toEqual([entry.id]);
      await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data: mapped });
    });

    it('a form from a mapping bound to several entries takes them all; an entry that no longer exists is left out', async () => {
      const make = async (name: string) =>
        (await api('POST', '/api/dictionaries', { type: 'text', name, label: name })).json() as { id: string };
      const first = await make('several_first');
      const second = await make('several_second');
      const gone = '99999999-9999-4999-8999-999999999999';
      const mapped = (await api('GET', `/api/pdf_templates/${templateId}/mapping_fields`)).json().data;
      expect(mapped.length).toBeGreaterThanOrEqual(3);
      const bound = [first.id, second.id, gone];
      const names = ['several_first', 'several_second', 'several_gone'];
      const data = mapped.map((f: object, i: number) =>
        i < 3 ? { ...f, type: 'text', bindingField: { key: names[i], type: 'textfield', dictionaryId: bound[i] } } : f,
      );
      const saved = await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data });
      expect(saved.statusCode, saved.body).toBe(200);
      const created = await api('POST', '/api/master_forms', { templateId, name: 'Several entries' });
      expect(created.statusCode, created.body).toBe(201);
      expect([...created.json().structure.dictionaryIds].sort()).toEqual([first.id, second.id].sort());
      await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data: mapped });
    });

    it('refuses to delete a dictionary entry a PDF mapping binds to', async () => {
      const entry = (
        await api('POST', '/api/dictionaries', { type: 'text', name: 'bound_entry', label: 'Bound' })
      ).json();
      const mapped = (await api('GET', `/api/pdf_templates/${templateId}/mapping_fields`)).json().data;
      const data = mapped.map((f: { key: string }, i: number) =>
        i === 0 ? { ...f, bindingField: { key: 'bound_entry', type: 'textfield', dictionaryId: entry.id } } : f,
      );
      const saved = await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data });
      expect(saved.statusCode, saved.body).toBe(200);
      const refused = await api('DELETE', `/api/dictionaries/${entry.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MESSAGES.dictionaryInUse(0, 1));
      // unbound again, it can go
      await api('POST', `/api/pdf_templates/${templateId}/mapping_fields`, { data: mapped });
      expect((await api('DELETE', `/api/dictionaries/${entry.id}`)).statusCode).toBe(200);
    });

    it('a section pushed onto a field that is not a panel leaves the field as it is', async () => {
      const section = (
        await api('POST', '/api/new-section', {
          keySection: 'flat_key',
          label: 'Flat',
          components: SECTION_FORM,
          processors: ['cardconnect'],
        })
      ).json();
      const form = (await api('POST', '/api/master_forms', { templateId, name: 'Flat form' })).json();
      const field = { type: 'textfield', key: 'flat_key', label: 'Flat', input: true };
      const [first, ...rest] = form.structure.allField.components;
      const saved = await api('POST', `/api/master_forms/${form.formId}`, {
        structure: {
          ...form.structure,
          allField: {
            ...form.structure.allField,
            components: [{ ...first, components: [...first.components, field] }, ...rest],
          },
          childSectionIds: [section.sectionId],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const push = (await api('POST', '/api/push-update-by-sections', { id: section.sectionId })).json();
      expect(await pushFinished(push.pushId)).toMatchObject({ status: 'done', total: 1, done: 1 });
      const after = (await api('GET', `/api/master_forms/${form.formId}`)).json();
      const flat = after.structure.allField.components[0].components.find((c: { key: string }) => c.key === 'flat_key');
      expect(flat).toEqual(field);
    });

    it('checks the root form too when a structure is saved', async () => {
      const form = (await api('GET', `/api/master_forms/${formId}`)).json();
      const bad = await api('POST', `/api/master_forms/${formId}`, {
        structure: { ...form.structure, rootAllField: { version: 1, display: 'form', components: [{ type: 'nope' }] } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('form/invalid');
      expect(bad.json().errors[0].path).toMatch(/^structure\.rootAllField\.components\[0\]/);
    });

    it('reads a form stored by an earlier build with its definitions migrated forward', async () => {
      const legacy = {
        components: [
          ...SYSTEM_FIELDS.map(createSystemFieldComponent),
          { type: 'textfield', key: 'owners', label: 'Owners', conditional: { show: 'true', when: 'Email', eq: 2 } },
        ],
      };
      const [row] = await t.database.db
        .insert(masterForms)
        .values({ name: 'Legacy', structure: { allField: legacy, rootAllField: legacy } })
        .returning();
      const res = await api('GET', `/api/master_forms/${row?.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const { allField, rootAllField } = res.json().structure;
      expect(allField).toMatchObject({ version: 1, display: 'form' });
      expect(allField.components.at(-1).conditional).toEqual({ show: true, when: 'Email', eq: '2' });
      expect(rootAllField.version).toBe(1);
      // what it reads, it can save back unchanged
      const saved = await api('POST', `/api/master_forms/${row?.id}`, { structure: res.json().structure });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it('answers 404 for an unknown master form', async () => {
      const res = await api('GET', '/api/master_forms/00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.masterFormNotFound);
    });
  });
});
