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
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where `.eml` files are written when no SMTP server is configured. */
  outboxDir: string | undefined;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise every message is written as an `.eml` file to
 * `DATA_DIR/outbox`, so a fresh install can sign up without a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { log, from } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outboxDir: undefined,
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        // never the subject or body: they carry codes and links
        log.info({ to: message.to, messageId: info.messageId }, 'mail sent');
      },
    };
  }
  const outboxDir = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // time first so a directory listing reads in order
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, messageId: info.messageId, file }, 'mail written to outbox');
    },
  };
}
