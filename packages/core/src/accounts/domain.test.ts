import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidDomain, validateDomainList, WhitelistDomainsBodySchema } from './domain';

describe('isValidDomain', () => {
  it.each(['bank.com', 'mail.bank.co.uk', 'BANK.COM', 'my-bank.io', 'xn--bcher-kva.example', 'a.bc', 'bank.com.'])(
    'accepts %s',
    (d) => expect(isValidDomain(d)).toBe(true),
  );
  it.each([
    '',
    'bank',
    'http://bank.com',
    'bank.com/path',
    'bank.com:443',
    '*.bank.com',
    '-bank.com',
    'bank-.com',
    'bank..com',
    'bank.c',
    'bank.123',
    'ba nk.com',
    'user@bank.com',
    `${'a'.repeat(64)}.com`,
  ])('refuses %j', (d) => expect(isValidDomain(d)).toBe(false));

  it('accepts any host built from valid labels and refuses it with a slash appended', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/);
    const tld = fc.stringMatching(/^[a-z]{2,10}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), tld, (labels, t) => {
        const d = [...labels, t].join('.');
        expect(isValidDomain(d)).toBe(true);
        expect(isValidDomain(`${d}/`)).toBe(false);
      }),
    );
  });
});

describe('validateDomainList', () => {
  it('one invalid domain rejects the whole list', () => {
    expect(validateDomainList(['bank.com', 'not a domain', 'other.com'])).toEqual({ ok: false });
  });
  it('normalizes and removes duplicates', () => {
    expect(validateDomainList([' Bank.com ', 'bank.com', 'other.org'])).toEqual({
      ok: true,
      domains: ['bank.com', 'other.org'],
    });
  });
  it('the body schema answers with the spec message', () => {
    const res = WhitelistDomainsBodySchema.safeParse({ domains: ['bank.com', 'bad_domain'] });
    expect(res.error?.issues[0]?.message).toBe(
      'Sorry, there is at least one invalid domain in your list. Please check and try again.',
    );
    expect(WhitelistDomainsBodySchema.parse({ domains: [] })).toEqual({ domains: [] });
  });
});
