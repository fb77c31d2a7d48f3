import { toCcDate } from './cardconnect-convert';

/**
 * Which answers go to which Worldpay PayFac fields (issue #24 §2; decision 088). The simplest honest mapping: the
 * starter dictionary's keys (those of the sample master form) to the Merchant Provisioner's legal-entity and
 * sub-merchant elements (names and limits from its XSD, `merchant-onboard-api-v13.1.xsd`), in the XSD's order. A form
 * built on the starter dictionary stages as is; an answer that is missing where Worldpay requires it, or that does
 * not fit (too long, not a date, not a whole percentage…), is a problem naming the form's label, never a silent blank
 * or a cut value. Constants the form does not ask for (ownership PRIVATE, country USA, currency USD) are stated here.
 */

export type Answers = Record<string, unknown>;

export interface VantivLegalEntity {
  legalEntityName: string;
  legalEntityType: string;
  legalEntityOwnershipType: 'PRIVATE';
  doingBusinessAs?: string;
  taxId?: string;
  contactPhone?: string;
  annualCreditCardSalesVolume: string;
  hasAcceptedCreditCards: boolean;
  address: VantivAddress;
  principal: {
    title?: string;
    firstName: string;
    lastName: string;
    ssn?: string;
    dateOfBirth: string;
    address?: Partial<VantivAddress>;
    stakePercent: number;
  };
  yearsInBusiness?: string;
}

export interface VantivAddress {
  streetAddress1: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  countryCode: string;
}

export interface VantivSubMerchant {
  merchantName: string;
  url: string;
  customerServiceNumber: string;
  hardCodedBillingDescriptor: string;
  /** In cents, as Worldpay's amounts are. */
  maxTransactionAmount: number;
  purchaseCurrency: 'USD';
  merchantCategoryCode: string;
  bankRoutingNumber: string;
  bankAccountNumber: string;
  /** Our reference of the sub-merchant: the application id without dashes (32 characters, the XSD's limit). */
  pspMerchantId: string;
  address: VantivAddress;
  primaryContact: { firstName: string; lastName: string; emailAddress: string; phone: string };
  settlementCurrency: 'USD';
}

/** The starter dictionary's entity types to the XSD's `legalEntityType`. */
export const VANTIV_ENTITY_TYPES: Readonly<Record<string, string>> = {
  sole_proprietorship: 'INDIVIDUAL_SOLE_PROPRIETORSHIP',
  partnership: 'PARTNERSHIP',
  llc: 'LIMITED_LIABILITY_COMPANY',
  corporation: 'CORPORATION',
  s_corporation: 'CORPORATION',
  non_profit: 'TAX_EXEMPT_ORGANIZATION',
  government: 'GOVERNMENT_AGENCY',
};

/** Each Worldpay field and the dictionary key its answer comes from (documented in decision 088). */
export const VANTIV_FIELD_KEYS = {
  legalEntityName: 'legal_name',
  legalEntityType: 'entity_type',
  doingBusinessAs: 'CompanyName',
  taxId: 'federal_tax_id',
  contactPhone: 'PhoneNumber',
  annualCreditCardSalesVolume: 'annual_volume',
  hasAcceptedCreditCards: 'current_processor',
  streetAddress1: 'business_address',
  city: 'business_city',
  stateProvince: 'business_state',
  postalCode: 'business_zip',
  yearsInBusiness: 'years_in_business',
  principalFirstName: 'owner1_first_name',
  principalLastName: 'owner1_last_name',
  principalTitle: 'owner1_title',
  principalSsn: 'owner1_ssn',
  principalDateOfBirth: 'owner1_dob',
  principalStakePercent: 'owner1_ownership_percent',
  principalStreetAddress1: 'owner1_home_address',
  principalCity: 'owner1_home_city',
  principalStateProvince: 'owner1_home_state',
  principalPostalCode: 'owner1_home_zip',
  url: 'website',
  maxTransactionAmount: 'highest_ticket',
  merchantCategoryCode: 'mcc',
  bankRoutingNumber: 'bank_routing_number',
  bankAccountNumber: 'bank_account_number',
  emailAddress: 'Email',
} as const;

export type VantivBuilt =
  | { ok: true; legalEntity: VantivLegalEntity; subMerchant: VantivSubMerchant }
  | { ok: false; problems: string[] };

const K = VANTIV_FIELD_KEYS;

/**
 * The legal entity and sub-merchant an application's answers make. `labelOf` names a form key as the form shows it
 * (the key itself when the form has no such field).
 */
export function buildVantivMerchant(opts: {
  applicationId: string;
  data: Answers;
  labelOf: (key: string) => string;
}): VantivBuilt {
  const { data, labelOf } = opts;
  const problems: string[] = [];
  const raw = (key: string): string | undefined => {
    const v = data[key];
    if (v === undefined || v === null) return undefined;
    const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
    return s === '' ? undefined : s;
  };
  const fail = (key: string, why: string) => {
    problems.push(`${labelOf(key)}: ${why}`);
    return undefined;
  };
  /** Text up to `max` characters; `required` names the label when it is missing. */
  const text = (key: string, max: number, required = true): string | undefined => {
    const v = raw(key);
    if (v === undefined) return required ? fail(key, 'Worldpay requires it.') : undefined;
    if (v.length > max) return fail(key, `no more than ${max} characters for Worldpay.`);
    return v;
  };
  const digits = (key: string, min: number, max: number, required = true): string | undefined => {
    const v = raw(key);
    if (v === undefined) return required ? fail(key, 'Worldpay requires it.') : undefined;
    const d = v.replace(/[\s\-().+]/g, '');
    if (!/^\d+$/.test(d) || d.length < min || d.length > max) {
      return fail(key, min === max ? `${min} digits for Worldpay.` : `${min} to ${max} digits for Worldpay.`);
    }
    return d;
  };
  /** A US phone as Worldpay's 10 digits (a leading 1 dropped). */
  const phone = (key: string, required = true): string | undefined => {
    const d = digits(key, 10, 11, required);
    if (d === undefined || d.length === 10) return d;
    return d.startsWith('1') ? d.slice(1) : fail(key, '10 digits for Worldpay.');
  };
  const amount = (key: string): number | undefined => {
    const v = raw(key);
    if (v === undefined) return fail(key, 'Worldpay requires it.');
    const n = Number(v.replace(/[$,\s]/g, ''));
    if (!Number.isFinite(n) || n < 0) return fail(key, 'an amount in dollars for Worldpay.');
    return n;
  };
  const address = (prefix: 'business' | 'owner1_home', required: boolean): Partial<VantivAddress> => ({
    streetAddress1: text(`${prefix}_address`, 60, required),
    city: text(`${prefix}_city`, 20, required),
    stateProvince: text(`${prefix}_state`, 2, required)?.toUpperCase(),
    postalCode: text(`${prefix}_zip`, 7, required),
    countryCode: 'USA',
  });

  const legalName = text(K.legalEntityName, 60);
  if (legalName !== undefined && !/^[\x20-\x7e]*$/.test(legalName)) {
    fail(K.legalEntityName, 'Worldpay takes only basic Latin letters, digits and punctuation here.');
  }
  const entityRaw = raw(K.legalEntityType);
  const entityType = entityRaw === undefined ? undefined : VANTIV_ENTITY_TYPES[entityRaw];
  if (entityRaw === undefined) fail(K.legalEntityType, 'Worldpay requires it.');
  else if (!entityType) fail(K.legalEntityType, `"${entityRaw}" is not a legal entity type Worldpay knows.`);
  const dba = text(K.doingBusinessAs, 60, false);
  const taxId = digits(K.taxId, 9, 9, false);
  const contactPhone = phone(K.contactPhone, false);
  const annualRaw = raw(K.annualCreditCardSalesVolume);
  let annual: number | undefined;
  if (annualRaw !== undefined) annual = amount(K.annualCreditCardSalesVolume);
  else {
    const monthly = raw('monthly_volume');
    annual = monthly === undefined ? fail(K.annualCreditCardSalesVolume, 'Worldpay requires it.') : undefined;
    if (monthly !== undefined) {
      const m = amount('monthly_volume');
      annual = m === undefined ? undefined : m * 12;
    }
  }
  const business = address('business', true);
  const years = digits(K.yearsInBusiness, 1, 3, false);
  const firstName = text(K.principalFirstName, 20);
  const lastName = text(K.principalLastName, 20);
  const title = text(K.principalTitle, 60, false);
  const ssn = digits(K.principalSsn, 9, 9, false);
  const dobRaw = raw(K.principalDateOfBirth);
  let dateOfBirth: string | undefined;
  if (dobRaw === undefined) fail(K.principalDateOfBirth, 'Worldpay requires it.');
  else {
    const us = toCcDate(dobRaw);
    if (!us) fail(K.principalDateOfBirth, 'a date for Worldpay.');
    else dateOfBirth = `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;
  }
  const stakeRaw = raw(K.principalStakePercent);
  let stake: number | undefined;
  if (stakeRaw === undefined) fail(K.principalStakePercent, 'Worldpay requires it.');
  else {
    const n = Number(stakeRaw.replace(/%$/, ''));
    if (!Number.isInteger(n) || n < 0 || n > 100)
      fail(K.principalStakePercent, 'a whole percentage 0 to 100 for Worldpay.');
    else stake = n;
  }
  const home = address('owner1_home', false);

  const merchantName = text(K.doingBusinessAs, 50);
  const descriptor = raw(K.doingBusinessAs);
  if (descriptor !== undefined && descriptor.length > 25) {
    fail(K.doingBusinessAs, 'no more than 25 characters for the billing descriptor Worldpay shows on card statements.');
  }
  const url = text(K.url, 120);
  const serviceNumber = phone(K.contactPhone);
  const highest = amount(K.maxTransactionAmount);
  const mcc = digits(K.merchantCategoryCode, 4, 4);
  const routing = digits(K.bankRoutingNumber, 9, 9);
  const account = digits(K.bankAccountNumber, 4, 17);
  const email = text(K.emailAddress, 100);

  if (problems.length > 0) return { ok: false, problems: [...new Set(problems)] };
  const homeGiven = Object.entries(home).filter(([k, v]) => k !== 'countryCode' && v !== undefined).length > 0;
  const legalEntity: VantivLegalEntity = {
    legalEntityName: legalName as string,
    legalEntityType: entityType as string,
    legalEntityOwnershipType: 'PRIVATE',
    ...(dba === undefined ? {} : { doingBusinessAs: dba }),
    ...(taxId === undefined ? {} : { taxId }),
    ...(contactPhone === undefined ? {} : { contactPhone }),
    annualCreditCardSalesVolume: String(Math.round(annual as number)),
    hasAcceptedCreditCards: raw(K.hasAcceptedCreditCards) !== undefined,
    address: business as VantivAddress,
    principal: {
      ...(title === undefined ? {} : { title }),
      firstName: firstName as string,
      lastName: lastName as string,
      ...(ssn === undefined ? {} : { ssn }),
      dateOfBirth: dateOfBirth as string,
      ...(homeGiven ? { address: home } : {}),
      stakePercent: stake as number,
    },
    ...(years === undefined ? {} : { yearsInBusiness: years }),
  };
  const subMerchant: VantivSubMerchant = {
    merchantName: merchantName as string,
    url: url as string,
    customerServiceNumber: serviceNumber as string,
    hardCodedBillingDescriptor: descriptor as string,
    maxTransactionAmount: Math.round((highest as number) * 100),
    purchaseCurrency: 'USD',
    merchantCategoryCode: mcc as string,
    bankRoutingNumber: routing as string,
    bankAccountNumber: account as string,
    pspMerchantId: opts.applicationId.replace(/-/g, ''),
    address: business as VantivAddress,
    primaryContact: {
      firstName: firstName as string,
      lastName: lastName as string,
      emailAddress: email as string,
      phone: serviceNumber as string,
    },
    settlementCurrency: 'USD',
  };
  return { ok: true, legalEntity, subMerchant };
}
