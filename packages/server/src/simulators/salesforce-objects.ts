/**
 * The objects of the Salesforce simulator (`salesforce.ts`): describes shaped like Salesforce's
 * `/sobjects/{Object}/describe` (wire type names: `boolean`, `datetime`, `currency`, `picklist`...) and the checks a
 * create, update or upsert runs, answering Salesforce's error entries `{message, errorCode, fields}`. A simulator's
 * catalogue, not Salesforce's: enough realistic fields to map a merchant application and to break naive clients.
 */

export interface SimPicklistValue {
  value: string;
  label: string;
  active: boolean;
  defaultValue: boolean;
}

export interface SimField {
  name: string;
  label: string;
  type: string;
  length: number;
  precision: number;
  scale: number;
  digits: number;
  nillable: boolean;
  createable: boolean;
  updateable: boolean;
  defaultedOnCreate: boolean;
  externalId: boolean;
  unique: boolean;
  custom: boolean;
  restrictedPicklist: boolean;
  picklistValues: SimPicklistValue[];
  referenceTo: string[];
  soapType: string;
}

export interface SimObject {
  name: string;
  label: string;
  labelPlural: string;
  keyPrefix: string;
  custom: boolean;
  fields: SimField[];
}

/** One entry of Salesforce's error array. `fields` is absent where Salesforce leaves it out (parser errors). */
export interface SimError {
  message: string;
  errorCode: string;
  fields?: string[];
}

const SOAP_TYPES: Record<string, string> = {
  id: 'tns:ID',
  reference: 'tns:ID',
  boolean: 'xsd:boolean',
  int: 'xsd:int',
  double: 'xsd:double',
  currency: 'xsd:double',
  percent: 'xsd:double',
  date: 'xsd:date',
  datetime: 'xsd:dateTime',
};

type FieldOptions = Partial<Omit<SimField, 'name' | 'type' | 'picklistValues'>> & { values?: string[] };

function field(name: string, type: string, o: FieldOptions = {}): SimField {
  const custom = name.endsWith('__c');
  const label = o.label ?? name.replace(/__c$/, '').replace(/_/g, ' ');
  const values = o.values ?? [];
  return {
    name,
    label,
    type,
    length: o.length ?? (['string', 'textarea', 'phone', 'email', 'url', 'picklist'].includes(type) ? 255 : 0),
    precision: o.precision ?? (['currency', 'double', 'percent'].includes(type) ? 18 : 0),
    scale: o.scale ?? 0,
    digits: o.digits ?? (type === 'int' ? 9 : 0),
    nillable: o.nillable ?? true,
    createable: o.createable ?? true,
    updateable: o.updateable ?? o.createable ?? true,
    defaultedOnCreate: o.defaultedOnCreate ?? false,
    externalId: o.externalId ?? false,
    unique: o.unique ?? false,
    custom,
    restrictedPicklist: o.restrictedPicklist ?? false,
    picklistValues: values.map((v, i) => ({
      value: v,
      label: v,
      active: true,
      defaultValue: Boolean(o.defaultedOnCreate) && i === 0,
    })),
    referenceTo: o.referenceTo ?? [],
    soapType: SOAP_TYPES[type] ?? 'xsd:string',
  };
}

/** Fields Salesforce sets itself: readable, never written. */
const systemFields = () => [
  field('Id', 'id', { label: 'Record ID', length: 18, nillable: false, createable: false, defaultedOnCreate: true }),
  field('IsDeleted', 'boolean', { label: 'Deleted', nillable: false, createable: false, defaultedOnCreate: true }),
  field('CreatedDate', 'datetime', {
    label: 'Created Date',
    nillable: false,
    createable: false,
    defaultedOnCreate: true,
  }),
  field('LastModifiedDate', 'datetime', {
    label: 'Last Modified Date',
    nillable: false,
    createable: false,
    defaultedOnCreate: true,
  }),
];

/** The external id the portal's mapping proposes: our application id on the record, for idempotent upserts. */
const underApplicationId = () =>
  field('Under_Application_Id__c', 'string', { label: 'Under Application Id', length: 64, externalId: true });

const INDUSTRIES = [
  'Agriculture',
  'Banking',
  'Construction',
  'Education',
  'Finance',
  'Healthcare',
  'Hospitality',
  'Retail',
  'Technology',
  'Other',
];

export function simObjects(): SimObject[] {
  return [
    {
      name: 'Lead',
      label: 'Lead',
      labelPlural: 'Leads',
      keyPrefix: '00Q',
      custom: false,
      fields: [
        ...systemFields(),
        field('FirstName', 'string', { label: 'First Name', length: 40 }),
        field('LastName', 'string', { label: 'Last Name', length: 80, nillable: false }),
        field('Company', 'string', { length: 255, nillable: false }),
        field('Title', 'string', { length: 128 }),
        field('Email', 'email', { length: 80 }),
        field('Phone', 'phone', { length: 40 }),
        field('Website', 'url', { length: 255 }),
        field('Street', 'textarea', { length: 255 }),
        field('City', 'string', { length: 40 }),
        field('State', 'string', { label: 'State/Province', length: 80 }),
        field('PostalCode', 'string', { label: 'Zip/Postal Code', length: 20 }),
        field('Country', 'string', { length: 80 }),
        field('AnnualRevenue', 'currency', { label: 'Annual Revenue', precision: 18, scale: 0 }),
        field('NumberOfEmployees', 'int', { label: 'Employees', digits: 8 }),
        field('Industry', 'picklist', { length: 255, values: INDUSTRIES, restrictedPicklist: true }),
        field('Status', 'picklist', {
          label: 'Lead Status',
          length: 255,
          nillable: false,
          defaultedOnCreate: true,
          restrictedPicklist: true,
          values: ['Open - Not Contacted', 'Working - Contacted', 'Closed - Converted', 'Closed - Not Converted'],
        }),
        field('HasOptedOutOfEmail', 'boolean', { label: 'Email Opt Out', nillable: false, defaultedOnCreate: true }),
        field('Description', 'textarea', { length: 32000 }),
        field('Follow_Up_Date__c', 'date', { label: 'Follow-up Date' }),
        field('Submitted_At__c', 'datetime', { label: 'Submitted At' }),
        underApplicationId(),
      ],
    },
    {
      name: 'Account',
      label: 'Account',
      labelPlural: 'Accounts',
      keyPrefix: '001',
      custom: false,
      fields: [
        ...systemFields(),
        field('Name', 'string', { label: 'Account Name', length: 255, nillable: false }),
        field('AccountNumber', 'string', { label: 'Account Number', length: 40 }),
        field('Phone', 'phone', { length: 40 }),
        field('Website', 'url', { length: 255 }),
        field('Industry', 'picklist', { values: INDUSTRIES, restrictedPicklist: true }),
        field('Type', 'picklist', { label: 'Account Type', values: ['Prospect', 'Customer - Direct', 'Other'] }),
        field('AnnualRevenue', 'currency', { label: 'Annual Revenue' }),
        field('NumberOfEmployees', 'int', { label: 'Employees', digits: 8 }),
        field('BillingStreet', 'textarea', { label: 'Billing Street', length: 255 }),
        field('BillingCity', 'string', { label: 'Billing City', length: 40 }),
        field('BillingPostalCode', 'string', { label: 'Billing Zip/Postal Code', length: 20 }),
        field('Description', 'textarea', { length: 32000 }),
        underApplicationId(),
      ],
    },
    {
      name: 'Contact',
      label: 'Contact',
      labelPlural: 'Contacts',
      keyPrefix: '003',
      custom: false,
      fields: [
        ...systemFields(),
        field('FirstName', 'string', { label: 'First Name', length: 40 }),
        field('LastName', 'string', { label: 'Last Name', length: 80, nillable: false }),
        field('Email', 'email', { length: 80 }),
        field('Phone', 'phone', { length: 40 }),
        field('MobilePhone', 'phone', { label: 'Mobile Phone', length: 40 }),
        field('Birthdate', 'date'),
        field('AccountId', 'reference', { label: 'Account ID', length: 18, referenceTo: ['Account'] }),
        field('HasOptedOutOfEmail', 'boolean', { label: 'Email Opt Out', nillable: false, defaultedOnCreate: true }),
        underApplicationId(),
      ],
    },
    {
      name: 'Opportunity',
      label: 'Opportunity',
      labelPlural: 'Opportunities',
      keyPrefix: '006',
      custom: false,
      fields: [
        ...systemFields(),
        field('Name', 'string', { label: 'Opportunity Name', length: 120, nillable: false }),
        field('StageName', 'picklist', {
          label: 'Stage',
          nillable: false,
          restrictedPicklist: true,
          values: ['Prospecting', 'Qualification', 'Proposal/Price Quote', 'Closed Won', 'Closed Lost'],
        }),
        field('CloseDate', 'date', { label: 'Close Date', nillable: false }),
        field('Amount', 'currency', { precision: 18, scale: 2 }),
        field('Probability', 'percent', { label: 'Probability (%)', precision: 3, scale: 0 }),
        field('AccountId', 'reference', { label: 'Account ID', length: 18, referenceTo: ['Account'] }),
        underApplicationId(),
      ],
    },
    {
      name: 'Merchant_Application__c',
      label: 'Merchant Application',
      labelPlural: 'Merchant Applications',
      keyPrefix: 'a0M',
      custom: true,
      fields: [
        ...systemFields(),
        field('Name', 'string', { label: 'Merchant Application Name', length: 80 }),
        field('Legal_Name__c', 'string', { label: 'Legal Name', length: 255, nillable: false }),
        field('DBA_Name__c', 'string', { label: 'DBA Name', length: 255 }),
        field('Tax_Id__c', 'string', { label: 'Tax Id', length: 9 }),
        field('Monthly_Volume__c', 'currency', { label: 'Monthly Volume', precision: 16, scale: 2 }),
        field('Average_Ticket__c', 'double', { label: 'Average Ticket', precision: 16, scale: 2 }),
        field('Ownership__c', 'percent', { label: 'Ownership', precision: 5, scale: 2 }),
        field('Business_Start_Date__c', 'date', { label: 'Business Start Date' }),
        field('Accepts_Cards__c', 'boolean', { label: 'Accepts Cards', nillable: false, defaultedOnCreate: true }),
        field('Business_Type__c', 'picklist', {
          label: 'Business Type',
          restrictedPicklist: true,
          values: ['Sole Proprietorship', 'Partnership', 'LLC', 'Corporation', 'Non-Profit'],
        }),
        field('Signed_At__c', 'datetime', { label: 'Signed At' }),
        field('Signature_Url__c', 'url', { label: 'Signature', length: 1000 }),
        field('Contact_Email__c', 'email', { label: 'Contact Email', length: 80 }),
        field('Contact_Phone__c', 'phone', { label: 'Contact Phone', length: 40 }),
        field('Notes__c', 'textarea', { label: 'Notes', length: 32768 }),
        underApplicationId(),
      ],
    },
  ];
}

/** The describe answer, as Salesforce shapes it (with a few of its many other keys, which clients must ignore). */
export function describeOf(o: SimObject, base: string) {
  return {
    name: o.name,
    label: o.label,
    labelPlural: o.labelPlural,
    keyPrefix: o.keyPrefix,
    custom: o.custom,
    createable: true,
    updateable: true,
    queryable: true,
    deletable: true,
    fields: o.fields.map((f) => ({
      ...f,
      autoNumber: false,
      calculated: false,
      filterable: true,
      inlineHelpText: null,
      relationshipName: f.type === 'reference' ? f.name.replace(/Id$/, '') : null,
    })),
    recordTypeInfos: [],
    urls: { sobject: `${base}/sobjects/${o.name}`, describe: `${base}/sobjects/${o.name}/describe` },
  };
}

const NUMBER_TYPES = new Set(['int', 'double', 'currency', 'percent']);
const TEXT_TYPES = new Set(['string', 'textarea', 'phone', 'email', 'url', 'picklist', 'multipicklist', 'reference']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Where `"key"` stands in the raw body, as Salesforce's parser errors say it (`[line:1, column:22]`). */
function position(raw: string, key: string): string {
  const at = raw.indexOf(`"${key}"`);
  if (at < 0) return '[line:1, column:1]';
  const before = raw.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n') + key.length + 3;
  return `[line:${line}, column:${column}]`;
}

function tokenName(v: unknown): string {
  if (typeof v === 'string') return 'VALUE_STRING';
  if (typeof v === 'boolean') return v ? 'VALUE_TRUE' : 'VALUE_FALSE';
  if (typeof v === 'number') return Number.isInteger(v) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT';
  if (Array.isArray(v)) return 'START_ARRAY';
  return 'START_OBJECT';
}

function parserError(f: SimField, v: unknown, raw: string): SimError {
  const shown = typeof v === 'string' ? v : JSON.stringify(v);
  return {
    // Salesforce's wording: it names the type and the value, not the field (clients find the field themselves)
    message: `Cannot deserialize instance of ${f.type} from ${tokenName(v)} value ${shown} or request may be missing a required field at ${position(raw, f.name)}`,
    errorCode: 'JSON_PARSER_ERROR',
  };
}

/** A value Salesforce's deserializer accepts for the type, converted; `undefined` when it would refuse it. */
function convert(f: SimField, v: unknown): unknown {
  if (NUMBER_TYPES.has(f.type)) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n)) return undefined;
    if (f.type === 'int' && !Number.isInteger(n)) return undefined;
    return n;
  }
  if (f.type === 'boolean') {
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    return undefined;
  }
  if (f.type === 'date') {
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
    const d = new Date(`${v}T00:00:00Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? undefined : v;
  }
  if (f.type === 'datetime') {
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return undefined;
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString().replace('Z', '+0000');
  }
  if (TEXT_TYPES.has(f.type)) {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return undefined;
  }
  return undefined;
}

export type WriteCheck = { ok: true; values: Record<string, unknown> } | { ok: false; errors: SimError[] };

/**
 * Checks a create (`mode: 'create'`) or an update's body against the object's fields, in Salesforce's order: unknown
 * fields, then values the parser refuses (the first one only: Salesforce stops there), then field rules, then the
 * required fields a create leaves out. `fixed` are values the URL sets (an upsert's external id).
 */
export function checkWrite(
  o: SimObject,
  body: Record<string, unknown>,
  raw: string,
  mode: 'create' | 'update',
  current: Record<string, unknown> | null,
): WriteCheck {
  const byName = new Map(o.fields.map((f) => [f.name.toLowerCase(), f]));
  for (const key of Object.keys(body)) {
    if (key === 'attributes') continue;
    if (!byName.has(key.toLowerCase())) {
      return {
        ok: false,
        errors: [{ message: `No such column '${key}' on sobject of type ${o.name}`, errorCode: 'INVALID_FIELD' }],
      };
    }
  }
  const values: Record<string, unknown> = {};
  const readOnly: string[] = [];
  for (const [key, v] of Object.entries(body)) {
    if (key === 'attributes') continue;
    const f = byName.get(key.toLowerCase()) as SimField;
    if (mode === 'create' ? !f.createable : !f.updateable) {
      readOnly.push(f.name);
      continue;
    }
    if (v === null) {
      values[f.name] = null;
      continue;
    }
    const converted = convert(f, v);
    if (converted === undefined) return { ok: false, errors: [parserError(f, v, raw)] };
    values[f.name] = converted;
  }
  const errors: SimError[] = [];
  if (readOnly.length > 0) {
    errors.push({
      message: `Unable to create/update fields: ${readOnly.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
      errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
      fields: readOnly,
    });
  }
  for (const [name, v] of Object.entries(values)) {
    const f = byName.get(name.toLowerCase()) as SimField;
    if (v === null) continue;
    if (typeof v === 'string' && TEXT_TYPES.has(f.type) && f.length > 0 && v.length > f.length) {
      errors.push({
        message: `${f.label}: data value too large: ${v.slice(0, 60)} (max length=${f.length})`,
        errorCode: 'STRING_TOO_LONG',
        fields: [f.name],
      });
      continue;
    }
    if (f.type === 'email' && typeof v === 'string' && v !== '' && !EMAIL.test(v)) {
      errors.push({
        message: `${f.label}: invalid email address: ${v}`,
        errorCode: 'INVALID_EMAIL_ADDRESS',
        fields: [f.name],
      });
      continue;
    }
    if (f.type === 'picklist' && f.restrictedPicklist && !f.picklistValues.some((p) => p.active && p.value === v)) {
      errors.push({
        message: `${f.label}: bad value for restricted picklist field: ${v}`,
        errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
        fields: [f.name],
      });
      continue;
    }
    if (typeof v === 'number' && f.precision > 0 && Math.abs(v) >= 10 ** (f.precision - f.scale)) {
      errors.push({
        message: `${f.label}: value outside of valid range on numeric field: ${v}`,
        errorCode: 'NUMBER_OUTSIDE_VALID_RANGE',
        fields: [f.name],
      });
    }
    if (typeof v === 'number' && f.type === 'int' && f.digits > 0 && Math.abs(v) >= 10 ** f.digits) {
      errors.push({
        message: `${f.label}: value outside of valid range on numeric field: ${v}`,
        errorCode: 'NUMBER_OUTSIDE_VALID_RANGE',
        fields: [f.name],
      });
    }
  }
  const required = o.fields.filter((f) => !f.nillable && f.createable && !f.defaultedOnCreate && f.type !== 'boolean');
  const missing = required
    .filter((f) => {
      const v = f.name in values ? values[f.name] : (current?.[f.name] ?? null);
      return v === null || v === '';
    })
    .map((f) => f.name);
  if (missing.length > 0) {
    errors.push({
      message: `Required fields are missing: [${missing.join(', ')}]`,
      errorCode: 'REQUIRED_FIELD_MISSING',
      fields: missing,
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** The values a new record starts with: defaults of booleans and defaulted picklists. */
export function defaultsOf(o: SimObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of o.fields) {
    if (!f.createable) continue;
    if (f.type === 'boolean') out[f.name] = false;
    else if (f.type === 'picklist' && f.defaultedOnCreate) out[f.name] = f.picklistValues[0]?.value ?? null;
  }
  return out;
}
