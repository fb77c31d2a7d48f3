import { z } from 'zod';
import { MESSAGES } from '../messages';
import { CURRENCIES, EU_PERMISSIONS } from './field-types';
import { FORM_LIMITS } from './json-bounds';
import type { JsonLogicRule } from './json-logic';
import { FORBIDDEN_KEYS } from './path';

/**
 * Zod schemas of Form.io-compatible components for every field type of spec 1 §3. Objects are strict:
 * an attribute we do not know is an error here, and `importFormio` turns it into a reported removal.
 * Rules are JSON Logic; their operators are checked by `checkFormRules`, which knows full paths.
 */

/** Field keys: letters, digits and underscore (spec 1 §5); never a prototype name. */
export const KEY_PATTERN = /^[A-Za-z0-9_]+$/;

export const KeySchema = z
  .string()
  .min(1, MESSAGES.keyFormat)
  .max(FORM_LIMITS.maxKeyLength, MESSAGES.stringTooLong(FORM_LIMITS.maxKeyLength))
  .regex(KEY_PATTERN, MESSAGES.keyFormat)
  .refine((key) => !FORBIDDEN_KEYS.has(key), { error: (issue) => MESSAGES.forbiddenKey(String(issue.input)) });

const text = (max = 2_000) => z.string().max(max, MESSAGES.stringTooLong(max));
const html = text(FORM_LIMITS.maxString);
/** Presentation attributes we keep and hand to the renderer without interpreting; the bounds check made them JSON. */
const json = z.unknown().optional();
/** Form.io writes '' for an unset flag in older exports. */
const flag = z
  .union([z.boolean(), z.literal('')])
  .transform((v) => (v === '' ? undefined : v))
  .optional();
/** Form.io writes '' or null for a cleared number setting. */
const optionalNumber = z
  .union([z.number(), z.literal(''), z.null()])
  .transform((v) => (v === '' || v === null ? undefined : v))
  .optional();
const optionalCount = z
  .union([z.number().int().nonnegative(), z.literal(''), z.null()])
  .transform((v) => (v === '' || v === null ? undefined : v))
  .optional();

/**
 * A place where Form.io allows JavaScript. We accept JSON Logic only; any non-empty string is code and refused,
 * and Form.io's empty-string default reads as "no rule".
 */
export const LogicSlotSchema = z
  .unknown()
  .refine((v) => typeof v !== 'string' || v.trim() === '', MESSAGES.javascriptRefused)
  .transform((v): JsonLogicRule | undefined => (v === '' || v === null ? undefined : v));

/** A Form.io attribute that only ever holds JavaScript: accepted only empty. */
const codeOnly = z
  .string()
  .refine((v) => v.trim() === '', MESSAGES.javascriptRefused)
  .transform(() => undefined)
  .optional();

export const ConditionalSchema = z.strictObject({
  show: z
    .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal(''), z.null()])
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : v === '' ? null : v))
    .optional(),
  when: z.union([text(FORM_LIMITS.maxKeyLength), z.null()]).optional(),
  eq: z.union([text(), z.number(), z.boolean(), z.null()]).optional(),
  json: LogicSlotSchema.optional(),
});
export type Conditional = z.output<typeof ConditionalSchema>;

/** A `logic` property action we run: shows/hides, requires or disables the component (decisions 028, 069). */
export const LogicPropertyActionSchema = z.strictObject({
  name: text().optional(),
  type: z.literal('property'),
  property: z.strictObject({
    label: text().optional(),
    value: z.enum(['hidden', 'validate.required', 'disabled']),
    type: z.literal('boolean').optional(),
  }),
  state: z.union([z.boolean(), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 'true'),
});
/**
 * A `logic` value action (decision 069): while the trigger holds, the component's value is the JSON Logic rule's
 * result, on the client and again on the server. Form.io writes JavaScript here; the import translates it.
 */
export const LogicValueActionSchema = z.strictObject({
  name: text().optional(),
  type: z.literal('value'),
  /** JSON Logic over `data` and `row`; absent clears the value. */
  value: LogicSlotSchema.optional(),
});
export const LogicActionSchema = z.discriminatedUnion('type', [LogicPropertyActionSchema, LogicValueActionSchema]);
export type LogicAction = z.output<typeof LogicActionSchema>;
/**
 * One Form.io `logic` entry in the one shape we keep: a JSON Logic trigger with property actions on `hidden`,
 * `validate.required` or `disabled`, or value actions. The import turns simple, Form.io 5 and translatable
 * JavaScript triggers and value scripts into this shape.
 */
export const LogicEntrySchema = z.strictObject({
  name: text().optional(),
  trigger: z.strictObject({ type: z.literal('json'), json: LogicSlotSchema }),
  actions: z.array(LogicActionSchema).min(1).max(20),
});
export type LogicEntry = z.output<typeof LogicEntrySchema>;

export const ValidateSchema = z.strictObject({
  required: flag,
  unique: flag,
  multiple: flag,
  minLength: optionalCount,
  maxLength: optionalCount,
  minWords: optionalCount,
  maxWords: optionalCount,
  min: optionalNumber,
  max: optionalNumber,
  step: z.union([z.number(), text(20)]).optional(),
  integer: z.union([z.boolean(), z.literal('')]).optional(),
  minSelectedCount: optionalCount,
  maxSelectedCount: optionalCount,
  pattern: text(1_000).optional(),
  patternMessage: text().optional(),
  custom: LogicSlotSchema.optional(),
  customMessage: text().optional(),
  customPrivate: flag,
  strictDateValidation: flag,
  onlyAvailableItems: flag,
});
export type Validate = z.output<typeof ValidateSchema>;

export const OptionSchema = z.strictObject({
  label: text(),
  value: z.union([text(1_000), z.number(), z.boolean()]),
  shortcut: text(10).optional(),
});
export type FieldOption = z.output<typeof OptionSchema>;
const options = z.array(OptionSchema).max(1_000);

/** Attributes every component may carry: spec 1 §3 Form field plus Form.io's common ones. */
const BASE_SHAPE = {
  key: KeySchema,
  label: text().optional(),
  id: text(100).optional(),
  name: text(200).optional(),
  dataType: text(50).optional(),
  input: flag,
  hidden: flag,
  disabled: flag,
  tableView: flag,
  hideLabel: flag,
  autofocus: flag,
  clearOnHide: flag,
  persistent: z.union([z.boolean(), z.literal('client-only')]).optional(),
  protected: flag,
  unique: flag,
  multiple: flag,
  placeholder: text().optional(),
  description: text(10_000).optional(),
  tooltip: text(10_000).optional(),
  customClass: text(500).optional(),
  labelPosition: text(50).optional(),
  errorLabel: text().optional(),
  tabindex: text(10).optional(),
  prefix: text(200).optional(),
  suffix: text(200).optional(),
  defaultValue: json,
  customDefaultValue: LogicSlotSchema.optional(),
  calculateValue: LogicSlotSchema.optional(),
  allowCalculateOverride: flag,
  calculateServer: flag,
  conditional: ConditionalSchema.optional(),
  customConditional: codeOnly,
  logic: z.array(LogicEntrySchema).max(20).optional(),
  validate: ValidateSchema.optional(),
  euPermission: z.enum(EU_PERMISSIONS).optional(),
  euEncrypted: flag,
  editableByUc: flag,
  isSystemField: flag,
  bindingField: z.union([text(200), z.boolean(), z.null()]).optional(),
  isOwnersEmailField: flag,
  page: z.number().int().nonnegative().optional(),
  x: z.number().optional(),
  y: z.number().optional(),
  width: z.union([z.number(), text(50)]).optional(),
  height: z.union([z.number(), text(50)]).optional(),
  renderOrder: z.number().int().optional(),
  properties: z.record(text(200), text()).optional(),
  attributes: z.record(text(200), text()).optional(),
  tags: z.array(text(200)).max(100).optional(),
  widget: json,
  overlay: json,
  refreshOn: json,
  redrawOn: json,
  validateOn: text(20).optional(),
  validateWhenHidden: flag,
  modalEdit: flag,
  dbIndex: flag,
  encrypted: flag,
  case: text(20).optional(),
  truncateMultipleSpaces: flag,
  spellcheck: flag,
  autocomplete: text(50).optional(),
  showCharCount: flag,
  showWordCount: flag,
  mask: flag,
  inputMask: text(200).optional(),
  inputMasks: json,
  allowMultipleMasks: flag,
  displayMask: text(200).optional(),
  inputType: text(20).optional(),
  inputFormat: text(20).optional(),
  applyMaskOn: text(20).optional(),
  labelWidth: json,
  labelMargin: json,
  tree: flag,
  addons: z.array(z.unknown()).max(0, MESSAGES.unsupportedValue('addons')).optional(),
};

const component = <T extends string, S extends z.ZodRawShape>(type: T, extra: S) =>
  z.strictObject({ ...BASE_SHAPE, type: z.literal(type), ...extra });

const NUMBER_SHAPE = {
  decimalLimit: z.number().int().min(0).max(20).optional(),
  requireDecimal: flag,
  delimiter: flag,
};

export const TextfieldSchema = component('textfield', {});
export const TextareaSchema = component('textarea', {
  rows: z.number().int().min(1).max(100).optional(),
  editor: text(20).optional(),
  autoExpand: flag,
  fixedSize: flag,
  wysiwyg: json,
  as: text(20).optional(),
});
export const NumberSchema = component('number', NUMBER_SHAPE);
export const PasswordSchema = component('password', {});
export const CheckboxSchema = component('checkbox', { value: text(200).optional(), shortcut: text(10).optional() });
export const SelectboxesSchema = component('selectboxes', {
  values: options,
  inline: flag,
  optionsLabelPosition: text(20).optional(),
});
export const RadioSchema = component('radio', {
  values: options,
  inline: flag,
  optionsLabelPosition: text(20).optional(),
});
export const SelectSchema = component('select', {
  dataSrc: z.literal('values').optional(),
  data: z.strictObject({
    values: options.optional(),
    json: z.union([z.literal(''), z.array(z.unknown()).max(0)]).optional(),
    url: z.literal('').optional(),
    resource: z.literal('').optional(),
    custom: codeOnly,
    headers: json,
  }),
  valueProperty: z.union([z.literal(''), z.literal('value')]).optional(),
  searchEnabled: flag,
  lazyLoad: flag,
  limit: z.number().int().optional(),
  selectThreshold: z.number().optional(),
  readOnlyValue: flag,
  customOptions: json,
  fuseOptions: json,
  uniqueOptions: flag,
  useExactSearch: flag,
});
export const ContentSchema = component('content', { html: html.optional(), refreshOnChange: flag });
export const ButtonSchema = component('button', {
  action: z.enum(['submit', 'reset', 'event', 'saveState']).optional(),
  theme: text(50).optional(),
  size: text(10).optional(),
  block: flag,
  leftIcon: text(100).optional(),
  rightIcon: text(100).optional(),
  disableOnInvalid: flag,
  showValidations: flag,
  event: text(100).optional(),
  saveOnEnter: flag,
  custom: codeOnly,
});
export const EmailSchema = component('email', { kickbox: json });
export const PhoneNumberSchema = component('phoneNumber', {});
export const DatetimeSchema = component('datetime', {
  format: text(100).optional(),
  enableDate: flag,
  enableTime: flag,
  datePicker: z.record(text(50), z.unknown()).optional(),
  timePicker: z.record(text(50), z.unknown()).optional(),
  enableMinDateInput: flag,
  enableMaxDateInput: flag,
  displayInTimezone: text(20).optional(),
  timezone: text(100).optional(),
  useLocaleSettings: flag,
  allowInput: flag,
  datepickerMode: text(20).optional(),
  shortcutButtons: json,
});
const DayPartSchema = z.strictObject({
  type: text(20).optional(),
  placeholder: text(100).optional(),
  required: flag,
  hide: flag,
});
export const DaySchema = component('day', {
  fields: z
    .strictObject({ day: DayPartSchema.optional(), month: DayPartSchema.optional(), year: DayPartSchema.optional() })
    .optional(),
  dayFirst: flag,
  hideInputLabels: flag,
  inputsLabelPosition: text(20).optional(),
  useLocaleSettings: flag,
  minYear: z.union([z.number().int(), text(10)]).optional(),
  maxYear: z.union([z.number().int(), text(10)]).optional(),
});
export const TimeSchema = component('time', {
  format: text(20).optional(),
  dataFormat: z.enum(['HH:mm:ss', 'HH:mm']).optional(),
});
export const CurrencySchema = component('currency', { ...NUMBER_SHAPE, currency: z.enum(CURRENCIES).optional() });
export const HiddenSchema = component('hidden', {});
export const FileSchema = component('file', {
  storage: text(20).optional(),
  url: text(2_000).optional(),
  dir: text(500).optional(),
  fileKey: text(100).optional(),
  filePattern: text(500).optional(),
  fileMinSize: text(20).optional(),
  fileMaxSize: text(20).optional(),
  image: flag,
  imageSize: text(20).optional(),
  webcam: flag,
  webcamSize: z.number().optional(),
  capture: z.union([z.boolean(), text(20)]).optional(),
  fileTypes: z
    .array(z.strictObject({ label: text(200), value: text(200) }))
    .max(100)
    .optional(),
  uploadOnly: flag,
  privateDownload: flag,
  options: text(2_000).optional(),
});
export const SignatureSchema = component('signature', {
  footer: text(500).optional(),
  penColor: text(50).optional(),
  backgroundColor: text(50).optional(),
  minWidth: z.union([z.number(), text(20)]).optional(),
  maxWidth: z.union([z.number(), text(20)]).optional(),
  keepOverlayRatio: flag,
});
export const HtmlelementSchema = component('htmlelement', {
  tag: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,19}$/, MESSAGES.unsupportedValue('tag'))
    .optional(),
  content: html.optional(),
  className: text(500).optional(),
  attrs: z
    .array(z.strictObject({ attr: text(100), value: text() }))
    .max(50)
    .optional(),
  refreshOnChange: flag,
});

const LAYOUT_SHAPE = { hideOnChildrenHidden: flag };
export const ColumnsBaseSchema = component('columns', { ...LAYOUT_SHAPE, autoAdjust: flag });
export const FieldsetBaseSchema = component('fieldset', { ...LAYOUT_SHAPE, legend: text().optional() });
export const PanelBaseSchema = component('panel', {
  ...LAYOUT_SHAPE,
  title: text().optional(),
  theme: text(50).optional(),
  collapsible: flag,
  collapsed: flag,
  breadcrumb: text(20).optional(),
  breadcrumbClickable: flag,
  buttonSettings: json,
  navigateOnEnter: flag,
  saveOnEnter: flag,
  scrollToTop: flag,
  nextPage: codeOnly,
});
export const AddressBaseSchema = component('address', {
  provider: text(50).optional(),
  providerOptions: json,
  enableManualMode: flag,
  switchToManualModeLabel: text(200).optional(),
  disableClearIcon: flag,
  manualModeViewString: codeOnly,
});
export const ColumnBaseSchema = z.strictObject({
  width: z.number().optional(),
  offset: z.number().optional(),
  push: z.number().optional(),
  pull: z.number().optional(),
  size: text(10).optional(),
  currentWidth: z.number().optional(),
});

/** A nested object: its components' values live in `data[key]` (decision 028). */
export const ContainerBaseSchema = component('container', {});
const GRID_SHAPE = {
  addAnother: text(200).optional(),
  addAnotherPosition: text(20).optional(),
  removeRow: text(200).optional(),
  disableAddingRemovingRows: flag,
  initEmpty: flag,
  reorder: flag,
};
/** Repeated rows shown as a table: `data[key]` is an array of row objects. */
export const DatagridBaseSchema = component('datagrid', {
  ...GRID_SHAPE,
  layoutFixed: flag,
  enableRowGroups: flag,
});
/** Repeated rows edited one at a time: `data[key]` is an array of row objects. */
export const EditgridBaseSchema = component('editgrid', {
  ...GRID_SHAPE,
  saveRow: text(200).optional(),
  openWhenEmpty: flag,
  inlineEdit: flag,
  rowDrafts: flag,
  modal: flag,
  displayAsTable: flag,
  templates: json,
});
export const WellBaseSchema = component('well', { ...LAYOUT_SHAPE });
export const TabsBaseSchema = component('tabs', { ...LAYOUT_SHAPE, verticalLayout: flag });
export const TabBaseSchema = z.strictObject({ key: KeySchema, label: text().optional(), tooltip: text().optional() });
export const TableBaseSchema = component('table', {
  ...LAYOUT_SHAPE,
  numRows: z.number().int().min(0).max(100).optional(),
  numCols: z.number().int().min(0).max(100).optional(),
  striped: flag,
  bordered: flag,
  hover: flag,
  condensed: flag,
  cellAlignment: text(20).optional(),
  header: json,
  caption: text().optional(),
});
