import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Waits for the newest e-mail to `to` in the server's outbox and returns its 6-digit code. */
export async function codeFromOutbox(to: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort();
    } catch {
      // no mail yet
    }
    const mails = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((m) => m.includes(`To: ${to}`));
    const code = mails
      .slice(after)
      .at(-1)
      ?.match(/Your code: (\d{6})/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}

/** The newest e-mail to `to`, with quoted-printable soft line breaks undone (so a long link reads whole). */
export function lastMailTo(to: string): string {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  const mails = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${to}`));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail.replace(/=\r?\n/g, '');
}

/** How many e-mails `to` has received so far. */
export function mailCount(to: string): number {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  try {
    return readdirSync(dir).filter((f) => readFileSync(path.join(dir, f), 'utf8').includes(`To: ${to}`)).length;
  } catch {
    return 0;
  }
}

let n = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}${n}@example.com`;
}

/**
 * Waits for the newest e-mail to `to` that carries an invitation link and returns its path, `/register/{code}`
 * (the host is the server's PUBLIC_URL; the journeys open the path on the address they use). Quoted-printable
 * soft line breaks are undone first, so a long link is read whole.
 */
export async function invitationPathFromOutbox(to: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort();
    } catch {
      // no mail yet
    }
    const mails = files
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .filter((m) => m.includes(`To: ${to}`))
      .map((m) => m.replace(/=\r?\n/g, ''));
    const code = mails.at(-1)?.match(/\/register\/([A-Za-z0-9_-]{20,100})/)?.[1];
    if (code) return `/register/${code}`;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation mailed to ${to}`);
}

/** The demo client the server seeds (SEED_DEMO=true): Demo Bank on the Nature plan (5 users). */
export function demoClient(): { email: string; password: string } {
  const file = path.join(process.env.E2E_DATA_DIR as string, 'initial-credentials.txt');
  const line = readFileSync(file, 'utf8').match(/Client sign-in: (\S+) \/ (\S+)/);
  if (!line?.[1] || !line[2]) throw new Error(`no demo client in ${file}`);
  return { email: line[1], password: line[2] };
}
