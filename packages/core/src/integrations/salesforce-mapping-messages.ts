/**
 * What the Salesforce mapping says to people (issue #23 §5; decision 075): every refusal names the Salesforce field
 * by its API name, says what it expects and quotes what the form gives, so that the person can act on it.
 */

const quote = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const shown = (text ?? String(value)).replace(/\s+/g, ' ');
  return `'${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}'`;
};

const list = (values: readonly string[], max = 8): string =>
  values.length > max ? `${values.slice(0, max).join(', ')} and ${values.length - max} more` : values.join(', ');

export const SF_MAPPING_MESSAGES = {
  /** Kinds of values, as the messages name them. */
  expects: {
    text: 'text',
    number: 'a number',
    wholeNumber: 'a whole number',
    date: 'a full date',
    dateTime: 'a date and time',
    boolean: 'yes or no (a checkbox)',
    link: 'a link',
    email: 'an e-mail address',
    phone: 'a phone number',
  },
  /** A problem with an encrypted answer: said without the answer (it would be stored and shown in the sync's words). */
  encryptedRefused: (sfField: string, label: string) =>
    `The Salesforce field ${sfField} does not accept the encrypted answer "${label}" as it is; check its format on the application`,
  expectsValue: (sfField: string, what: string, value: unknown) =>
    `The Salesforce field ${sfField} expects ${what}; the form gives ${quote(value)}`,
  tooLong: (sfField: string, length: number, given: number) =>
    `The Salesforce field ${sfField} holds at most ${length} characters; the form gives ${given}`,
  tooManyDigits: (sfField: string, digits: number, value: unknown) =>
    `The Salesforce field ${sfField} takes at most ${digits} digits before the decimal point; the form gives ${quote(value)}`,
  notAPicklistValue: (sfField: string, value: unknown, allowed: readonly string[]) =>
    `The Salesforce field ${sfField} does not accept ${quote(value)}; its values are ${list(allowed)}`,
  noLink: (sfField: string) => `The Salesforce field ${sfField} expects a link; the form's file has none`,
  requiredEmpty: (sfField: string, label: string, formKey: string) =>
    `The Salesforce field ${sfField} (${label}) is required; the form's field ${formKey} is empty`,
  requiredUnmapped: (sfField: string, label: string) =>
    `The Salesforce field ${sfField} (${label}) is required and no form field is mapped to it`,
  noFormField: (formKey: string) => `The form has no field ${formKey} to map`,
  noSfField: (object: string, sfField: string) => `The Salesforce object ${object} has no field ${sfField}`,
  notWritable: (sfField: string) => `The Salesforce field ${sfField} cannot be written (it is read-only in Salesforce)`,
  typeNotMappable: (sfField: string, sfType: string) =>
    `The Salesforce field ${sfField} is of type ${sfType}, which no form field can fill`,
  incompatible: (sfField: string, sfType: string, allowed: readonly string[], formKey: string, formType: string) =>
    `The Salesforce field ${sfField} (${sfType}) takes ${list(allowed)} fields; ${formKey} is a ${formType} field`,
  optionsNotInPicklist: (sfField: string, formKey: string, options: readonly string[]) =>
    `The options ${list(options.map((o) => `'${o}'`))} of ${formKey} are not values of the Salesforce picklist ${sfField}`,
  notExternalId: (object: string, sfField: string) =>
    `The Salesforce field ${sfField} of ${object} is not marked as an External ID`,
  externalIdMapped: (sfField: string) =>
    `The Salesforce field ${sfField} holds the application's id: no form field may be mapped to it`,
  unavailable: 'Salesforce did not answer as expected. Try again in a moment.',
  mappingInvalid: 'The mapping was not saved: fix the fields listed.',
  objectNotFound: (object: string) => `Salesforce has no object ${object} (or the connected user cannot see it)`,
  /** Why the company's connection cannot be used, by its state. */
  unusable: {
    not_connected: 'Salesforce is not connected. Connect it on the Manage integrations page first.',
    expired: 'The Salesforce connection expired. Use Update Token on the Manage integrations page.',
    turned_off: 'Salesforce is turned off for your company. Turn it back on on the Manage integrations page.',
  },
  noMapping: 'This form has no Salesforce mapping',
  mappedTwice: (sfField: string) => `The Salesforce field ${sfField} is mapped more than once`,
} as const;
