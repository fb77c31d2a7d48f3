import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  AddressBaseSchema,
  ButtonSchema,
  CheckboxSchema,
  ColumnBaseSchema,
  ColumnsBaseSchema,
  ContainerBaseSchema,
  ContentSchema,
  CurrencySchema,
  DatagridBaseSchema,
  DatetimeSchema,
  DaySchema,
  EditgridBaseSchema,
  EmailSchema,
  FieldsetBaseSchema,
  FileSchema,
  HiddenSchema,
  HtmlelementSchema,
  NumberSchema,
  PanelBaseSchema,
  PasswordSchema,
  PhoneNumberSchema,
  RadioSchema,
  SelectboxesSchema,
  SelectSchema,
  SignatureSchema,
  TabBaseSchema,
  TableBaseSchema,
  TabsBaseSchema,
  TextareaSchema,
  TextfieldSchema,
  TimeSchema,
  WellBaseSchema,
} from './component.schema';
import { type FieldType, FORM_DISPLAYS } from './field-types';
import { checkFormRules, type FormIssue } from './form-checks';
import { FORM_SCHEMA_VERSION, migrateForm } from './form-migrate';
import { checkComponentBounds } from './form-walk';
import { checkJsonBounds, FORM_LIMITS } from './json-bounds';
import { formatPath, isPlainObject, joinPath } from './path';

type LeafSchema =
  | typeof TextfieldSchema
  | typeof TextareaSchema
  | typeof NumberSchema
  | typeof PasswordSchema
  | typeof CheckboxSchema
  | typeof SelectboxesSchema
  | typeof SelectSchema
  | typeof RadioSchema
  | typeof ContentSchema
  | typeof ButtonSchema
  | typeof EmailSchema
  | typeof PhoneNumberSchema
  | typeof DatetimeSchema
  | typeof DaySchema
  | typeof TimeSchema
  | typeof CurrencySchema
  | typeof HiddenSchema
  | typeof FileSchema
  | typeof SignatureSchema
  | typeof HtmlelementSchema;

/** A component that holds no other components. */
export type LeafComponent = z.output<LeafSchema>;
export type PanelComponent = z.output<typeof PanelBaseSchema> & { components: FormComponent[] };
export type FieldsetComponent = z.output<typeof FieldsetBaseSchema> & { components: FormComponent[] };
export type Column = z.output<typeof ColumnBaseSchema> & { components: FormComponent[] };
export type ColumnsComponent = z.output<typeof ColumnsBaseSchema> & { columns: Column[] };
/** Its `components` are the manual-mode parts (address1, city, ...), stored inside the address value. */
export type AddressComponent = z.output<typeof AddressBaseSchema> & { components?: FormComponent[] };
export type ContainerComponent = z.output<typeof ContainerBaseSchema> & { components: FormComponent[] };
export type DatagridComponent = z.output<typeof DatagridBaseSchema> & { components: FormComponent[] };
export type EditgridComponent = z.output<typeof EditgridBaseSchema> & { components: FormComponent[] };
export type WellComponent = z.output<typeof WellBaseSchema> & { components: FormComponent[] };
export type Tab = z.output<typeof TabBaseSchema> & { components: FormComponent[] };
export type TabsComponent = z.output<typeof TabsBaseSchema> & { components: Tab[] };
export type TableCell = { components: FormComponent[] };
export type TableComponent = z.output<typeof TableBaseSchema> & { rows: TableCell[][] };
/** Any component of a form definition, discriminated by `type`. */
export type FormComponent =
  | LeafComponent
  | PanelComponent
  | FieldsetComponent
  | ColumnsComponent
  | AddressComponent
  | ContainerComponent
  | DatagridComponent
  | EditgridComponent
  | WellComponent
  | TabsComponent
  | TableComponent;
/** The component of one type: `ComponentOfType<'select'>`. */
export type ComponentOfType<T extends FieldType> = Extract<FormComponent, { type: T }>;

const childComponents = () => z.array(z.lazy(() => ComponentSchema)).max(FORM_LIMITS.maxComponents);

export const PanelSchema = PanelBaseSchema.extend({ components: childComponents() });
export const FieldsetSchema = FieldsetBaseSchema.extend({ components: childComponents() });
export const ColumnSchema = ColumnBaseSchema.extend({ components: childComponents() });
export const ColumnsSchema = ColumnsBaseSchema.extend({ columns: z.array(ColumnSchema).max(100) });
export const AddressSchema = AddressBaseSchema.extend({ components: childComponents().optional() });
export const ContainerSchema = ContainerBaseSchema.extend({ components: childComponents() });
export const DatagridSchema = DatagridBaseSchema.extend({ components: childComponents() });
export const EditgridSchema = EditgridBaseSchema.extend({ components: childComponents() });
export const WellSchema = WellBaseSchema.extend({ components: childComponents() });
export const TabSchema = TabBaseSchema.extend({ components: childComponents() });
export const TabsSchema = TabsBaseSchema.extend({ components: z.array(TabSchema).max(100) });
export const TableSchema = TableBaseSchema.extend({
  rows: z.array(z.array(z.strictObject({ components: childComponents() })).max(100)).max(100),
});

export const ComponentSchema: z.ZodType<FormComponent> = z.discriminatedUnion('type', [
  TextfieldSchema,
  TextareaSchema,
  NumberSchema,
  PasswordSchema,
  CheckboxSchema,
  SelectboxesSchema,
  SelectSchema,
  RadioSchema,
  ContentSchema,
  ButtonSchema,
  EmailSchema,
  PhoneNumberSchema,
  DatetimeSchema,
  DaySchema,
  TimeSchema,
  AddressSchema,
  CurrencySchema,
  HiddenSchema,
  FileSchema,
  SignatureSchema,
  HtmlelementSchema,
  ColumnsSchema,
  FieldsetSchema,
  PanelSchema,
  ContainerSchema,
  DatagridSchema,
  EditgridSchema,
  WellSchema,
  TabsSchema,
  TableSchema,
]);

/** A form definition: Form.io's `{ display, components }` plus our version. Wizard pages are its top-level panels. */
export const FormDefinitionSchema = z.strictObject({
  version: z.literal(FORM_SCHEMA_VERSION),
  display: z.enum(FORM_DISPLAYS),
  components: z.array(ComponentSchema).max(FORM_LIMITS.maxComponents),
  title: z.string().max(500).optional(),
  name: z.string().max(500).optional(),
  path: z.string().max(500).optional(),
  type: z.enum(['form', 'resource']).optional(),
  tags: z.array(z.string().max(200)).max(100).optional(),
  settings: z.record(z.string().max(200), z.unknown()).optional(),
  properties: z.record(z.string().max(200), z.string().max(2_000)).optional(),
});
export type FormDefinition = z.output<typeof FormDefinitionSchema>;

/**
 * A form definition held inside another document (a master form's `allField`): typed as a FormDefinition, checked
 * by `parseFormDefinition` where it is written, and migrated forward by `readStoredForm` where it is read. Not by
 * this schema: FormDefinitionSchema's transforms (Form.io's '' flags) only decode while response schemas are
 * encoded, and a definition in a request is checked by the form engine, which bounds it before any schema work,
 * migrates older versions and answers by path.
 */
export const EmbeddedFormDefinitionSchema = z
  .custom<FormDefinition>()
  .describe('A form definition (core FormDefinition), checked by the form engine');

export type ParseFormResult =
  | { ok: true; form: FormDefinition; errors: [] }
  | { ok: false; form: undefined; errors: FormIssue[] };

const fail = (errors: FormIssue[]): ParseFormResult => ({ ok: false, form: undefined, errors });

/**
 * Checks a form definition (any JSON) and returns it migrated to the current version, or every problem by path.
 * Bounds (size, depth, prototype keys) are checked first, so hostile input is refused in bounded time.
 */
export function parseFormDefinition(json: unknown): ParseFormResult {
  if (!isPlainObject(json)) return fail([{ path: '', code: 'invalid', message: MESSAGES.formNotObject }]);
  const bounds = [...checkJsonBounds(json), ...checkComponentBounds(json)];
  if (bounds.length > 0) return fail(bounds.map((issue) => ({ ...issue, code: 'bounds' })));
  const migrated = migrateForm(json);
  if (!migrated.ok) return fail(migrated.errors.map((issue) => ({ ...issue, code: 'version' })));
  const parsed = FormDefinitionSchema.safeParse(migrated.form);
  if (!parsed.success) return fail(fromZodIssues(parsed.error.issues, migrated.form));
  const rules = checkFormRules(parsed.data);
  if (rules.length > 0) return fail(rules);
  return { ok: true, form: parsed.data, errors: [] };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const seg of path) {
    if (typeof current !== 'object' || current === null || typeof seg === 'symbol') return undefined;
    if (!Object.hasOwn(current, seg)) return undefined;
    current = (current as Record<string | number, unknown>)[seg];
  }
  return current;
}

/** Turns zod issues into our path issues, naming unknown attributes and unsupported types one by one. */
export function fromZodIssues(issues: readonly z.core.$ZodIssue[], root: unknown): FormIssue[] {
  const out: FormIssue[] = [];
  for (const issue of issues) {
    const path = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ path: joinPath(path, key), code: 'unknownAttribute', message: MESSAGES.unknownAttribute(key) });
      }
    } else if (issue.code === 'invalid_union' && issue.path.at(-1) === 'type') {
      const type = valueAt(root, issue.path);
      out.push(
        typeof type === 'string'
          ? { path, code: 'unsupportedType', message: MESSAGES.unsupportedType(type) }
          : { path, code: 'invalid', message: MESSAGES.fieldTypeMissing },
      );
    } else if (
      issue.code === 'invalid_type' &&
      issue.path.at(-1) === 'key' &&
      valueAt(root, issue.path) === undefined
    ) {
      // Say what is missing rather than zod's "expected string, received undefined".
      const type = valueAt(root, [...issue.path.slice(0, -1), 'type']);
      out.push({ path, code: 'invalid', message: MESSAGES.componentKeyMissing(typeof type === 'string' ? type : 'a') });
    } else if (issue.message === MESSAGES.javascriptRefused) {
      out.push({ path, code: 'javascript', message: issue.message });
    } else {
      out.push({ path, code: 'invalid', message: issue.message });
    }
  }
  return out;
}
