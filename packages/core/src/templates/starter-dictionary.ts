import { EMAIL_SOURCE, PHONE_NXX_SOURCE, SSN_SOURCE, URL_SOURCE } from '../forms/regex-samples';
import type { DictionaryInput } from './dictionary.schema';

/**
 * The starter dictionary (issue 10, decision 030): the entries a US merchant application needs, seeded once on a
 * fresh install. Keys are snake_case; the three system fields a merchant application names (DBA name, business
 * phone, business e-mail) are entries under the system fields' keys, so a box bound to them becomes the system
 * field and never a second copy. Identifiers (EIN, SSN, bank numbers, driver's licence) are encrypted.
 */

const DIGITS_9 = '\\d{9}';
const STATE = '[A-Z]{2}';
const ZIP = '\\d{5}(?:-\\d{4})?';

type Entry = DictionaryInput;
const text = (name: string, label: string, extra: Partial<Entry> = {}): Entry => ({
  type: 'text',
  name,
  label,
  maxLength: 100,
  ...extra,
});
const pattern = (source: string) => ({ data: { pattern: source } });
const date = (name: string, label: string, require = false): Entry => ({
  type: 'date',
  name,
  label,
  require,
  dateFormat: 'MM/dd/yyyy',
});
const percent = (name: string, label: string, require = false): Entry => ({
  type: 'number',
  name,
  label,
  require,
  minValue: 0,
  maxValue: 100,
  decimalLimit: 2,
  suffix: '%',
});
const money = (name: string, label: string, require = false): Entry => ({
  type: 'currency',
  name,
  label,
  require,
  minValue: 0,
  decimalLimit: 2,
  delimiter: true,
});
const options = (...labels: string[]) =>
  labels.map((label) => ({
    label,
    value: label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, ''),
  }));
const yesNo = (name: string, label: string): Entry => ({
  type: 'radio',
  name,
  label,
  require: true,
  options: options('Yes', 'No'),
});

/** Address lines of one place: street, city, state (two letters), ZIP. */
const address = (prefix: string, what: string, require: boolean): Entry[] => [
  text(`${prefix}_address`, `${what} street address`, { require }),
  text(`${prefix}_city`, `${what} city`, { require, maxLength: 50 }),
  text(`${prefix}_state`, `${what} state`, { require, minLength: 2, maxLength: 2, ...pattern(STATE) }),
  text(`${prefix}_zip`, `${what} ZIP code`, { require, minLength: 5, maxLength: 10, ...pattern(ZIP) }),
];

/** One owner or officer: the first is required, the second optional. */
const owner = (n: 1 | 2): Entry[] => {
  const require = n === 1;
  const who = `Owner ${n}`;
  return [
    text(`owner${n}_first_name`, `${who} first name`, { require }),
    text(`owner${n}_last_name`, `${who} last name`, { require }),
    text(`owner${n}_title`, `${who} title`, { require, maxLength: 50 }),
    date(`owner${n}_dob`, `${who} date of birth`, require),
    text(`owner${n}_ssn`, `${who} Social Security Number`, {
      require,
      encrypted: true,
      minLength: 11,
      maxLength: 11,
      ...pattern(SSN_SOURCE),
    }),
    percent(`owner${n}_ownership_percent`, `${who} ownership %`, require),
    ...address(`owner${n}_home`, `${who} home`, require),
    text(`owner${n}_phone`, `${who} phone`, { require, ...pattern(PHONE_NXX_SOURCE) }),
    text(`owner${n}_email`, `${who} e-mail`, { require, ...pattern(EMAIL_SOURCE) }),
    text(`owner${n}_drivers_license`, `${who} driver's license number`, { encrypted: true, maxLength: 30 }),
  ];
};

export const STARTER_DICTIONARY: readonly DictionaryInput[] = [
  // the business
  text('legal_name', 'Legal business name', { require: true }),
  text('CompanyName', 'DBA name (doing business as)', { require: true }),
  text('federal_tax_id', 'Federal Tax ID (EIN)', {
    require: true,
    encrypted: true,
    minLength: 9,
    maxLength: 9,
    ...pattern(DIGITS_9),
  }),
  {
    type: 'radio',
    name: 'entity_type',
    label: 'Type of business entity',
    require: true,
    options: options(
      'Sole proprietorship',
      'Partnership',
      'LLC',
      'Corporation',
      'S corporation',
      'Non-profit',
      'Government',
    ),
  },
  text('state_of_incorporation', 'State of incorporation', { minLength: 2, maxLength: 2, ...pattern(STATE) }),
  date('date_established', 'Date business established'),
  {
    type: 'number',
    name: 'years_in_business',
    label: 'Years in business',
    require: true,
    minValue: 0,
    maxValue: 300,
    decimalLimit: 0,
  },
  ...address('business', 'Business', true),
  ...address('mailing', 'Mailing', false),
  text('PhoneNumber', 'Business phone', { require: true, ...pattern(PHONE_NXX_SOURCE) }),
  text('business_fax', 'Business fax', pattern(PHONE_NXX_SOURCE)),
  text('Email', 'Business e-mail', { require: true, ...pattern(EMAIL_SOURCE) }),
  text('website', 'Website', { maxLength: 200, ...pattern(URL_SOURCE) }),
  text('mcc', 'Merchant category code (MCC)', { minLength: 4, maxLength: 4, ...pattern('\\d{4}') }),
  text('business_description', 'Products or services sold', { require: true, maxLength: 500 }),
  { type: 'number', name: 'number_of_locations', label: 'Number of locations', minValue: 1, decimalLimit: 0 },
  { type: 'number', name: 'number_of_employees', label: 'Number of employees', minValue: 0, decimalLimit: 0 },
  // owners
  ...owner(1),
  ...owner(2),
  // the bank account deposits go to
  text('bank_name', 'Bank name', { require: true }),
  text('bank_account_holder', 'Name on the bank account', { require: true }),
  text('bank_routing_number', 'Bank routing number', {
    require: true,
    encrypted: true,
    minLength: 9,
    maxLength: 9,
    ...pattern(DIGITS_9),
  }),
  text('bank_account_number', 'Bank account number', {
    require: true,
    encrypted: true,
    minLength: 4,
    maxLength: 17,
    ...pattern('\\d{4,17}'),
  }),
  {
    type: 'radio',
    name: 'bank_account_type',
    label: 'Account type',
    require: true,
    options: options('Checking', 'Savings'),
  },
  // card processing
  money('monthly_volume', 'Average monthly card volume', true),
  money('annual_volume', 'Annual card volume'),
  money('average_ticket', 'Average ticket', true),
  money('highest_ticket', 'Highest ticket', true),
  percent('card_present_percent', 'Card present (swiped, dipped or tapped) %', true),
  percent('keyed_percent', 'Keyed (card not present) %', true),
  percent('ecommerce_percent', 'E-commerce %', true),
  percent('moto_percent', 'Mail or telephone order %'),
  {
    type: 'checkboxList',
    name: 'accepted_cards',
    label: 'Cards accepted',
    options: options('Visa', 'Mastercard', 'Discover', 'American Express'),
  },
  text('current_processor', 'Current processor'),
  {
    type: 'radio',
    name: 'refund_policy',
    label: 'Refund policy',
    options: options('No refunds', 'Exchange only', 'Refund within 30 days', 'Refund after more than 30 days'),
  },
  { type: 'checkbox', name: 'seasonal_business', label: 'The business is seasonal' },
  yesNo('previously_terminated', 'Has the business or an owner ever been terminated by a card processor?'),
  yesNo('bankruptcy', 'Has the business or an owner ever filed for bankruptcy?'),
  // signing
  { type: 'signature', name: 'signature', label: 'Signature', require: true },
  text('signer_name', 'Printed name of the signer', { require: true }),
  text('signer_title', 'Title of the signer', { require: true, maxLength: 50 }),
  date('date_signed', 'Date signed', true),
];
