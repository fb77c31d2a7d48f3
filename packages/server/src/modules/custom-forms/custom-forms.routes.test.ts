import { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, masterForms } from '../../db/schema/index';
import { bearer, type Caller, joinTeam, registerCompany, setMembership } from '../../test/accounts';
import { createTestApp, PARALLEL_POOL_SIZE, type TestApp, testDatabases } from '../../test/helpers';
import { makePdf } from '../../test/pdf-fixtures';
import {
  adminApi,
  adminToken,
  MASTER_EXTRA,
  masterStructure,
  publishedMaster,
  republish,
} from './custom-forms.fixtures';

const EXTRA_PAGE = {
  type: 'panel',
  key: 'our_page',
  title: 'Our questions',
  components: [{ type: 'textfield', key: 'favourite_color', label: 'Favourite colour', input: true }],
};

describe.each(testDatabases())('custom forms on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let a: Caller;
  let masterId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
    admin = await adminToken(t);
    masterId = await publishedMaster(t, admin, { name: 'First Bank' });
    a = await registerCompany(t, { companyName: 'Company A', membershipId: 'MEMBERSHIP_006' });
  });
  afterAll(() => t.close());

  const as = (caller: { token: string }) => (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(caller.token), payload: payload as object });

  async function createForm(caller: Caller, name = 'Merchant form', master = masterId) {
    const res = await as(caller)('POST', '/api/custom_forms', { masterFormId: master, name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().customFormId as string;
  }

  const doc = (over: Record<string, unknown> = {}) => ({ customFormDocument: { additions: [EXTRA_PAGE], ...over } });

  describe('master forms a client may use', () => {
    it('lists published, active master forms of the plan, granted limited ones, never excluded or unpublished', async () => {
      const b = await registerCompany(t, { companyName: 'Company B', membershipId: 'MEMBERSHIP_002' });
      const limited = await publishedMaster(t, admin, {
        name: 'Granted Bank',
        access: { access: 'limited', companyIds: [b.companyId] },
      });
      const otherPlan = await publishedMaster(t, admin, {
        name: 'Premium Bank',
        access: { access: 'global', membershipIds: ['MEMBERSHIP_006'] },
      });
      const excluded = await publishedMaster(t, admin, {
        name: 'Excluding Bank',
        access: { access: 'global', excludedCompanyIds: [b.companyId] },
      });
      // active but never published
      const [draft] = await t.database.db
        .insert(masterForms)
        .values({ name: 'Draft Bank', status: 'active', structure: masterStructure() as never })
        .returning();
      const ids = (await as(b)('GET', '/api/client_master_forms')).json().map((f: { formId: string }) => f.formId);
      expect(ids).toContain(masterId);
      expect(ids).toContain(limited);
      expect(ids).not.toContain(otherPlan);
      expect(ids).not.toContain(excluded);
      expect(ids).not.toContain(draft?.id);
      const brief = (await as(b)('GET', '/api/brief_master_forms?q=bank')).json();
      expect(brief.map((f: { formId: string }) => f.formId).sort()).toEqual([masterId, limited].sort());
      const aIds = (await as(a)('GET', '/api/client_master_forms')).json().map((f: { formId: string }) => f.formId);
      expect(aIds).toContain(otherPlan);
      expect(aIds).not.toContain(limited);
      // a master form the company may not use cannot be built on
      const refused = await as(a)('POST', '/api/custom_forms', { masterFormId: limited, name: 'Nope' });
      expect(refused.statusCode).toBe(404);
      const preview = await as(b)('GET', `/api/client_master_forms/${masterId}`);
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({ name: 'First Bank', version: 1, pageCount: 0 });
      expect(preview.json().form.components.map((c: { key: string }) => c.key)).toContain('bank_name');
    });
  });

  describe('the wizard saves', () => {
    let formId: string;
    beforeAll(async () => {
      formId = await createForm(a);
    });

    it('creates an inactive form on version 1 of the master', async () => {
      const res = await as(a)('POST', '/api/custom_forms', { masterFormId: masterId, name: 'Second' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ version: 1, status: 'inactive' });
      expect(Object.keys(res.json()).sort()).toEqual(['customFormId', 'status', 'version']);
    });

    it('keeps every master field whatever the body says, and adds the client page', async () => {
      const saved = await as(a)('POST', `/api/custom_forms/${formId}`, { ...doc(), step: 2 });
      expect(saved.statusCode, saved.body).toBe(200);
      const keys = (saved.json().form.components as { key: string }[]).map((c) => c.key);
      for (const k of ['Firstname', 'Email', 'bank_name', 'owner_email', 'tax_id', 'our_page']) {
        expect(keys).toContain(k);
      }
      expect(saved.json().wizardStep).toBe(2);
      // a body cannot carry master fields: unknown keys are refused, and additions keyed like a master field collide
      const renamed = await as(a)('POST', `/api/custom_forms/${formId}`, {
        customFormDocument: {
          additions: [{ type: 'textfield', key: 'tax_id', label: 'Renamed tax', input: true }],
        },
      });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json()).toMatchObject({ code: ERROR_CODES.customFormKeyExists, message: MESSAGES.keyExists });
      expect(renamed.json().errors[0].path).toBe('customFormDocument.additions[0].key');
      const nested = await as(a)('POST', `/api/custom_forms/${formId}`, {
        customFormDocument: {
          additions: [{ ...EXTRA_PAGE, components: [{ type: 'textfield', key: 'Email', label: 'x', input: true }] }],
        },
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().errors[0]).toEqual({
        path: 'customFormDocument.additions[0].components[0].key',
        message: MESSAGES.keyExists,
      });
      const smuggled = await as(a)('POST', `/api/custom_forms/${formId}`, {
        customFormDocument: { additions: [] },
        form: { components: [] },
      });
      expect(smuggled.statusCode).toBe(400);
      const after = (await as(a)('GET', `/api/custom_forms/${formId}`)).json();
      expect(after.form.components.map((c: { key: string }) => c.key)).toContain('tax_id');
      expect(after.structure.universalFormMaster.components.map((c: { key: string }) => c.key)).toContain('tax_id');
    });

    it("checks defaults by the field's own validation, only on editableByUc fields", async () => {
      const ok = await as(a)('POST', `/api/custom_forms/${formId}`, doc({ defaultValues: { bank_name: 'Acme' } }));
      expect(ok.statusCode, ok.body).toBe(200);
      const field = ok.json().form.components.find((c: { key: string }) => c.key === 'bank_name');
      expect(field.defaultValue).toBe('Acme');
      const tooLong = await as(a)(
        'POST',
        `/api/custom_forms/${formId}`,
        doc({ defaultValues: { bank_name: 'x'.repeat(11) } }),
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ code: ERROR_CODES.customFormInvalidValue, message: 'Invalid Value' });
      expect(tooLong.json().errors[0].path).toBe('customFormDocument.defaultValues.bank_name');
      const locked = await as(a)('POST', `/api/custom_forms/${formId}`, doc({ defaultValues: { tax_id: '1' } }));
      expect(locked.statusCode).toBe(400);
      const copy = (await as(a)('GET', `/api/custom_forms/${formId}?copyDefaultValue=true`)).json();
      expect(copy.structure.customFormDocument.defaultValues).toEqual({ bank_name: 'Acme' });
    });

    it("marks the owner's e-mail field, orders the client's pages and keeps the colours", async () => {
      const second = { type: 'panel', key: 'second_page', title: 'Second', components: [] };
      const res = await as(a)(
        'POST',
        `/api/custom_forms/${formId}`,
        doc({
          additions: [EXTRA_PAGE, second],
          ownersEmailField: 'owner_email',
          pageOrder: ['second_page', 'our_page'],
          headerColor: '#112233',
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const comps = res.json().form.components as { key: string; isOwnersEmailField?: boolean }[];
      expect(comps.find((c) => c.key === 'owner_email')?.isOwnersEmailField).toBe(true);
      expect(comps.slice(-2).map((c) => c.key)).toEqual(['second_page', 'our_page']);
      expect(res.json().layout.headerLayout.backgroundColor).toBe('#112233');
      const notEmail = await as(a)('POST', `/api/custom_forms/${formId}`, doc({ ownersEmailField: 'tax_id' }));
      expect(notEmail.statusCode).toBe(400);
    });

    it('sanitises the terms and conditions and strips empty ones', async () => {
      const res = await as(a)(
        'POST',
        `/api/custom_forms/${formId}`,
        doc({
          termsAndConditions:
            '<p onclick="x()">Read <strong>this</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://bank.example/t">terms</a></p><img src=x onerror=alert(1)>',
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().structure.customFormDocument.termsAndConditions).toBe(
        '<p>Read <strong>this</strong><a>x</a><a href="https://bank.example/t" rel="noopener noreferrer" target="_blank">terms</a></p>',
      );
      const empty = await as(a)('POST', `/api/custom_forms/${formId}`, doc({ termsAndConditions: '<p><br></p> ' }));
      expect(empty.json().structure.customFormDocument.termsAndConditions).toBe('');
    });

    it('attaches PDF documents through the upload flow, checked by content', async () => {
      const issue = async () =>
        (await as(a)('POST', `/api/custom_forms/${formId}/documents/presigned_url`, {})).json() as {
          uploadUrl: string;
          fileUrl: string;
        };
      const put = (url: string, payload: Buffer) => {
        const u = new URL(url);
        return t.app.inject({ method: 'PUT', url: `${u.pathname}${u.search}`, payload });
      };
      const notPdf = await issue();
      expect((await put(notPdf.uploadUrl, Buffer.from('<html>not a pdf</html>'))).statusCode).toBe(415);
      const pdf = await issue();
      expect((await put(pdf.uploadUrl, await makePdf({ pages: 1 }))).statusCode).toBe(200);
      const body = doc({
        documents: [{ documentId: crypto.randomUUID(), name: 'Fee schedule', fileUrl: pdf.fileUrl }],
      });
      const saved = await as(a)('POST', `/api/custom_forms/${formId}`, body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().documents).toHaveLength(1);
      const link = new URL(saved.json().documents[0].url);
      const download = await t.app.inject({ url: `${link.pathname}${link.search}` });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // saved again: the document is kept, not attached twice
      const again = await as(a)('POST', `/api/custom_forms/${formId}`, {
        customFormDocument: { ...saved.json().structure.customFormDocument },
      });
      expect(again.statusCode, again.body).toBe(200);
      // a file that was never uploaded by this company is refused by path
      const foreign = await as(a)(
        'POST',
        `/api/custom_forms/${formId}`,
        doc({ documents: [{ documentId: crypto.randomUUID(), name: 'x', fileUrl: 'companies/other/doc.pdf' }] }),
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors[0].path).toBe('customFormDocument.documents.0.fileUrl');
    });
  });

  describe('versions, status and the public form', () => {
    it('replaces the draft before publication, then every save is a new version', async () => {
      const id = await createForm(a, 'Versioned');
      await as(a)('POST', `/api/custom_forms/${id}`, doc());
      expect((await as(a)('GET', `/api/custom_forms/${id}`)).json().version).toBe(1);
      expect((await as(a)('PATCH', `/api/custom_forms/${id}/status`, { status: 'active' })).statusCode).toBe(200);
      const second = await as(a)('POST', `/api/custom_forms/${id}`, doc({ additions: [] }));
      expect(second.json().version).toBe(2);
      const old = (await as(a)('GET', `/api/custom_forms/${id}?version=1`)).json();
      expect(old.readVersion).toBe(1);
      expect(old.form.components.map((c: { key: string }) => c.key)).toContain('our_page');
      expect(second.json().form.components.map((c: { key: string }) => c.key)).not.toContain('our_page');
      const versions = (await as(a)('GET', `/api/custom_forms/${id}/versions`)).json();
      expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect((await as(a)('GET', `/api/custom_forms/${id}?version=9`)).statusCode).toBe(404);
    });

    it('an inactive form refuses new applications; the public form shows only what an applicant needs', async () => {
      const id = await createForm(a, 'Public one');
      await as(a)('POST', `/api/custom_forms/${id}`, doc({ termsAndConditions: '<p>Accept</p>' }));
      expect((await as(a)('GET', `/api/custom_forms/${id}/submittable`)).json()).toEqual({
        submittable: false,
        message: MESSAGES.inactiveForm,
      });
      const key = { 'x-api-key': t.config.secrets.publicApiKey };
      const inactive = await t.app.inject({ url: `/api/public/custom_forms/${id}`, headers: key });
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json()).toMatchObject({ code: ERROR_CODES.customFormInactive, message: MESSAGES.inactiveForm });
      await as(a)('PATCH', `/api/custom_forms/${id}/status`, { status: 'active' });
      expect((await as(a)('GET', `/api/custom_forms/${id}/submittable`)).json().submittable).toBe(true);
      const pub = await t.app.inject({ url: `/api/public/custom_forms/${id}?version=1`, headers: key });
      expect(pub.statusCode).toBe(200);
      expect(Object.keys(pub.json()).sort()).toEqual(
        [
          'companyName',
          'customFormId',
          'documents',
          'form',
          'layout',
          'logoUrl',
          'name',
          'termsAndConditions',
          'version',
        ].sort(),
      );
      expect(pub.json()).toMatchObject({ companyName: 'Company A', termsAndConditions: '<p>Accept</p>' });
      expect(pub.body).not.toContain(a.companyId);
      expect((await t.app.inject({ url: `/api/public/custom_forms/${id}` })).statusCode).toBe(401);
      // a deactivated company takes no applications
      await t.database.db.update(companies).set({ status: 'inactive' }).where(eq(companies.id, a.companyId));
      expect((await t.app.inject({ url: `/api/public/custom_forms/${id}`, headers: key })).statusCode).toBe(409);
      await t.database.db.update(companies).set({ status: 'active' }).where(eq(companies.id, a.companyId));
      await as(a)('PATCH', `/api/custom_forms/${id}/status`, { status: 'inactive' });
      expect((await t.app.inject({ url: `/api/public/custom_forms/${id}`, headers: key })).statusCode).toBe(409);
    });

    it("clones as name + ' Copy', renames, and lists with search, status filter, sort and paging", async () => {
      const id = await createForm(a, 'Clone source');
      await as(a)('POST', `/api/custom_forms/${id}`, doc());
      const clone = await as(a)('POST', `/api/custom_forms/${id}/clone`, {});
      expect(clone.statusCode, clone.body).toBe(201);
      const copy = (await as(a)('GET', `/api/custom_forms/${clone.json().customFormId}`)).json();
      expect(copy).toMatchObject({ name: 'Clone source Copy', status: 'inactive', version: 1 });
      expect(copy.form.components.map((c: { key: string }) => c.key)).toContain('our_page');
      const renamed = await as(a)('PATCH', `/api/custom_forms/${id}/name`, { name: 'Renamed source' });
      expect(renamed.json().name).toBe('Renamed source');
      const found = (await as(a)('GET', '/api/custom_forms?q=source&sort=name&order=asc')).json();
      expect(found.items.map((f: { name: string }) => f.name)).toEqual(['Clone source Copy', 'Renamed source']);
      expect(found.items[0]).toMatchObject({ institution: 'First Bank', masterVersion: 1 });
      expect((await as(a)('GET', '/api/custom_forms?q=ab')).statusCode).toBe(400);
      expect((await as(a)('GET', '/api/custom_forms?pageSize=15')).statusCode).toBe(400);
      const page = (await as(a)('GET', '/api/custom_forms?pageSize=10&page=1&status=inactive')).json();
      expect(page.items.every((f: { status: string }) => f.status === 'inactive')).toBe(true);
      const integrations = await as(a)('PATCH', `/api/custom_forms/${id}/integrations`, {
        integrations: { salesforce: false },
      });
      expect(integrations.statusCode).toBe(200);
      expect((await as(a)('GET', `/api/custom_forms/${id}`)).json().integrations).toEqual({ salesforce: false });
    });
  });

  describe('form quota', () => {
    it('refuses creating past the quota, also when requests race', async () => {
      const c = await registerCompany(t, { companyName: 'Quota Co', membershipId: 'MEMBERSHIP_002' });
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          as(c)('POST', '/api/custom_forms', { masterFormId: masterId, name: `Form ${i}` }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      const refused = results.filter((r) => r.statusCode !== 201);
      for (const r of refused) {
        expect(r.statusCode).toBe(409);
        expect(r.json()).toMatchObject({ code: ERROR_CODES.formQuota, message: MESSAGES.formQuotaCreate });
      }
    });

    it('parallel activations never overshoot, and the subscription counts active forms', async () => {
      const c = await registerCompany(t, { companyName: 'Activation Co', membershipId: 'MEMBERSHIP_002' });
      const ids = [await createForm(c, 'One'), await createForm(c, 'Two'), await createForm(c, 'Three')];
      // the plan shrinks to one form (Basic)
      await setMembership(t, c.companyId, 'MEMBERSHIP_001');
      const results = await Promise.all(
        ids.map((id) => as(c)('PATCH', `/api/custom_forms/${id}/status`, { status: 'active' })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) {
        expect(r.json()).toMatchObject({ code: ERROR_CODES.formQuota, message: MESSAGES.formQuotaActivate });
      }
      const list = (await as(c)('GET', '/api/custom_forms?status=active')).json();
      expect(list.total).toBe(1);
      const summary = (await as(c)('GET', '/api/subscription')).json();
      expect(summary).toMatchObject({ activatedForm: 1, formQuota: 1 });
      // unlimited (-1)
      await setMembership(t, c.companyId, 'MEMBERSHIP_006');
      for (const id of ids) {
        expect((await as(c)('PATCH', `/api/custom_forms/${id}/status`, { status: 'active' })).statusCode).toBe(200);
      }
      expect((await as(c)('GET', '/api/subscription')).json().activatedForm).toBe(3);
    });
  });

  describe('deleting a form (decision 053)', () => {
    const del = (caller: { token: string }, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/custom_forms/${id}`, headers: bearer(caller.token) });

    it('deletes a form nobody applied on, with its versions and document files, and frees its place in the quota', async () => {
      const c = await registerCompany(t, { companyName: 'Delete Co', membershipId: 'MEMBERSHIP_001' });
      const id = await createForm(c, 'Wrong master');
      // Basic: one form; a second one is refused until the first goes
      const second = await as(c)('POST', '/api/custom_forms', { masterFormId: masterId, name: 'Right one' });
      expect(second.json()).toMatchObject({ code: ERROR_CODES.formQuota });
      const issued = (await as(c)('POST', `/api/custom_forms/${id}/documents/presigned_url`, {})).json();
      const u = new URL(issued.uploadUrl);
      await t.app.inject({ method: 'PUT', url: `${u.pathname}${u.search}`, payload: await makePdf({ pages: 1 }) });
      const saved = await as(c)('POST', `/api/custom_forms/${id}`, {
        customFormDocument: {
          additions: [EXTRA_PAGE],
          documents: [{ documentId: crypto.randomUUID(), name: 'Fee schedule', fileUrl: issued.fileUrl }],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const link = new URL(saved.json().documents[0].url);
      expect((await t.app.inject({ url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
      // another company cannot
      expect((await del(a, id)).statusCode).toBe(404);

      expect((await del(c, id)).statusCode).toBe(204);
      expect((await as(c)('GET', `/api/custom_forms/${id}`)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `${link.pathname}${link.search}` })).statusCode).toBe(404);
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'custom-form.delete'), eq(auditEvents.targetId, id)));
      expect(audit?.details).toEqual({ name: 'Wrong master', versions: 1 });
      expect((await as(c)('POST', '/api/custom_forms', { masterFormId: masterId, name: 'Right one' })).statusCode).toBe(
        201,
      );
      expect((await del(c, id)).statusCode).toBe(404);
    });

    it('refuses a form with an application (a draft too): deactivate it instead; nothing changes', async () => {
      const id = await createForm(a, 'Applied on');
      expect((await as(a)('PATCH', `/api/custom_forms/${id}/status`, { status: 'active' })).statusCode).toBe(200);
      const draft = await t.app.inject({
        method: 'POST',
        url: '/api/public/applications/drafts',
        headers: { 'x-api-key': t.config.secrets.publicApiKey },
        payload: { customFormId: id, email: 'someone@example.com', data: {} },
      });
      expect(draft.statusCode, draft.body).toBe(201);
      const refused = await del(a, id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: ERROR_CODES.customFormHasApplications,
        message: MESSAGES.customFormHasApplications,
      });
      expect((await as(a)('GET', `/api/custom_forms/${id}`)).json().status).toBe('active');
      // a STANDARD member may not delete forms at all
      const member = await joinTeam(t, a);
      expect((await del(member, await createForm(a, 'Unused'))).statusCode).toBe(403);
    });
  });

  describe('updates from the master form', () => {
    it('auto-update forms take a new version with their additions; manual ones see the diff and update', async () => {
      const master = await publishedMaster(t, admin, { name: 'Moving Bank' });
      const auto = await createForm(a, 'Auto', master);
      const manual = await createForm(a, 'Manual', master);
      for (const id of [auto, manual]) {
        const s = await as(a)('POST', `/api/custom_forms/${id}`, doc({ defaultValues: { bank_name: 'Acme' } }));
        expect(s.statusCode, s.body).toBe(200);
        await as(a)('PATCH', `/api/custom_forms/${id}/status`, { status: 'active' });
      }
      expect(
        (await as(a)('PATCH', `/api/custom_forms/${manual}/mode`, { updateMode: 'user-manual-update' })).statusCode,
      ).toBe(200);
      const [bank, email] = MASTER_EXTRA;
      await republish(t, admin, master, [
        { ...(bank as object), label: 'Bank legal name' },
        email,
        { type: 'textfield', key: 'mcc', label: 'MCC', input: true },
      ]);
      const a1 = (await as(a)('GET', `/api/custom_forms/${auto}`)).json();
      expect(a1).toMatchObject({ masterVersion: 2, version: 2, update: null, hasUpdate: false });
      const keys = a1.form.components.map((c: { key: string }) => c.key);
      expect(keys).toEqual(expect.arrayContaining(['mcc', 'our_page']));
      expect(keys).not.toContain('tax_id');
      // a changed master field discards the local edit (its default)
      expect(a1.structure.customFormDocument.defaultValues).toEqual({});
      const m1 = (await as(a)('GET', `/api/custom_forms/${manual}`)).json();
      expect(m1).toMatchObject({ masterVersion: 1, version: 1, hasUpdate: true });
      expect(m1.update).toEqual({
        version: 2,
        message: 'A newer version of Moving Bank is available',
        diff: {
          added: [{ key: 'mcc', label: 'MCC' }],
          removed: [{ key: 'tax_id', label: 'Tax ID' }],
          changed: [{ key: 'bank_name', label: 'Bank legal name' }],
        },
      });
      const updated = await as(a)('POST', `/api/custom_forms/${manual}/update`, {});
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ masterVersion: 2, version: 2, update: null });
      const again = await as(a)('POST', `/api/custom_forms/${manual}/update`, {});
      expect(again.json().code).toBe(ERROR_CODES.customFormNoUpdate);
      // the admin's list counts client forms per master form
      const totals = (await adminApi(t, admin)('GET', '/api/master_forms_with_total_form')).json();
      expect(totals.find((f: { formId: string }) => f.formId === master).totalForm).toBe(2);
    });

    it('every auto-update form of a master takes its new version (the master read once for all of them)', async () => {
      const master = await publishedMaster(t, admin, { name: 'Shared Bank' });
      const ids = [await createForm(a, 'Auto 1', master), await createForm(a, 'Auto 2', master)];
      for (const id of ids) {
        const s = await as(a)('POST', `/api/custom_forms/${id}`, doc());
        expect(s.statusCode, s.body).toBe(200);
      }
      await republish(t, admin, master, [
        ...MASTER_EXTRA,
        { type: 'textfield', key: 'mcc', label: 'MCC', input: true },
      ]);
      for (const id of ids) {
        const f = (await as(a)('GET', `/api/custom_forms/${id}`)).json();
        expect(f).toMatchObject({ masterVersion: 2, hasUpdate: false });
        expect(f.form.components.map((c: { key: string }) => c.key)).toEqual(
          expect.arrayContaining(['mcc', 'our_page']),
        );
      }
    });

    it('archives forms of companies that lose access when the master form becomes limited', async () => {
      const master = await publishedMaster(t, admin, { name: 'Closing Bank' });
      const c = await registerCompany(t, { companyName: 'Kept Co', membershipId: 'MEMBERSHIP_006' });
      const lost = await createForm(a, 'Will be archived', master);
      await createForm(a, 'Also archived', master);
      const kept = await createForm(c, 'Kept', master);
      await adminApi(t, admin)('PATCH', `/api/master_forms/${master}/accessibility`, {
        access: 'global',
        companyIds: [c.companyId],
      });
      const impact = await adminApi(t, admin)('GET', `/api/master_forms/${master}/archive_impact`);
      expect(impact.json()).toEqual({ forms: 2, companies: 1 });
      const switched = await adminApi(t, admin)('PATCH', `/api/master_forms/${master}/permission`, { global: false });
      expect(switched.statusCode).toBe(200);
      const archived = (await as(a)('GET', `/api/custom_forms/${lost}`)).json();
      expect(archived).toMatchObject({ status: 'archived', readOnly: true });
      const refused = await as(a)('PATCH', `/api/custom_forms/${lost}/name`, { name: 'x' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(ERROR_CODES.customFormArchived);
      expect((await as(a)('PATCH', `/api/custom_forms/${lost}/status`, { status: 'active' })).statusCode).toBe(409);
      expect((await as(c)('GET', `/api/custom_forms/${kept}`)).json().status).toBe('inactive');
    });
  });

  describe('template permissions and roles', () => {
    it('a STANDARD member reads only forms of master forms granted to them, and changes nothing', async () => {
      const owner = await registerCompany(t, { companyName: 'Team Co', membershipId: 'MEMBERSHIP_006' });
      const member = await joinTeam(t, owner);
      const id = await createForm(owner, 'Team form');
      expect((await as(member)('GET', '/api/custom_forms')).json().total).toBe(0);
      expect((await as(member)('GET', `/api/custom_forms/${id}`)).statusCode).toBe(404);
      expect((await as(member)('GET', '/api/client_master_forms')).json()).toEqual([]);
      const grant = await as(owner)('POST', `/api/granted-master-form/${masterId}`, { userIds: [member.userId] });
      expect(grant.statusCode, grant.body).toBe(200);
      expect(grant.json()).toMatchObject({ formId: masterId, global: false, userIds: [member.userId] });
      expect((await as(member)('GET', '/api/custom_forms')).json().total).toBe(1);
      expect((await as(member)('GET', `/api/custom_forms/${id}`)).json().readOnly).toBe(true);
      expect((await as(member)('PATCH', `/api/custom_forms/${id}/name`, { name: 'x' })).statusCode).toBe(403);
      expect((await as(member)('POST', '/api/custom_forms', { masterFormId: masterId, name: 'x' })).statusCode).toBe(
        403,
      );
      expect((await as(member)('GET', '/api/templates_permission')).statusCode).toBe(403);
      await as(owner)('POST', `/api/granted-master-form/${masterId}`, { userIds: [] });
      expect((await as(member)('GET', '/api/custom_forms')).json().total).toBe(0);
      // the admin's per-company grant counts too
      const byAdmin = await adminApi(t, admin)('POST', `/api/master_forms/${masterId}/permission`, {
        companyId: owner.companyId,
        userIds: [member.userId],
      });
      expect(byAdmin.statusCode).toBe(200);
      expect((await as(member)('GET', '/api/custom_forms')).json().total).toBe(1);
      await adminApi(t, admin)('POST', `/api/master_forms/${masterId}/permission`, {
        companyId: owner.companyId,
        userIds: [],
      });
      expect((await as(member)('GET', '/api/custom_forms')).json().total).toBe(0);
      // the company-wide switch
      const global = await as(owner)('PATCH', `/api/global-master-form/${masterId}`, { global: true });
      expect(global.json().global).toBe(true);
      expect((await as(member)('GET', '/api/custom_forms')).json().total).toBe(1);
      const list = (await as(owner)('GET', '/api/templates_permission')).json();
      expect(list.find((p: { formId: string }) => p.formId === masterId)).toMatchObject({ global: true });
      const stranger = await as(owner)('POST', `/api/granted-master-form/${masterId}`, { userIds: [a.userId] });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().errors[0].path).toBe('userIds.0');
    });

    it("company B gets 404 on every custom-form route of company A's form", async () => {
      const id = await createForm(a, 'Private');
      const b = await registerCompany(t, { companyName: 'Intruder', membershipId: 'MEMBERSHIP_006' });
      const bodies: Record<string, unknown> = {
        update: doc(),
        setName: { name: 'Mine' },
        setStatus: { status: 'active' },
        setMode: { updateMode: 'user-manual-update' },
      };
      const routes = Object.entries(CUSTOM_FORMS_API).filter(
        ([, e]) => e.path.includes(':customFormId') && !e.path.startsWith('/api/public'),
      );
      expect(routes.length).toBeGreaterThanOrEqual(11);
      for (const [name, e] of routes) {
        const body = e.method === 'GET' ? undefined : (bodies[name] ?? {});
        const res = await as(b)(e.method as 'GET', e.path.replace(':customFormId', id), body);
        expect(res.statusCode, `${e.method} ${e.path}`).toBe(404);
      }
      expect((await as(a)('GET', `/api/custom_forms/${id}`)).json().name).toBe('Private');
    });
  });
});
