import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * `<…@…>`: the same for every attempt at one outbox mail, so a receiving server that got it twice (a crash
   * between the send and its record) can drop the copy.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where `.eml` files are written when no SMTP server is configured. */
  outboxDir: string | undefined;
}

/**
 * A send that takes longer than this is given up (and retried later); it stays well inside the outbox lease
 * (decision 023), so two workers never hold one mail at once while the first is still talking to the server.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 45_000 };

/**
 * SMTP when `SMTP_URL` is set; otherwise every message is written as an `.eml` file to
 * `DATA_DIR/outbox`, so a fresh install can sign up without a mail server. Logs name the recipient and the
 * Message-ID only: subjects and bodies carry one-time codes.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { log, from } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      outboxDir: undefined,
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, messageId: message.messageId }, 'mail sent');
      },
    };
  }
  const outboxDir = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      // time first so a directory listing reads in order
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, messageId: message.messageId, file }, 'mail written to outbox');
    },
  };
}
