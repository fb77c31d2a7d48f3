import { z } from 'zod';
import { MESSAGES } from '../messages';

/** Most domains an account may whitelist (ours: the spec gives no limit). */
export const WHITELIST_MAX_DOMAINS = 100;

// A DNS host name: labels of letters, digits and inner hyphens (1-63 characters), at least two labels,
// an alphabetic top-level label of 2 or more characters; 253 characters in all.
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Lower-cases and trims; a trailing dot (the DNS root) is dropped. */
export function normalizeDomain(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

/** A whitelistable domain such as `bank.com` or `mail.bank.co.uk`: no scheme, path, port or wildcard. */
export function isValidDomain(value: string): boolean {
  const domain = normalizeDomain(value);
  if (domain.length === 0 || domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  return labels.every((l) => LABEL.test(l)) && TLD.test(tld);
}

/**
 * Spec 1 §5: one invalid domain rejects the whole list. Valid lists come back normalized and without
 * duplicates, in their first order.
 */
export function validateDomainList(values: readonly string[]): { ok: true; domains: string[] } | { ok: false } {
  if (!values.every(isValidDomain)) return { ok: false };
  return { ok: true, domains: [...new Set(values.map(normalizeDomain))] };
}

export const WhitelistDomainsBodySchema = z.strictObject({
  domains: z
    .array(z.string().max(300, MESSAGES.invalidDomainList))
    .max(WHITELIST_MAX_DOMAINS, MESSAGES.domainsTooMany)
    .refine((list) => validateDomainList(list).ok, MESSAGES.invalidDomainList)
    .transform((list) => [...new Set(list.map(normalizeDomain))]),
});
export type WhitelistDomainsBody = z.infer<typeof WhitelistDomainsBodySchema>;

export const WhitelistDomainsSchema = z.object({ domains: z.array(z.string()) });
export type WhitelistDomains = z.infer<typeof WhitelistDomainsSchema>;
