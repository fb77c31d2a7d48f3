/**
 * The dictionary regex samples of spec 1 §3, offered in the builder as `validate.pattern` values.
 * `source` is unanchored because Form.io anchors patterns itself; the exported RegExps are anchored.
 */

/** US phone number NXX-XXX-XXXX: the area code cannot start with 0 or 1. */
export const PHONE_NXX_SOURCE = '[2-9]\\d{2}-\\d{3}-\\d{4}';
/**
 * Spec 1 §5's e-mail rule (word characters with dots or hyphens, an @, a domain, a suffix of 2 or more letters),
 * written with mandatory separators inside repeated groups so that it cannot backtrack exponentially.
 */
export const EMAIL_SOURCE = '[\\w+]+(?:[.-][\\w+]+)*@\\w+(?:[.-]\\w+)*\\.[A-Za-z]{2,}';
export const URL_SOURCE =
  'https?://(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,}(?::\\d{2,5})?(?:[/?#][^\\s]*)?';
/** Social Security Number AAA-GG-SSSS; 000, 666 and 900-999 areas, 00 groups and 0000 serials are never issued. */
export const SSN_SOURCE = '(?!000|666|9\\d{2})\\d{3}-(?!00)\\d{2}-(?!0000)\\d{4}';
/** Letters only, words separated by single spaces. */
export const WORDS_ONLY_SOURCE = '[A-Za-z]+(?: [A-Za-z]+)*';

const anchored = (source: string) => new RegExp(`^(?:${source})$`);

export const PHONE_NXX_REGEX = anchored(PHONE_NXX_SOURCE);
export const EMAIL_REGEX = anchored(EMAIL_SOURCE);
export const URL_REGEX = anchored(URL_SOURCE);
export const SSN_REGEX = anchored(SSN_SOURCE);
export const WORDS_ONLY_REGEX = anchored(WORDS_ONLY_SOURCE);

/** The samples as the builder lists them. */
export const REGEX_SAMPLES = [
  { id: 'phone', label: 'Phone number (NXX-XXX-XXXX)', source: PHONE_NXX_SOURCE, regex: PHONE_NXX_REGEX },
  { id: 'email', label: 'Email', source: EMAIL_SOURCE, regex: EMAIL_REGEX },
  { id: 'url', label: 'URL', source: URL_SOURCE, regex: URL_REGEX },
  { id: 'ssn', label: 'SSN', source: SSN_SOURCE, regex: SSN_REGEX },
  { id: 'wordsOnly', label: 'Words only', source: WORDS_ONLY_SOURCE, regex: WORDS_ONLY_REGEX },
] as const;
