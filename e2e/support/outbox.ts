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
