/**
 * CardPointe CoPilot's lookup lists (`GET /lookup/*`) as its public API reference documents them (issue #24 §1): the
 * enumeration values of the boarding attributes (`/api/cc-attributes`) and what the simulator's lookups answer.
 * Codes are the provider's, spelling included; names are its display names.
 */
export interface CcLookupEntry {
  code: string;
  name: string;
}

/** `GET /lookup/ownershipTypes` -> `{ ownershipTypes: [...] }`. */
export const CC_OWNERSHIP_TYPES: readonly CcLookupEntry[] = [
  { code: 'GOVT', name: 'Government' },
  { code: 'INDIVSOLE', name: 'Individual / Sole Proprietor' },
  { code: 'LLC', name: 'LLC' },
  { code: 'NONPRFT', name: 'Non-Profit Org' },
  { code: 'PRTNRSHP', name: 'Partnership' },
  { code: 'PRIVCORP', name: 'Private Corporation' },
  { code: 'PUBCORP', name: 'Public Corporation' },
  { code: 'TAXEXMPT', name: 'Tax Exempt' },
];

/** `GET /lookup/bankAcctTypes` -> `{ bankAcctTypes: [...] }`. */
export const CC_BANK_ACCT_TYPES: readonly CcLookupEntry[] = [
  { code: 'BIZ', name: 'Business Checking' },
  { code: 'GL', name: 'General Ledger' },
  { code: 'SAVINGS', name: 'Savings' },
];

const STATES: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/** `GET /lookup/stateCodes` -> `{ stateCodes: [...] }` (the US states, DC and Puerto Rico). */
export const CC_STATE_CODES: readonly CcLookupEntry[] = STATES.map(([code, name]) => ({ code, name }));

/** The owner titles CoPilot accepts (its "Valid Owner Titles" table, all ownership types together). */
export const CC_OWNER_TITLES: readonly CcLookupEntry[] = [
  { code: 'OWNER', name: 'Owner' },
  { code: 'PARTNER', name: 'Partner' },
  { code: 'PRESIDENT', name: 'President' },
  { code: 'VICE_PRESIDENT', name: 'Vice President' },
  { code: 'MEMBER_LLC', name: 'Member LLC' },
  { code: 'SECRETARY', name: 'Secretary' },
  { code: 'TREASURER', name: 'Treasurer' },
  { code: 'CEO', name: 'CEO' },
  { code: 'CFO', name: 'CFO' },
  { code: 'COO', name: 'COO' },
];

/** `merchant.taxFilingMethod`: EIN or SSN (only SSN for INDIVSOLE). */
export const CC_TAX_FILING_METHODS: readonly CcLookupEntry[] = [
  { code: 'EIN', name: 'EIN' },
  { code: 'SSN', name: 'SSN' },
];

/** `merchant.processing.platformDetails.currencyCode`: the portal boards US merchants, USD only (spec 2 §5). */
export const CC_CURRENCY_CODES: readonly CcLookupEntry[] = [{ code: 'USD', name: 'US Dollar' }];

/** The lookups the simulator serves, by their path under `/lookup/`, with the key of their answer. */
export const CC_LOOKUPS: Readonly<Record<string, readonly CcLookupEntry[]>> = {
  ownershipTypes: CC_OWNERSHIP_TYPES,
  bankAcctTypes: CC_BANK_ACCT_TYPES,
  stateCodes: CC_STATE_CODES,
};

/** Boarding process status codes (`boardingProcessStatusCd`), in the order an account moves through them. */
export const CC_BOARDING_STATUSES = [
  'INPROG',
  'OFS',
  'QUALIFY',
  'UNDER',
  'BOARDING',
  'BOARDED',
  'LIVE',
  'DECLINED',
  'CANCELLED',
] as const;
export type CcBoardingStatus = (typeof CC_BOARDING_STATUSES)[number];
/** No later change comes from these. */
export const CC_FINAL_BOARDING_STATUSES: ReadonlySet<string> = new Set(['LIVE', 'DECLINED', 'CANCELLED']);

/** Signature status codes (`signatureStatusCd`). */
export const CC_SIGNATURE_STATUSES = ['NOT_SENT', 'PENDING', 'SIGNED'] as const;
export type CcSignatureStatus = (typeof CC_SIGNATURE_STATUSES)[number];
