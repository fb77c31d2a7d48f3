import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock';

/** What a signed URL lets its holder do: one method on one key until `exp`, within limits. */
interface UrlClaims {
  /** PUT to upload, GET to download. */
  m: 'PUT' | 'GET';
  /** Storage key. */
  k: string;
  /** Expiry, epoch seconds. */
  e: number;
  /** Upload limit in bytes (PUT). */
  n?: number;
  /** Accepted content (PUT): 'image' is png or jpeg by magic bytes, 'pdf' a PDF header. */
  t?: 'image' | 'pdf' | 'attachment';
  /** The `uploads` row an upload URL was issued as (PUT): the row, not the URL, says whether it may still upload. */
  u?: string;
}

type VerifyResult = { ok: true; claims: UrlClaims } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed, expiring file URLs served by our own server (`/api/files?token=…`), for every storage driver: the
 * token is the claims in base64url and an HMAC-SHA-256 over them with STORAGE_SECRET. The URL itself stores nothing;
 * a URL cannot be widened (other key, longer life, larger limit) without breaking its signature. Whether an
 * upload URL was already used, or a download's file is still current, is the `uploads` table's to say (decision
 * 022).
 */
export function createUrlSigner(opts: { secret: string; publicUrl: string; now?: Clock }) {
  const now = opts.now ?? Date.now;
  const mac = (payload: string) => createHmac('sha256', opts.secret).update(`under-file:${payload}`).digest();

  function token(claims: UrlClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${mac(payload).toString('base64url')}`;
  }

  return {
    /** A URL valid for `ttlMs`; returns it with its expiry. */
    sign(claims: Omit<UrlClaims, 'e'>, ttlMs: number): { url: string; expiresAt: Date } {
      const e = Math.floor((now() + ttlMs) / 1000);
      return { url: `${opts.publicUrl}/api/files?token=${token({ ...claims, e })}`, expiresAt: new Date(e * 1000) };
    },
    verify(value: string, method: UrlClaims['m']): VerifyResult {
      const [payload, sig, extra] = value.split('.');
      if (!payload || !sig || extra !== undefined) return { ok: false, reason: 'invalid' };
      // Compare the text, not decoded bytes: base64url's last character carries unused bits, so a decoded
      // comparison would accept several spellings of one signature.
      const given = Buffer.from(sig);
      const expected = Buffer.from(mac(payload).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let claims: UrlClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UrlClaims;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (claims.m !== method || typeof claims.k !== 'string' || typeof claims.e !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      if (claims.e * 1000 <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
