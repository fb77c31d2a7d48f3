import { startCardConnectSimulator } from './cardconnect';
import { startKycSimulator } from './kyc';
import { startSalesforceSimulator } from './salesforce';
import { startTransaxSimulator } from './transax';
import { startVantivSimulator } from './vantiv';

/**
 * What `npm run simulators` starts (issue #23 §6, decision 072): loopback SIMULATORS of the providers the portal
 * integrates with, for development and tests. They are not the providers and never say they are. Each entry starts
 * one and says what to enter in the portal; the card processors' simulators (issue #24) join the list.
 */
export interface RunningSimulator {
  name: string;
  /** `host:port` pairs the portal must allow over plain http (INTEGRATION_TEST_HOSTS). */
  testHosts: string[];
  /** What to enter in the portal, line by line. */
  lines: string[];
  stop(): Promise<void>;
}

type Env = Record<string, string | undefined>;

function port(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (0-65535)`);
  return n;
}

async function salesforce(env: Env): Promise<RunningSimulator> {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? '3000'}`).replace(/\/$/, '');
  const sim = await startSalesforceSimulator({
    host: env.SIMULATOR_HOST ?? '127.0.0.1',
    loginPort: port(env, 'SALESFORCE_SIM_LOGIN_PORT', 4010),
    instancePort: port(env, 'SALESFORCE_SIM_INSTANCE_PORT', 4011),
    latencyMs: Number(env.SALESFORCE_SIM_LATENCY_MS ?? 0) || 0,
  });
  // fixed by default so that a restarted simulator takes the same entries (its tokens are gone: Update Token)
  const app = sim.state.registerApp({
    consumerKey: env.SALESFORCE_SIM_CONSUMER_KEY ?? '3MVG9SIMULATOR.Under.dev.consumer.key',
    consumerSecret: env.SALESFORCE_SIM_CONSUMER_SECRET ?? 'SIMULATOR-CONSUMER-SECRET-NOT-SALESFORCE',
    callbackUrl: `${publicUrl}/api/salesforce/callback`,
  });
  return {
    name: 'Salesforce (simulator, not Salesforce)',
    testHosts: sim.testHosts,
    lines: [
      'In the portal: Manage integrations > Salesforce, enter',
      `  Consumer key:     ${app.consumerKey}`,
      `  Consumer secret:  ${app.consumerSecret}`,
      `  Salesforce domain: ${sim.loginUrl}`,
      `Login host ${sim.loginUrl}, instance host ${sim.instanceUrl} (data calls), callback ${app.callbackUrl}`,
      `Inspect: ${sim.loginUrl}/__sim/records?object=Lead and ${sim.loginUrl}/__sim/stats;`,
      `faults: POST ${sim.loginUrl}/__sim/faults {"fail":3} or {"slowMs":2000}, /__sim/expire-tokens, /__sim/limit {"max":100}`,
    ],
    stop: () => sim.stop(),
  };
}

// TSYS/Transax (issue #24 §2): a gateway's pricing list behind a user and password
async function transax(env: Env): Promise<RunningSimulator> {
  const sim = await startTransaxSimulator({
    host: env.SIMULATOR_HOST ?? '127.0.0.1',
    port: port(env, 'TRANSAX_SIM_PORT', 4040),
  });
  return {
    name: 'Transax (simulator, not Transax)',
    testHosts: sim.testHosts,
    lines: [
      'In the portal: Transax pricing (POST /api/transax/retrieve-transax-pricing), enter',
      `  Gateway URL: ${sim.url}`,
      `  User:        ${sim.user}`,
      `  Password:    ${sim.password}`,
      `Inspect: ${sim.url}/__sim/stats; faults: POST ${sim.url}/__sim/faults {"fail":2}, {"slowMs":2000} or {"malformed":1}`,
    ],
    stop: () => sim.stop(),
  };
}

// ---- CardConnect (issue #24 §1, decision 083): its own block, so the other card processors' blocks merge beside it
async function cardConnect(env: Env): Promise<RunningSimulator> {
  const sim = await startCardConnectSimulator({
    host: env.SIMULATOR_HOST ?? '127.0.0.1',
    port: port(env, 'CARDCONNECT_SIM_PORT', 4030),
    latencyMs: Number(env.CARDCONNECT_SIM_LATENCY_MS ?? 0) || 0,
  });
  // fixed by default so that a restarted simulator takes the same entries
  const user = sim.state.registerUser({
    username: env.CARDCONNECT_SIM_USERNAME ?? 'under-api-sim',
    password: env.CARDCONNECT_SIM_PASSWORD ?? 'SIMULATOR-PASSWORD-NOT-CARDCONNECT',
    clientId: env.CARDCONNECT_SIM_CLIENT_ID ?? 'merchapi-sim',
    clientSecret: env.CARDCONNECT_SIM_CLIENT_SECRET ?? 'SIMULATOR-CLIENT-SECRET-NOT-CARDCONNECT',
    salesCodes: ['SIM1'],
    templateIds: ['1001'],
  });
  return {
    name: 'CardConnect (simulator, not CardConnect)',
    testHosts: sim.testHosts,
    lines: [
      'Start the portal with these settings too:',
      `  CARDCONNECT_API_URL=${sim.apiUrl}`,
      `  CARDCONNECT_TOKEN_URL=${sim.tokenUrl}`,
      'In the portal: Manage integrations > CardConnect, enter',
      `  Username:            ${user.username}`,
      `  Password:            ${user.password}`,
      `  Sale code:           ${user.salesCodes[0]}`,
      `  Pricing template ID: ${user.templateIds[0]}`,
      `  Client secret key:   ${user.clientSecret}`,
      `  Client ID:           ${user.clientId}`,
      `Inspect: ${sim.apiUrl}/__sim/merchants and ${sim.apiUrl}/__sim/stats; the owner signs: POST ${sim.apiUrl}/__sim/merchants/{id}/sign,`,
      `  boarding moves on: POST ${sim.apiUrl}/__sim/merchants/{id}/advance {} or {"to":"DECLINED"};`,
      `faults: POST ${sim.apiUrl}/__sim/faults {"fail":3} or {"slowMs":2000} or {"malformed":1}, /__sim/expire-tokens`,
    ],
    stop: () => sim.stop(),
  };
}

// ---- KYC (issue #24 §3, decision 089): the identity checks' API of decision 089, scripted outcomes
async function kyc(env: Env): Promise<RunningSimulator> {
  const sim = await startKycSimulator({
    host: env.SIMULATOR_HOST ?? '127.0.0.1',
    port: port(env, 'KYC_SIM_PORT', 4050),
    apiKey: env.KYC_SIM_API_KEY,
  });
  return {
    name: 'KYC (simulator, not a KYC provider)',
    testHosts: sim.testHosts,
    lines: [
      'Start the portal with this setting too:',
      `  KYC_API_URL=${sim.apiUrl}`,
      'In the portal: POST /api/companies/kyc, enter',
      `  API key: ${sim.apiKey}`,
      "Outcomes: an owner's last name holding Review or Fail gives that result, else pass (no SSN: review);",
      `  or POST ${sim.apiUrl}/__sim/script {"outcomes":["fail","pass"]}; checks stay pending for one poll`,
      `  (POST ${sim.apiUrl}/__sim/settings {"pendingPolls":3}).`,
      `Inspect: ${sim.apiUrl}/__sim/checks and ${sim.apiUrl}/__sim/stats;`,
      `faults: POST ${sim.apiUrl}/__sim/faults {"fail":2}, {"slowMs":2000} or {"malformed":1}`,
    ],
    stop: () => sim.stop(),
  };
}

// ---- Worldpay/Vantiv (issue #24 §2, decision 088): the PayFac Merchant Provisioner's legal entities and sub-merchants
async function vantiv(env: Env): Promise<RunningSimulator> {
  const sim = await startVantivSimulator({
    host: env.SIMULATOR_HOST ?? '127.0.0.1',
    port: port(env, 'VANTIV_SIM_PORT', 4060),
  });
  return {
    name: 'Worldpay/Vantiv PayFac (simulator, not Worldpay)',
    testHosts: sim.testHosts,
    lines: [
      'Start the portal with this setting too:',
      `  VANTIV_API_URL=${sim.url}`,
      'In the portal: Manage integrations > Worldpay/Vantiv, enter',
      `  API user name: ${sim.username}`,
      `  API password:  ${sim.password}`,
      'A legal name holding "REVIEW" is held for review (responseCode 20); the same legal entity again is duplicate="true".',
      `Inspect: ${sim.url}/__sim/legal-entities and ${sim.url}/__sim/stats;`,
      `faults: POST ${sim.url}/__sim/faults {"fail":2,"status":503}, {"slowMs":2000} or {"malformed":1}`,
    ],
    stop: () => sim.stop(),
  };
}

const SIMULATORS: { name: string; start(env: Env): Promise<RunningSimulator> }[] = [
  { name: 'salesforce', start: salesforce },
  { name: 'transax', start: transax },
  { name: 'cardconnect', start: cardConnect },
  { name: 'kyc', start: kyc },
  { name: 'vantiv', start: vantiv },
];

export async function startSimulators(env: Env): Promise<{ simulators: RunningSimulator[]; text: string }> {
  if (env.NODE_ENV === 'production') throw new Error('The simulators are for development and tests, not production.');
  const simulators: RunningSimulator[] = [];
  try {
    for (const s of SIMULATORS) simulators.push(await s.start(env));
  } catch (err) {
    await Promise.all(simulators.map((s) => s.stop()));
    throw err;
  }
  const hosts = simulators.flatMap((s) => s.testHosts).join(',');
  const text = [
    'SIMULATORS for development and tests. They are NOT the real providers: nothing reaches Salesforce or a processor.',
    '',
    ...simulators.flatMap((s) => [`== ${s.name}`, ...s.lines, '']),
    'Start the portal with (plain http to exactly these hosts; refused when NODE_ENV=production):',
    `  INTEGRATION_TEST_HOSTS=${hosts}`,
    `  e.g. INTEGRATION_TEST_HOSTS=${hosts} npm start`,
    '',
    'Ctrl-C stops the simulators (their data is in memory only).',
  ].join('\n');
  return { simulators, text };
}
