/**
 * The applicant vault's constants (decision 039), without zod: the applicant's lean page imports the header name
 * from here (importing it from vault.schema.ts brought zod into the applicant's first bundle).
 */

/** A vault code works this long after it was e-mailed. */
export const VAULT_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes allowed before the code stops working (a new one must be asked for). */
export const VAULT_CODE_MAX_ATTEMPTS = 5;
/** An unlocked vault's token works this long. */
export const VAULT_TOKEN_TTL_MS = 30 * 60_000;
/** The header that carries the vault token (never a query string: URLs end up in logs and histories). */
export const VAULT_TOKEN_HEADER = 'x-vault-token';
