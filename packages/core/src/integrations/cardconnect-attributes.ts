import { z } from 'zod';
import {
  CC_BANK_ACCT_TYPES,
  CC_CURRENCY_CODES,
  CC_OWNER_TITLES,
  CC_OWNERSHIP_TYPES,
  CC_STATE_CODES,
  CC_TAX_FILING_METHODS,
  type CcLookupEntry,
} from './cardconnect-lookups';

/**
 * The CardConnect boarding attributes a master form's fields map to (`GET /api/cc-attributes`, issue #24 §1, spec 2
 * §5 "CardConnect attribute types" and "help text per attribute"; decision 083). Names are dotted paths in CoPilot's
 * create/update body (`merchant.dbaName`), lengths and formats from its public API reference, enumeration values
 * from its lookup lists. Four pseudo-fields carry the application's own facts (form name, submit date, form version,
 * application id) instead of a form field's answer.
 */
export const CC_ATTRIBUTE_TYPES = ['string', 'enumeration', 'date', 'boolean', 'number', 'decimal', 'address'] as const;
export type CcAttributeType = (typeof CC_ATTRIBUTE_TYPES)[number];

export const CcAttributeSchema = z.object({
  /** The dotted path in the body, or `pseudo.*` for the application's own facts. */
  name: z.string(),
  label: z.string(),
  type: z.enum(CC_ATTRIBUTE_TYPES),
  /** string: the most characters. */
  maxLength: z.number().int().nullable(),
  /** number and decimal: digits before the decimal point; 3 with `percent` is 0 to 100. */
  integerDigits: z.number().int().nullable(),
  /** decimal: digits after the decimal point. */
  fractionDigits: z.number().int().nullable(),
  /** A whole-number percentage, 0 to 100. */
  percent: z.boolean(),
  /** A phone number the provider takes as XXX-XXX-XXXX. */
  phone: z.boolean(),
  /** enumeration: the codes the provider accepts, with their names. */
  values: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The application's own fact rather than a form answer. */
  pseudo: z.boolean(),
  /** Spec 2 §5's help text. */
  helpText: z.string(),
});
export type CcAttribute = z.infer<typeof CcAttributeSchema>;

export const CcAttributesSchema = z.array(CcAttributeSchema);

/** Spec 2 §5's help texts, verbatim where it words them. */
export const CC_HELP = {
  string: (n: number) => `No more than ${n} characters`,
  /** Spec 2 §5, verbatim (its words): a number or decimal of 3 digits is a percentage. */
  percent: 'Must from 0 to 100%',
  integer: (n: number) => `No more than ${n} digits before decimal`,
  /** Ours, for the spec's "fractional N: digits allowed before and after the decimal". */
  fractional: (before: number, after: number) =>
    `No more than ${before} digits before decimal and ${after} digits after decimal`,
  date: 'Value must be parsed to MM/DD/YYYY',
  /** Spec 2 §5: "only the enum values; for the default currency, only USD". */
  enumeration: (values: readonly CcLookupEntry[]) =>
    values.length === 1 ? `Only ${values[0]?.code}` : `Only one of: ${values.map((v) => v.code).join(', ')}`,
  /** Ours: the spec gives no text for booleans and addresses. */
  boolean: 'Yes or No',
  address: 'Street, city, state (2 letters) and ZIP code',
} as const;

type Def =
  | { name: string; label: string; type: 'string'; max: number; phone?: boolean; pseudo?: boolean }
  | { name: string; label: string; type: 'enumeration'; values: readonly CcLookupEntry[] }
  | { name: string; label: string; type: 'date' | 'boolean' | 'address' }
  | { name: string; label: string; type: 'number'; digits: number; percent?: boolean }
  | { name: string; label: string; type: 'decimal'; digits: number; fraction: number };

const DEFS: Def[] = [
  { name: 'pseudo.formName', label: 'Form name', type: 'string', max: 200, pseudo: true },
  { name: 'pseudo.submitDate', label: 'Submit date', type: 'string', max: 10, pseudo: true },
  { name: 'pseudo.formVersion', label: 'Form version', type: 'string', max: 20, pseudo: true },
  { name: 'pseudo.applicationId', label: 'Application ID', type: 'string', max: 36, pseudo: true },
  { name: 'merchant.dbaName', label: 'DBA name', type: 'string', max: 100 },
  { name: 'merchant.legalBusinessName', label: 'Legal business name', type: 'string', max: 500 },
  { name: 'merchant.akaBusinessName', label: 'Also known as', type: 'string', max: 200 },
  { name: 'merchant.taxFilingName', label: 'Tax filing name', type: 'string', max: 500 },
  { name: 'merchant.taxFilingMethod', label: 'Tax filing method', type: 'enumeration', values: CC_TAX_FILING_METHODS },
  { name: 'merchant.businessStartDate', label: 'Business start date', type: 'date' },
  { name: 'merchant.webLeadFlg', label: 'Web lead', type: 'boolean' },
  { name: 'merchant.demographic.businessAddress', label: 'Business address', type: 'address' },
  // its parts, for forms that ask street, city, state and ZIP code as separate fields (map either the whole or parts)
  {
    name: 'merchant.demographic.businessAddress.address1',
    label: 'Business address: street',
    type: 'string',
    max: 200,
  },
  {
    name: 'merchant.demographic.businessAddress.address2',
    label: 'Business address: street, line 2',
    type: 'string',
    max: 200,
  },
  { name: 'merchant.demographic.businessAddress.city', label: 'Business address: city', type: 'string', max: 300 },
  {
    name: 'merchant.demographic.businessAddress.stateCd',
    label: 'Business address: state',
    type: 'enumeration',
    values: CC_STATE_CODES,
  },
  { name: 'merchant.demographic.businessAddress.zip', label: 'Business address: ZIP code', type: 'string', max: 10 },
  { name: 'merchant.demographic.mailingAddress', label: 'Mailing address', type: 'address' },
  // its parts, for forms that ask street, city, state and ZIP code as separate fields (map either the whole or parts)
  { name: 'merchant.demographic.mailingAddress.address1', label: 'Mailing address: street', type: 'string', max: 200 },
  {
    name: 'merchant.demographic.mailingAddress.address2',
    label: 'Mailing address: street, line 2',
    type: 'string',
    max: 200,
  },
  { name: 'merchant.demographic.mailingAddress.city', label: 'Mailing address: city', type: 'string', max: 300 },
  {
    name: 'merchant.demographic.mailingAddress.stateCd',
    label: 'Mailing address: state',
    type: 'enumeration',
    values: CC_STATE_CODES,
  },
  { name: 'merchant.demographic.mailingAddress.zip', label: 'Mailing address: ZIP code', type: 'string', max: 10 },
  { name: 'merchant.demographic.businessPhone', label: 'Business phone', type: 'string', max: 12, phone: true },
  { name: 'merchant.demographic.businessFax', label: 'Business fax', type: 'string', max: 12, phone: true },
  { name: 'merchant.demographic.websiteAddress', label: 'Website', type: 'string', max: 200 },
  { name: 'merchant.ownership.owner.ownerName', label: 'Owner name', type: 'string', max: 300 },
  { name: 'merchant.ownership.owner.ownerEmail', label: 'Owner e-mail', type: 'string', max: 300 },
  { name: 'merchant.ownership.owner.ownerPhone', label: 'Owner phone', type: 'string', max: 12, phone: true },
  {
    name: 'merchant.ownership.owner.ownerMobilePhone',
    label: 'Owner mobile phone',
    type: 'string',
    max: 12,
    phone: true,
  },
  { name: 'merchant.ownership.owner.ownerDob', label: 'Owner date of birth', type: 'date' },
  { name: 'merchant.ownership.owner.ownerSSN', label: 'Owner SSN', type: 'string', max: 11 },
  { name: 'merchant.ownership.owner.ownerTitle', label: 'Owner title', type: 'enumeration', values: CC_OWNER_TITLES },
  { name: 'merchant.ownership.owner.ownerAddress', label: 'Owner address', type: 'address' },
  {
    name: 'merchant.ownership.ownershipTypeCd',
    label: 'Ownership type',
    type: 'enumeration',
    values: CC_OWNERSHIP_TYPES,
  },
  {
    name: 'merchant.ownership.ownerOwnershipPct',
    label: 'Owner ownership %',
    type: 'number',
    digits: 3,
    percent: true,
  },
  { name: 'merchant.ownership.driversLicenseNumber', label: "Driver's license number", type: 'string', max: 100 },
  {
    name: 'merchant.ownership.driversLicenseStateCd',
    label: "Driver's license state",
    type: 'enumeration',
    values: CC_STATE_CODES,
  },
  { name: 'merchant.merchantContactInfo.contactName', label: 'Contact name', type: 'string', max: 300 },
  { name: 'merchant.merchantContactInfo.contactEmail', label: 'Contact e-mail', type: 'string', max: 300 },
  {
    name: 'merchant.merchantContactInfo.contactPhone',
    label: 'Contact phone',
    type: 'string',
    max: 12,
    phone: true,
  },
  { name: 'merchant.bankDetail.depositBank.bankName', label: 'Deposit bank name', type: 'string', max: 200 },
  { name: 'merchant.bankDetail.depositBank.bankAcctNum', label: 'Deposit account number', type: 'string', max: 25 },
  { name: 'merchant.bankDetail.depositBank.bankRoutingNum', label: 'Deposit routing number', type: 'string', max: 25 },
  {
    name: 'merchant.bankDetail.depositBank.bankAcctTypeCd',
    label: 'Deposit account type',
    type: 'enumeration',
    values: CC_BANK_ACCT_TYPES,
  },
  { name: 'merchant.processing.platformDetails.taxId', label: 'Tax ID (EIN or SSN)', type: 'string', max: 9 },
  { name: 'merchant.processing.platformDetails.mccId', label: 'Merchant category code', type: 'string', max: 5 },
  {
    name: 'merchant.processing.platformDetails.currencyCode',
    label: 'Currency',
    type: 'enumeration',
    values: CC_CURRENCY_CODES,
  },
  {
    name: 'merchant.processing.platformDetails.businessDescription',
    label: 'Business description',
    type: 'string',
    max: 4000,
  },
  {
    name: 'merchant.processing.modeOfTransaction.swipedPct',
    label: 'Swiped %',
    type: 'number',
    digits: 3,
    percent: true,
  },
  {
    name: 'merchant.processing.modeOfTransaction.keyedPct',
    label: 'Keyed %',
    type: 'number',
    digits: 3,
    percent: true,
  },
  {
    name: 'merchant.processing.modeOfTransaction.eCommercePct',
    label: 'E-commerce %',
    type: 'number',
    digits: 3,
    percent: true,
  },
  {
    name: 'merchant.processing.modeOfTransaction.mailOrderPct',
    label: 'Mail order %',
    type: 'number',
    digits: 3,
    percent: true,
  },
  {
    name: 'merchant.processing.volumeDetails.averageMonthlyVolume',
    label: 'Average monthly volume (USD)',
    type: 'decimal',
    digits: 18,
    fraction: 2,
  },
  {
    name: 'merchant.processing.volumeDetails.averageTicketAmount',
    label: 'Average ticket (USD)',
    type: 'decimal',
    digits: 18,
    fraction: 2,
  },
  {
    name: 'merchant.processing.volumeDetails.highTicketAmount',
    label: 'High ticket (USD)',
    type: 'decimal',
    digits: 18,
    fraction: 2,
  },
  { name: 'ownerSiteUser.firstName', label: 'Signer first name', type: 'string', max: 300 },
  { name: 'ownerSiteUser.lastName', label: 'Signer last name', type: 'string', max: 300 },
  { name: 'ownerSiteUser.email', label: 'Signer e-mail', type: 'string', max: 300 },
];

function attributeOf(d: Def): CcAttribute {
  const base = {
    name: d.name,
    label: d.label,
    type: d.type,
    maxLength: null,
    integerDigits: null,
    fractionDigits: null,
    percent: false,
    phone: false,
    values: [],
    pseudo: false,
  };
  switch (d.type) {
    case 'string':
      return {
        ...base,
        maxLength: d.max,
        phone: d.phone ?? false,
        pseudo: d.pseudo ?? false,
        helpText: CC_HELP.string(d.max),
      };
    case 'enumeration':
      return { ...base, values: [...d.values], helpText: CC_HELP.enumeration(d.values) };
    case 'number': {
      const percent = d.percent === true || d.digits === 3;
      return {
        ...base,
        integerDigits: d.digits,
        percent,
        helpText: percent ? CC_HELP.percent : CC_HELP.integer(d.digits),
      };
    }
    case 'decimal':
      return {
        ...base,
        integerDigits: d.digits,
        fractionDigits: d.fraction,
        helpText: CC_HELP.fractional(d.digits, d.fraction),
      };
    case 'date':
      return { ...base, helpText: CC_HELP.date };
    case 'boolean':
      return { ...base, helpText: CC_HELP.boolean };
    case 'address':
      return { ...base, helpText: CC_HELP.address };
  }
}

/** Every boarding attribute, in the order the mapper lists them. */
export const CC_ATTRIBUTES: readonly CcAttribute[] = DEFS.map(attributeOf);
