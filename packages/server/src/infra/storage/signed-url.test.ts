import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-url';

describe('createUrlSigner', () => {
  const signer = createUrlSigner({ secret: 's'.repeat(32), publicUrl: 'http://localhost:3000' });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;

  it('refuses every other spelling of the signature, including the last character', () => {
    const { url } = signer.sign({ m: 'GET', k: 'files/logo.png' }, 60_000);
    const token = tokenOf(url);
    expect(signer.verify(token, 'GET').ok).toBe(true);
    const [payload, sig] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const c of alphabet) {
      if (c === sig.at(-1)) continue;
      expect(signer.verify(`${payload}.${sig.slice(0, -1)}${c}`, 'GET').ok, c).toBe(false);
    }
  });
});
