import { describe, expect, it } from 'vitest';
import { startSimulators } from './start';

describe('npm run simulators', () => {
  it('starts the Salesforce simulator, registers the portal callback and prints what to enter', async () => {
    const env = {
      SALESFORCE_SIM_LOGIN_PORT: '0',
      SALESFORCE_SIM_INSTANCE_PORT: '0',
      TRANSAX_SIM_PORT: '0',
      CARDCONNECT_SIM_PORT: '0',
      KYC_SIM_PORT: '0',
      VANTIV_SIM_PORT: '0',
      PUBLIC_URL: 'http://localhost:3000/',
    };
    const { simulators, text } = await startSimulators(env);
    try {
      expect(text).toContain('NOT the real providers');
      expect(text).toContain('Consumer key:     3MVG9SIMULATOR.Under.dev.consumer.key');
      expect(text).toContain('Consumer secret:  SIMULATOR-CONSUMER-SECRET-NOT-SALESFORCE');
      expect(text).toContain(`INTEGRATION_TEST_HOSTS=${simulators.flatMap((s) => s.testHosts).join(',')}`);
      const domain = /Salesforce domain: (\S+)/.exec(text)?.[1] as string;
      // the pre-registered app accepts the portal's callback, exactly
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: '3MVG9SIMULATOR.Under.dev.consumer.key',
        redirect_uri: 'http://localhost:3000/api/salesforce/callback',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const page = await fetch(`${domain}/services/oauth2/authorize?${q}`, { redirect: 'manual' });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Allow');
      // the Transax simulator: its pricing list behind the printed user and password
      const tx = simulators.find((s) => s.name.startsWith('Transax'));
      expect(text).toContain(`INTEGRATION_TEST_HOSTS=${simulators.flatMap((s) => s.testHosts).join(',')}`);
      const gateway = /Gateway URL: (\S+)/.exec(text)?.[1] as string;
      expect(tx?.testHosts).toEqual([new URL(gateway).host]);
      const auth = `Basic ${Buffer.from('sim-transax-user:SIMULATOR-TRANSAX-PASSWORD-NOT-TRANSAX').toString('base64')}`;
      const list = await fetch(`${gateway}/api/boarding/pricing`, { headers: { authorization: auth } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { notice: string }).notice).toContain('not Transax');
      expect((await fetch(`${gateway}/api/boarding/pricing`)).status).toBe(401);
      // the card processor's: its settings and credentials printed, and the token endpoint takes them
      const cc = simulators.find((s) => s.name.startsWith('CardConnect')) as (typeof simulators)[number];
      expect(text).toContain(`INTEGRATION_TEST_HOSTS=${simulators.flatMap((s) => s.testHosts).join(',')}`);
      const tokenUrl = /CARDCONNECT_TOKEN_URL=(\S+)/.exec(text)?.[1] as string;
      expect(/CARDCONNECT_API_URL=(\S+)/.exec(text)?.[1]).toBe(`http://${cc.testHosts[0]}`);
      // read in CardConnect's own block (the Transax block also prints a password)
      const ccText = text.slice(text.indexOf('== CardConnect'));
      const entered = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(ccText)?.[1] as string;
      const t = await fetch(tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'password',
          username: entered('Username'),
          password: entered('Password'),
          client_id: entered('Client ID'),
          client_secret: entered('Client secret key'),
        }),
      });
      expect(t.status).toBe(200);
      expect(entered('Pricing template ID')).toBe('1001');
      // KYC (decision 089): its setting and API key printed, and the API takes that key only
      const kycUrl = /KYC_API_URL=(\S+)/.exec(text)?.[1] as string;
      const kycKey = /API key: (\S+)/.exec(text)?.[1] as string;
      const account = await fetch(`${kycUrl}/v1/account`, { headers: { authorization: `Bearer ${kycKey}` } });
      expect(account.status).toBe(200);
      expect(account.headers.get('x-simulator')).toContain('not a KYC provider');
      expect((await fetch(`${kycUrl}/v1/account`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
      // Worldpay/Vantiv's: VANTIV_API_URL and its test host printed; Basic auth, the v13 XML type, never "Worldpay"
      const wp = simulators.find((s) => s.name.startsWith('Worldpay')) as (typeof simulators)[number];
      expect(wp.name).toContain('not Worldpay');
      const vantivUrl = /VANTIV_API_URL=(\S+)/.exec(text)?.[1] as string;
      expect(wp.testHosts).toEqual([new URL(vantivUrl).host]);
      const wpText = text.slice(text.indexOf('== Worldpay'));
      const wpEntered = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(wpText)?.[1] as string;
      const le = await fetch(`${vantivUrl}/legalentity`, {
        method: 'POST',
        headers: {
          'content-type': 'application/com.vantivcnp.payfac-v13+xml',
          authorization: `Basic ${Buffer.from(`${wpEntered('API user name')}:${wpEntered('API password')}`).toString('base64')}`,
        },
        body: '<legalEntityCreateRequest/>',
      });
      expect(le.status).toBe(400);
      expect(le.headers.get('x-simulator')).toContain('not Worldpay');
      expect(await le.text()).toContain('<errorResponse');
      expect((await fetch(`${vantivUrl}/legalentity`, { method: 'POST', body: '<x/>' })).status).toBe(401);
    } finally {
      await Promise.all(simulators.map((s) => s.stop()));
    }
  });

  it('refuses to start in production and says which port setting is wrong', async () => {
    await expect(startSimulators({ NODE_ENV: 'production' })).rejects.toThrow(/not production/);
    await expect(startSimulators({ SALESFORCE_SIM_LOGIN_PORT: 'x' })).rejects.toThrow(/SALESFORCE_SIM_LOGIN_PORT/);
  });
});
