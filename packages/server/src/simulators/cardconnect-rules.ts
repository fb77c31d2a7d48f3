import {
  CC_BANK_ACCT_TYPES,
  CC_CURRENCY_CODES,
  CC_OWNER_TITLES,
  CC_OWNERSHIP_TYPES,
  CC_STATE_CODES,
  CC_TAX_FILING_METHODS,
} from '@under/core/integrations/cardconnect-lookups';

/**
 * The card-processor simulator's field checks (issue #24 §1): a subset of the merchant object's documented rules,
 * enough that a client sending unconverted values gets the provider's kind of answer, an array of
 * `{code, message, errorField, status}`. Codes and wording are the simulator's own (1105 and 1113 are the two the
 * provider documents).
 */
export interface SimFieldError {
  code: string;
  message: string;
  errorField: string | null;
  status: string;
}

type Rule =
  | { kind: 'string'; max: number }
  | { kind: 'date' }
  | { kind: 'phone' }
  | { kind: 'pct' }
  | { kind: 'money' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'boolean' };

const codes = (list: readonly { code: string }[]) => list.map((e) => e.code);
const address = (prefix: string): [string, Rule][] => [
  [`${prefix}.address1`, { kind: 'string', max: 200 }],
  [`${prefix}.address2`, { kind: 'string', max: 200 }],
  [`${prefix}.city`, { kind: 'string', max: 300 }],
  [`${prefix}.stateCd`, { kind: 'enum', values: codes(CC_STATE_CODES) }],
  [`${prefix}.zip`, { kind: 'string', max: 15 }],
  [`${prefix}.countryCd`, { kind: 'enum', values: ['US'] }],
];

/** Dotted paths under the request body (`merchant.…`, `ownerSiteUser.…`) and their rule. */
export const SIM_FIELD_RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  ['merchant.salesCode', { kind: 'string', max: 25 }],
  ['merchant.akaBusinessName', { kind: 'string', max: 200 }],
  ['merchant.dbaName', { kind: 'string', max: 100 }],
  ['merchant.legalBusinessName', { kind: 'string', max: 500 }],
  ['merchant.taxFilingName', { kind: 'string', max: 500 }],
  ['merchant.taxFilingMethod', { kind: 'enum', values: codes(CC_TAX_FILING_METHODS) }],
  ['merchant.businessStartDate', { kind: 'date' }],
  ['merchant.webLeadFlg', { kind: 'boolean' }],
  ['merchant.demographic.websiteAddress', { kind: 'string', max: 200 }],
  ['merchant.demographic.businessPhone', { kind: 'phone' }],
  ['merchant.demographic.businessFax', { kind: 'phone' }],
  ...address('merchant.demographic.businessAddress'),
  ...address('merchant.demographic.mailingAddress'),
  ['merchant.ownership.owner.ownerName', { kind: 'string', max: 300 }],
  ['merchant.ownership.owner.ownerEmail', { kind: 'string', max: 300 }],
  ['merchant.ownership.owner.ownerPhone', { kind: 'phone' }],
  ['merchant.ownership.owner.ownerMobilePhone', { kind: 'phone' }],
  ['merchant.ownership.owner.ownerDob', { kind: 'date' }],
  ['merchant.ownership.owner.ownerSSN', { kind: 'string', max: 11 }],
  ['merchant.ownership.owner.ownerTitle', { kind: 'enum', values: codes(CC_OWNER_TITLES) }],
  ...address('merchant.ownership.owner.ownerAddress'),
  ['merchant.ownership.ownershipTypeCd', { kind: 'enum', values: codes(CC_OWNERSHIP_TYPES) }],
  ['merchant.ownership.ownerOwnershipPct', { kind: 'pct' }],
  ['merchant.ownership.driversLicenseNumber', { kind: 'string', max: 100 }],
  ['merchant.ownership.driversLicenseStateCd', { kind: 'enum', values: codes(CC_STATE_CODES) }],
  ['merchant.merchantContactInfo.contactName', { kind: 'string', max: 300 }],
  ['merchant.merchantContactInfo.contactEmail', { kind: 'string', max: 300 }],
  ['merchant.merchantContactInfo.contactPhone', { kind: 'phone' }],
  ['merchant.bankDetail.depositBank.bankName', { kind: 'string', max: 200 }],
  ['merchant.bankDetail.depositBank.bankAcctNum', { kind: 'string', max: 25 }],
  ['merchant.bankDetail.depositBank.bankRoutingNum', { kind: 'string', max: 25 }],
  ['merchant.bankDetail.depositBank.bankAcctTypeCd', { kind: 'enum', values: codes(CC_BANK_ACCT_TYPES) }],
  ['merchant.processing.platformDetails.taxId', { kind: 'string', max: 9 }],
  ['merchant.processing.platformDetails.mccId', { kind: 'string', max: 5 }],
  ['merchant.processing.platformDetails.currencyCode', { kind: 'enum', values: codes(CC_CURRENCY_CODES) }],
  ['merchant.processing.platformDetails.businessDescription', { kind: 'string', max: 4000 }],
  ['merchant.processing.modeOfTransaction.swipedPct', { kind: 'pct' }],
  ['merchant.processing.modeOfTransaction.keyedPct', { kind: 'pct' }],
  ['merchant.processing.modeOfTransaction.eCommercePct', { kind: 'pct' }],
  ['merchant.processing.modeOfTransaction.mailOrderPct', { kind: 'pct' }],
  ['merchant.processing.volumeDetails.averageMonthlyVolume', { kind: 'money' }],
  ['merchant.processing.volumeDetails.averageTicketAmount', { kind: 'money' }],
  ['merchant.processing.volumeDetails.highTicketAmount', { kind: 'money' }],
  ['ownerSiteUser.firstName', { kind: 'string', max: 300 }],
  ['ownerSiteUser.lastName', { kind: 'string', max: 300 }],
  ['ownerSiteUser.email', { kind: 'string', max: 300 }],
]);

const DATE = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
const PHONE = /^\d{3}-\d{3}-\d{4}$/;

function at(body: unknown, path: string): unknown {
  let v: unknown = body;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function problem(rule: Rule, value: unknown): string | null {
  switch (rule.kind) {
    case 'string':
      if (typeof value !== 'string') return 'must be text';
      return value.length > rule.max ? 'has invalid length' : null;
    case 'date':
      return typeof value === 'string' && DATE.test(value) ? null : 'is invalid.  Please use MM/DD/YYYY format';
    case 'phone':
      return typeof value === 'string' && PHONE.test(value) ? null : 'is invalid.  Please use XXX-XXX-XXXX format';
    case 'pct': {
      const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 100
        ? null
        : 'must be a whole number from 0 to 100';
    }
    case 'money':
      return typeof value === 'number' &&
        Number.isFinite(value) &&
        value >= 0 &&
        Math.round(value * 100) === value * 100
        ? null
        : 'must be an amount with at most 2 decimals';
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value)
        ? null
        : `must be one of ${rule.values.join(', ')}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
  }
}

const CODE_OF: Record<Rule['kind'], string> = {
  string: '1105',
  date: '1113',
  phone: '1115',
  pct: '1120',
  money: '1121',
  enum: '1130',
  boolean: '1131',
};

/** The checks of a create or update body; null values are "not given" (the provider sets omitted ones to null). */
export function checkMerchantBody(body: Record<string, unknown>): SimFieldError[] {
  const errors: SimFieldError[] = [];
  for (const [path, rule] of SIM_FIELD_RULES) {
    const value = at(body, path);
    if (value === undefined || value === null) continue;
    const why = problem(rule, value);
    if (why) {
      const label = path.split('.').at(-1) as string;
      errors.push({ code: CODE_OF[rule.kind], message: `${label} ${why}.`, errorField: path, status: 'BAD_REQUEST' });
    }
  }
  return errors;
}

/** What the provider requires before it sends the application out for signature. */
export const SIGNATURE_REQUIRED = [
  'merchant.dbaName',
  'merchant.legalBusinessName',
  'merchant.demographic.businessAddress.address1',
  'merchant.ownership.owner.ownerName',
  'merchant.ownership.owner.ownerEmail',
] as const;

export function missingForSignature(stored: { merchant: unknown; ownerSiteUser: unknown }): SimFieldError[] {
  return SIGNATURE_REQUIRED.filter((p) => {
    const v = at(stored, p);
    return v === undefined || v === null || v === '';
  }).map((p) => ({
    code: '1200',
    message: `${p.split('.').at(-1)} is required before the application is sent for signature.`,
    errorField: p,
    status: 'BAD_REQUEST',
  }));
}
