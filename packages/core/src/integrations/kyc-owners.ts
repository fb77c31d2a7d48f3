/**
 * The owners an identity check covers (issue #24 §3; decision 089), read from an application's answers by the
 * starter dictionary's keys (`owner{N}_first_name`, `owner{N}_last_name`, `owner{N}_dob`, `owner{N}_ssn`,
 * `owner{N}_home_address`, `_city`, `_state`, `_zip`). An owner is included when a first or last name is given.
 * Pure: the server passes the opened answers and sends the result to the provider only, never stores it.
 */
export interface KycOwnerInput {
  ownerNumber: number;
  firstName: string;
  lastName: string;
  /** As typed (MM/DD/YYYY in the starter dictionary); the client sends YYYY-MM-DD when it can read it. */
  dateOfBirth: string | null;
  /** Digits only. */
  ssn: string | null;
  address: { line1: string; city: string; state: string; postalCode: string } | null;
}

/** At most this many owners are read (owner1 … owner9). */
export const KYC_MAX_OWNERS = 9;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** `MM/DD/YYYY` or `YYYY-MM-DD` (an ISO date-time keeps its date) as `YYYY-MM-DD`; anything else null. */
export function isoDateOf(value: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (us) return `${us[3]}-${(us[1] as string).padStart(2, '0')}-${(us[2] as string).padStart(2, '0')}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(value);
  return iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : null;
}

export function kycOwnersOf(data: Record<string, unknown>): KycOwnerInput[] {
  const owners: KycOwnerInput[] = [];
  for (let n = 1; n <= KYC_MAX_OWNERS; n++) {
    const v = (suffix: string) => text(data[`owner${n}_${suffix}`]);
    const firstName = v('first_name');
    const lastName = v('last_name');
    if (!firstName && !lastName) continue;
    const ssn = v('ssn').replace(/\D/g, '');
    const line1 = v('home_address');
    owners.push({
      ownerNumber: n,
      firstName,
      lastName,
      dateOfBirth: isoDateOf(v('dob')),
      ssn: ssn.length > 0 ? ssn : null,
      address: line1 ? { line1, city: v('home_city'), state: v('home_state'), postalCode: v('home_zip') } : null,
    });
  }
  return owners;
}

/** The name answered for an owner: the only personal data a submission keeps. */
export const ownerDisplayName = (o: Pick<KycOwnerInput, 'firstName' | 'lastName'>) =>
  `${o.firstName} ${o.lastName}`.trim();
