import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../infra/mail/mailer';
import { invitationMail, inviteTemplate } from './team.mails';

const noop = () => undefined;
const silent = { info: noop, warn: noop, error: noop, debug: noop } as unknown as FastifyBaseLogger;

describe('invitation e-mail', () => {
  it('is a multipart message (text and HTML) with the working link, written to the outbox without SMTP', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'under-mail-'));
    const mailer = createMailer({ smtpUrl: undefined, from: 'Under <no-reply@under.local>', dataDir, log: silent });
    const link = 'https://under.example.com/register/inv_abcdefghijklmnopqrstuvwxyz0123456789';
    const template = inviteTemplate({ companyName: 'Bank <b>&</b> Co', inviterName: 'Ada Admin', role: 'STANDARD' });
    await mailer.send(invitationMail('new.member@example.com', template, link));
    const [file] = await readdir(path.join(dataDir, 'outbox'));
    const eml = await readFile(path.join(dataDir, 'outbox', file ?? ''), 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toContain('To: new.member@example.com');
    // quoted-printable may fold long lines; unfold before looking for the link
    const unfolded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain(link);
    expect(unfolded).toContain(`href="${link}"`);
    const html = unfolded.slice(unfolded.indexOf('Content-Type: text/html'));
    expect(html).toContain('Bank &#60;b&#62;&#38;&#60;/b&#62; Co');
    expect(html).not.toContain('<b>&</b>');
  });

  it('keeps line breaks of a company name out of the subject', () => {
    const template = inviteTemplate({
      companyName: 'Evil\r\nBcc: x@example.com',
      inviterName: 'A',
      role: 'ADMINISTRATOR',
    });
    expect(template.subject).not.toMatch(/[\r\n]/);
    expect(template.text).toContain('as an administrator');
  });
});
