import path from 'node:path';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { maskValue } from '@under/core/forms/masking';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPgliteDatabase, type Database } from '../../../db/client';
import { customForms, integrationConfigs, integrationConnections } from '../../../db/schema/index';
import { createFieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { loadKeyRing } from '../../../infra/field-crypto/keys';
import { rotateKeys } from '../../../infra/field-crypto/rotate-keys';
import { bearer, joinTeam, registerCompany } from '../../../test/accounts';
import { createFakeSalesforce } from '../../../test/fake-salesforce';
import { createTestApp, testDatabases } from '../../../test/helpers';
import { activeEncryptedForm, insertSealedApplication, realFieldCrypto } from '../../../test/sealed-applications';
import { adminToken } from '../../custom-forms/custom-forms.fixtures';

const keyIdsIn = (value: unknown) => [...JSON.stringify(value).matchAll(/enc:v1:([A-Za-z0-9_-]+):/g)].map((m) => m[1]);

describe.each(testDatabases())('integration configs, permissions and sealed credentials on %s', (kind) => {
  it('keeps configs per form with sealed credentials answered masked; permissions set by admins; keys:rotate re-seals', async () => {
    const sf = createFakeSalesforce();
    const real = realFieldCrypto();
    const t = await createTestApp(kind, { pgliteFiles: true, salesforce: sf, ...real });
    const dataDir = t.config.dataDir;
    let closed = false;
    try {
      const a = await registerCompany(t, { companyName: 'Config Bank', membershipId: 'MEMBERSHIP_004' });
      const form = await activeEncryptedForm(t, a, 'Config form');
      const as = (token: string, url: string, payload?: unknown, method: 'GET' | 'POST' = 'POST') =>
        t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });

      // a config with a processor's credentials: sealed, answered masked
      const saved = await as(a.token, '/api/integrations/config', {
        formId: form.customFormId,
        integrationToActivate: 'cardconnect',
        credentials: { username: 'merchant-user', password: 'Pa55word-Secret!' },
        credentialsTemplateId: 'Main MID',
        selectedStoredPricing: { plan: 'interchange-plus', rate: 1.9 },
        autoSync: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        formId: form.customFormId,
        integrationToActivate: 'cardconnect',
        companyId: a.companyId,
        credentials: { username: maskValue('merchant-user'), password: maskValue('Pa55word-Secret!') },
        credentialsTemplateId: 'Main MID',
        autoSync: true,
        activeIntegration: true,
      });
      // masks sent back keep the values; a new value replaces one; '' removes one
      const again = await as(a.token, '/api/integrations/config', {
        formId: form.customFormId,
        integrationToActivate: 'cardconnect',
        credentials: { username: maskValue('merchant-user'), password: 'N3w-Password!!', saleCode: '' },
      });
      expect(again.json().credentials).toEqual({
        username: maskValue('merchant-user'),
        password: maskValue('N3w-Password!!'),
      });
      const [stored] = await t.database.db
        .select()
        .from(integrationConfigs)
        .where(eq(integrationConfigs.formId, form.customFormId));
      expect(JSON.stringify(stored)).not.toContain('merchant-user');
      expect(JSON.stringify(stored)).not.toContain('N3w-Password!!');
      expect(t.fieldCrypto.decryptValue(stored?.credentials.password as string)).toBe('N3w-Password!!');
      const forged = await as(a.token, '/api/integrations/config', {
        formId: form.customFormId,
        integrationToActivate: 'cardconnect',
        credentials: { password: '**********99' },
      });
      expect(forged.statusCode).toBe(400);

      // the company's list has it; the application's form answers it masked
      const list = (await as(a.token, '/api/integrations', undefined, 'GET')).json();
      expect(list.configs).toHaveLength(1);
      const applicationId = await insertSealedApplication(t, { companyId: a.companyId, form, data: {} });
      const creds = await as(a.token, '/api/integrations/credentials', { companyId: a.companyId, applicationId });
      expect(creds.statusCode, creds.body).toBe(200);
      expect(creds.json().integrations).toEqual([
        expect.objectContaining({ integrationToActivate: 'cardconnect', state: 'not_connected', autoSync: false }),
      ]);

      // members read, do not write; another company's admin gets 404 and changes nothing
      const member = await joinTeam(t, a);
      expect(
        (
          await as(member.token, '/api/integrations/config', {
            formId: form.customFormId,
            integrationToActivate: 'cardconnect',
          })
        ).statusCode,
      ).toBe(403);
      const b = await registerCompany(t, { companyName: 'Config Other', membershipId: 'MEMBERSHIP_004' });
      const foreign = await as(b.token, '/api/integrations/config', {
        formId: form.customFormId,
        integrationToActivate: 'cardconnect',
        credentials: { password: 'stolen' },
      });
      expect(foreign.statusCode).toBe(404);
      expect(
        (await as(b.token, '/api/integrations/credentials', { companyId: a.companyId, applicationId })).statusCode,
      ).toBe(404);
      expect(
        (await as(b.token, '/api/integrations/credentials', { companyId: b.companyId, applicationId })).statusCode,
      ).toBe(404);
      const [unchanged] = await t.database.db
        .select()
        .from(integrationConfigs)
        .where(eq(integrationConfigs.formId, form.customFormId));
      expect(unchanged?.credentials).toEqual(stored?.credentials);
      // a Salesforce config needs the plan's CRM flag
      const basic = await registerCompany(t, { companyName: 'Config Basic' });
      const basicForm = await activeEncryptedForm(t, basic, 'Basic form');
      const gated = await as(basic.token, '/api/integrations/config', {
        formId: basicForm.customFormId,
        integrationToActivate: 'salesforce',
      });
      expect(gated.json().code).toBe(ERROR_CODES.upgradeRequired);

      // permissions: platform admins set and read them; the company reads its own
      const admin = await adminToken(t);
      const [formRow] = await t.database.db.select().from(customForms).where(eq(customForms.id, form.customFormId));
      const templateId = formRow?.masterFormId as string;
      const set = await as(admin, '/api/integrations/config/permissions', [
        { companyId: a.companyId, templateId, templateStatus: 'active' },
      ]);
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual([
        expect.objectContaining({ companyId: a.companyId, templateId, templateStatus: 'active' }),
      ]);
      expect(
        (
          await as(a.token, '/api/integrations/config/permissions', [
            { companyId: a.companyId, templateId, templateStatus: 'inactive' },
          ])
        ).statusCode,
      ).toBe(403);
      expect(
        (await as(admin, '/api/integrations/config/permissions/get', { companyId: a.companyId })).json(),
      ).toHaveLength(1);
      expect((await as(a.token, '/api/integrations/uc/getUcPermissions')).json()).toEqual([
        expect.objectContaining({ templateId, templateStatus: 'active' }),
      ]);
      expect((await as(b.token, '/api/integrations/uc/getUcPermissions')).json()).toEqual([]);
      const unknownTemplate = await as(admin, '/api/integrations/config/permissions', [
        { companyId: a.companyId, templateId: '00000000-0000-4000-8000-000000000000', templateStatus: 'active' },
      ]);
      expect(unknownTemplate.statusCode).toBe(400);

      // a Salesforce connection too, then `npm run keys:rotate` re-seals every integration secret
      const started = await as(a.token, '/api/salesforce/add-info', {
        consumerKey: sf.consumerKey,
        consumerSecret: sf.consumerSecret,
        salesForceDomain: 'login.salesforce.com',
      });
      const state = new URL(started.json().authorizeUrl).searchParams.get('state') as string;
      await t.app.inject({ url: `/api/salesforce/callback?code=${sf.approve(state)}&state=${state}` });
      const firstKey = real.fieldCrypto.activeKeyId;
      let database: Database = t.database;
      if (kind === 'pglite') {
        await t.close();
        closed = true;
        database = await createPgliteDatabase(path.join(dataDir, 'pglite'));
      }
      try {
        const secretsNow = async () => ({
          connection: (
            await database.db
              .select()
              .from(integrationConnections)
              .where(eq(integrationConnections.companyId, a.companyId))
          )[0]?.secrets,
          config: (
            await database.db.select().from(integrationConfigs).where(eq(integrationConfigs.formId, form.customFormId))
          )[0]?.credentials,
        });
        const before = await secretsNow();
        expect(keyIdsIn(before).length).toBe(6);
        expect(keyIdsIn(before).every((k) => k === firstKey)).toBe(true);
        const rotated = await rotateKeys({ dataDir, env: {}, database });
        expect(rotated.counts).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              table: 'integration_connections',
              valuesResealed: 4,
              valuesFailed: 0,
              rowsLeft: 0,
            }),
            expect.objectContaining({ table: 'integration_configs', valuesResealed: 2, valuesFailed: 0, rowsLeft: 0 }),
            // the states' PKCE verifiers and entered credentials too (kept a day after use)
            expect.objectContaining({ table: 'integration_oauth_states', valuesFailed: 0, rowsLeft: 0 }),
          ]),
        );
        const after = await secretsNow();
        expect(keyIdsIn(after).every((k) => k === rotated.activeKeyId)).toBe(true);
        const crypto = createFieldCrypto(loadKeyRing(dataDir, {}));
        expect(crypto.decryptValue(after.connection?.consumerSecret as string)).toBe(sf.consumerSecret);
        expect(crypto.decryptValue(after.config?.password as string)).toBe('N3w-Password!!');
      } finally {
        if (kind === 'pglite') await database.close();
      }
    } finally {
      if (!closed) await t.close();
    }
  }, 120_000);
});
