import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One server for the whole run, on its own data directory, so the journeys read its outbox.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'under-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const port = Number(process.env.E2E_PORT ?? 3210);
/** Journeys that move the server's clock (TEST_CLOCK_FILE): nothing else may run while they do. */
const CLOCK_JOURNEYS = ['**/billing.spec.ts', '**/applicant-owners-clock.spec.ts'];
/** The Salesforce simulator's login host (its instance host is the next port). */
export const SALESFORCE_SIM = `http://127.0.0.1:${port + 1000}`;
/** The CardConnect (CoPilot) boarding simulator (issue #24 §1, decision 083): port + 1010, API and token host. */
export const CARDCONNECT_SIM = `http://127.0.0.1:${port + 1010}`;
/** The KYC simulator (issue #24 §3, decision 089): port + 1030. */
export const KYC_SIM = `http://127.0.0.1:${port + 1030}`;
const SIMULATOR_HOSTS = [
  `127.0.0.1:${port + 1000},127.0.0.1:${port + 1001}`,
  // CardConnect's
  `127.0.0.1:${port + 1010}`,
  // Transax's
  `127.0.0.1:${port + 1021}`,
  // KYC's
  `127.0.0.1:${port + 1030}`,
  // Worldpay/Vantiv PayFac's (decision 088)
  `127.0.0.1:${port + 1022}`,
].join(',');
/** The Worldpay/Vantiv PayFac simulator (issue #24 §2, decision 088): port + 1022. */
export const VANTIV_SIM = `http://127.0.0.1:${port + 1022}`;
export const ADMIN = { email: 'admin@e2e.test', password: 'AdminPass123' };
/** The button-link journey's receiver: a loopback server the journey itself runs (issue #24 §4). */
export const BUTTON_LINK_RECEIVER_PORT = port + 1020;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // two journeys at a time (one file per worker); the journeys that move the server's clock run afterwards, alone
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'journeys', testIgnore: CLOCK_JOURNEYS },
    { name: 'clock', testMatch: CLOCK_JOURNEYS, dependencies: ['journeys'], workers: 1 },
  ],
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  // per run: parallel runs on one machine must not delete each other's traces
  outputDir: path.join(dataDir, 'results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs about 30 % of the journeys' CPU (its screencast most: Chromium encodes a frame on every
    // change), and the run is CPU-bound on 2 cores (decision 095). CI retries a failed journey once and records that
    // retry whole; a local run (no retries) keeps the trace of a failure as before.
    trace: process.env.CI === 'true' ? 'on-first-retry' : 'retain-on-failure',
    // the journeys run as a user who asked for less motion (the apps respect it, decision 095): no transition frames
    // to draw and wait for, a tenth less CPU on the 2-core machine
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx ../packages/server/src/main.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Demo Bank (Nature plan, 5 users) gives the team journeys room; its password is in initial-credentials.txt.
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // each journey is its own client through X-Forwarded-For (support/test.ts): throttles count per journey
        TRUST_PROXY: '127.0.0.1',
        // the billing journey moves the server's clock to a renewal date by writing an offset (ms) here
        TEST_CLOCK_FILE: path.join(dataDir, 'clock-offset'),
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        // the callback URL the Salesforce simulator's app is registered with is on the address the journeys use
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // the providers' loopback simulators (decision 072), reachable over plain http from this server only
        INTEGRATION_TEST_HOSTS: [SIMULATOR_HOSTS, `127.0.0.1:${BUTTON_LINK_RECEIVER_PORT}`].join(','),
        // CardConnect's endpoints are the simulator's (decision 083)
        CARDCONNECT_API_URL: CARDCONNECT_SIM,
        CARDCONNECT_TOKEN_URL: `${CARDCONNECT_SIM}/auth/realms/cardconnect/protocol/openid-connect/token`,
        // the KYC provider is the simulator (decision 089)
        KYC_API_URL: KYC_SIM,
        // Worldpay/Vantiv's PayFac API is the simulator's (decision 088)
        VANTIV_API_URL: VANTIV_SIM,
      },
    },
    {
      // `npm run simulators` on ports of this run: SIMULATORS, never the providers
      command: 'node --import tsx ../packages/server/src/simulators/cli.ts',
      url: `${SALESFORCE_SIM}/__sim/stats`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SALESFORCE_SIM_LOGIN_PORT: String(port + 1000),
        SALESFORCE_SIM_INSTANCE_PORT: String(port + 1001),
        // the Transax simulator (issue #24 §2) on this run's ports, never the fixed default
        TRANSAX_SIM_PORT: String(port + 1021),
        CARDCONNECT_SIM_PORT: String(port + 1010),
        // the KYC simulator on this run's port, never the fixed default (parallel runs)
        KYC_SIM_PORT: String(port + 1030),
        VANTIV_SIM_PORT: String(port + 1022),
      },
    },
  ],
});
