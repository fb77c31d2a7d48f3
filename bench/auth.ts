// Sign-in and GET /api/me throughput and p99 at 50 connections, beside GET /api/health (the
// baseline: the same server doing no auth work) in the same run.
import { load, printTable, startBenchServer } from './_server';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const server = await startBenchServer();
try {
  const email = 'bench@example.com';
  const password = 'Secret123';
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/client/sign-up', { email, password });
  // mail leaves through the outbox job after the commit (decision 023): send it before reading the code
  await server.services.mail.drain();
  await post('/api/auth/client/confirm-sign-up', { email, code: server.codes.get(email) });
  const signedIn = (await (await post('/api/auth/client/sign-in', { email, password })).json()) as {
    accessToken: string;
  };

  const rows = [];
  rows.push(await load('GET /api/health (baseline)', { url: `${server.url}/api/health`, duration }));
  rows.push(
    await load('GET /api/me', {
      url: `${server.url}/api/me`,
      duration,
      headers: { authorization: `Bearer ${signedIn.accessToken}` },
    }),
  );
  rows.push(
    await load('POST /api/auth/client/sign-in', {
      url: `${server.url}/api/auth/client/sign-in`,
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  printTable(
    `auth bench: 50 connections, ${duration}s each, embedded PGlite, ${process.platform} ${process.arch}`,
    rows,
  );
  console.log('\nSign-in is bound by argon2id (19 MiB, 2 passes) by design; see docs/decisions/003-identity.md.');
} finally {
  await server.close();
}
