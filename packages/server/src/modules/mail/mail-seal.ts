import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * Seals a mail's subject and bodies for the outbox with AES-256-GCM. They carry one-time codes and invitation
 * links that the rest of the database keeps only as hashes, so a copy of the database must not read them either.
 * The key is derived from the code secret (HKDF); the row id is the associated data, so a sealed content cannot
 * be moved to another row (another recipient).
 */
export function createMailSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'under', 'mail-outbox-content-v1', 32));
  return {
    seal(rowId: string, content: MailContent): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(rowId));
      const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    /** Throws when the content was sealed with another key or altered. */
    open(rowId: string, sealed: string): MailContent {
      const [version, iv, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !body) throw new Error('unknown sealed mail format');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(rowId));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as MailContent;
    },
  };
}
