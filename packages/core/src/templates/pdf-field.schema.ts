import { z } from 'zod';
import { KEY_PATTERN } from '../forms/component.schema';
import { EU_PERMISSIONS } from '../forms/field-types';
import { MESSAGES } from '../messages';

/** The mapped PDF component types of spec 1 §3. */
export const PDF_FIELD_TYPES = [
  'text',
  'number',
  'currency',
  'checkbox',
  'radio',
  'checkboxList',
  'date',
  'image',
  'signature',
  'replica',
] as const;
export type PdfFieldType = (typeof PDF_FIELD_TYPES)[number];

/** The dictionary data types of spec 1 §3. */
export const DICTIONARY_DATA_TYPES = [
  'text',
  'number',
  'currency',
  'date',
  'checkbox',
  'checkboxList',
  'radio',
  'image',
  'signature',
] as const;
export type DictionaryDataType = (typeof DICTIONARY_DATA_TYPES)[number];

// Keys and owner permissions are the form engine's: a mapped field binds to a form field of the same rules.
export const KeySchema = z.string().min(1).max(100).regex(KEY_PATTERN, MESSAGES.keyPattern);

const Points = z.number().finite();

/**
 * One field placed on a PDF page. x, y, width and height are PDF points measured from the top-left corner of the
 * page as it is displayed (after its /Rotate), whatever the zoom of the mapper.
 */
export const PdfFieldSchema = z.strictObject({
  id: z.string().min(1).max(100),
  key: KeySchema,
  name: z.string().max(200).optional(),
  label: z.string().max(500).optional(),
  type: z.enum(PDF_FIELD_TYPES),
  dataType: z.enum(DICTIONARY_DATA_TYPES).optional(),
  /** 1-based page number. */
  page: z.number().int().min(1).max(50),
  x: Points.min(0),
  y: Points.min(0),
  width: Points.positive(),
  height: Points.positive(),
  renderOrder: z.number().int().min(0).default(0),
  required: z.boolean().default(false),
  defaultValue: z.union([z.string().max(10_000), z.boolean(), z.array(z.string().max(1000)).max(500)]).optional(),
  euPermission: z.enum(EU_PERMISSIONS).default('editTableByAllOwner'),
  euEncrypted: z.boolean().default(false),
  fontSize: z.number().min(4).max(72).optional(),
  /** How a date is written on the PDF (format tokens of core/forms/format: MM/dd/yyyy); for date fields. */
  dateFormat: z.string().max(50).optional(),
  /** The form field (its key and form type) or dictionary entry the value comes from. */
  bindingField: z
    .strictObject({
      key: KeySchema,
      type: z.string().min(1).max(50),
      dictionaryId: z.string().max(100).optional(),
    })
    .optional(),
  /** Choices of a radio or checkbox list. */
  options: z
    .array(z.strictObject({ label: z.string().max(500), value: z.string().max(500) }))
    .max(500)
    .optional(),
  /** The choice this box stands for (a radio button or one box of a checkbox list). */
  optionValue: z.string().max(500).optional(),
  /** A replica repeats the value of the field with this key. */
  replicaOf: KeySchema.optional(),
});
export type PdfField = z.output<typeof PdfFieldSchema>;
export type PdfFieldInput = z.input<typeof PdfFieldSchema>;

/** The size and rotation of one page; width and height as displayed (after rotation). */
export const PdfPageSchema = z.strictObject({
  page: z.number().int().min(1),
  width: z.number(),
  height: z.number(),
  rotation: z.number().int(),
});
export type PdfPage = z.output<typeof PdfPageSchema>;

/** The mapping of a template as saved: `{ data }` of POST /api/pdf_templates/{templateId}/mapping_fields. */
export const SaveMappingBodySchema = z.strictObject({
  data: z.array(PdfFieldSchema).max(2000),
});
export type SaveMappingBody = z.input<typeof SaveMappingBodySchema>;

export const MappingSchema = z.strictObject({
  templateId: z.string(),
  version: z.number().int(),
  mappingFieldsVersion: z.number().int(),
  data: z.array(PdfFieldSchema),
});
export type Mapping = z.output<typeof MappingSchema>;
