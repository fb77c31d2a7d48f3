import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import type { FormComponent } from './form.schema';
import { formatPhone } from './format';
import { PHONE_NXX_SOURCE, SSN_SOURCE } from './regex-samples';

/**
 * Numbers people write in many ways (issue 21: `12-3456789`, `123 45 6789`, `(555) 123-4567`): the text typed is
 * turned into the form the field stores before any rule runs, and a value that is still wrong is described by the
 * form expected with an example, never by a character count.
 */
export interface IdentifierFormat {
  /** The stored form of what was typed; the text as typed when it is not such a number. */
  normalise(text: string): string;
  /** What the field expects, with an example ('… must be 9 digits, like 12-3456789'). */
  message(label: string): string;
}

/** Spaces, dashes, dots, brackets and slashes between the digits. */
const SEPARATORS = /[\s().\-/]/g;

/** The digits of the text when it is only digits and separators (a leading + allowed), else undefined. */
function digitsOf(text: string): string | undefined {
  const bare = text.trim().replace(/^\+/, '').replace(SEPARATORS, '');
  return /^\d+$/.test(bare) ? bare : undefined;
}

/** A format of `n` digits (or `min`..`max`), stored by `layout` (`#` a digit). */
function digitFormat(
  min: number,
  max: number,
  layout: ((d: string) => string) | null,
  message: IdentifierFormat['message'],
) {
  return {
    normalise(text: string) {
      const digits = digitsOf(text);
      if (digits === undefined || digits.length < min || digits.length > max) return text;
      return layout ? layout(digits) : digits;
    },
    message,
  } satisfies IdentifierFormat;
}

/**
 * A US number of 10 digits, or 11 with the country code 1 in front (which is dropped). A number written with `+` is
 * US only as +1 and 10 digits: `+65 6123 4567` is another country's and is kept as typed, never rewritten as +1.
 */
const usPhoneDigits = (text: string): string | undefined => {
  const digits = digitsOf(text);
  if (digits?.length === 11 && digits.startsWith('1')) return digits.slice(1);
  if (text.trim().startsWith('+')) return undefined;
  return digits?.length === 10 ? digits : undefined;
};

const EIN = digitFormat(9, 9, null, MESSAGES.formatEin);
const ROUTING = digitFormat(9, 9, null, MESSAGES.formatRouting);
const BANK_ACCOUNT = digitFormat(4, 17, null, MESSAGES.formatBankAccount);
const SSN = digitFormat(9, 9, (d) => `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`, MESSAGES.formatSsn);
/** The dictionary's NXX-XXX-XXXX pattern: stored that way. */
const PHONE_NXX: IdentifierFormat = {
  normalise(text) {
    const d = usPhoneDigits(text);
    return d ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : text;
  },
  message: MESSAGES.formatPhone,
};
/** A phone number field (spec 1 §5): a US number is stored as it is displayed, `(ddd) ddd-dddd` (+1 kept). */
const PHONE_FIELD: IdentifierFormat = {
  normalise(text) {
    return usPhoneDigits(text) ? formatPhone(text.trim()) : text;
  },
  message: MESSAGES.formatContactNumber,
};

/** Keys or labels that name a tax id (EIN, TIN): their 9 digits are written like 12-3456789. */
const TAX_ID = /tax|\bein\b|\(ein\)|\btin\b/i;

/**
 * The format of a field, by its type (phone number) or by the starter dictionary's patterns (decision 030) a text
 * field carries: forms already built keep working without a new property.
 */
export function identifierFormatOf(component: FormComponent): IdentifierFormat | undefined {
  if (component.type === 'phoneNumber') return PHONE_FIELD;
  if (component.type !== 'textfield' || component.inputMask) return undefined;
  switch (component.validate?.pattern) {
    case '\\d{9}':
      return TAX_ID.test(`${component.key} ${component.label ?? ''}`) ? EIN : ROUTING;
    case '\\d{4,17}':
      return BANK_ACCOUNT;
    case SSN_SOURCE:
      return SSN;
    case PHONE_NXX_SOURCE:
      return PHONE_NXX;
    default:
      return undefined;
  }
}
