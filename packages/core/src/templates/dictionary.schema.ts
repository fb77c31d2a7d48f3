import { z } from 'zod';
import { KEY_PATTERN } from '../forms/component.schema';
import { MESSAGES } from '../messages';
import { PLAIN_NAME } from '../text/plain-text';
import { DICTIONARY_DATA_TYPES } from './pdf-field.schema';

/** Dictionary entry types: the mapped component a value lands in. */
export const DICTIONARY_TYPES = [
  'text',
  'number',
  'currency',
  'checkbox',
  'radio',
  'checkboxList',
  'date',
  'image',
  'signature',
] as const;

const Option = z.strictObject({ label: z.string().max(500), value: z.string().max(500) });

/** Every attribute of spec 1 §3 "Dictionary entry"; type, key (name) and label are required (spec 1 §5). */
export const DictionaryInputSchema = z.strictObject({
  type: z.enum(DICTIONARY_TYPES, { error: MESSAGES.dictionaryTypeRequired }),
  /** The entry's key. */
  name: z
    .string({ error: MESSAGES.dictionaryKeyRequired })
    .trim()
    .min(1, MESSAGES.dictionaryKeyRequired)
    .max(100)
    .regex(KEY_PATTERN, MESSAGES.keyPattern),
  label: z
    .string({ error: MESSAGES.dictionaryLabelRequired })
    .trim()
    .min(1, MESSAGES.dictionaryLabelRequired)
    .max(500)
    .refine(...PLAIN_NAME),
  data: z.unknown().optional(),
  dataRaw: z.string().max(100_000).optional(),
  dataType: z.enum(DICTIONARY_DATA_TYPES).optional(),
  options: z.array(Option).max(500).optional(),
  defaultValue: z.union([z.string().max(10_000), z.boolean(), z.number(), z.array(z.string())]).optional(),
  require: z.boolean().default(false),
  encrypted: z.boolean().default(false),
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(0).optional(),
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  prefix: z.string().max(20).optional(),
  suffix: z.string().max(20).optional(),
  decimalLimit: z.number().int().min(0).max(10).optional(),
  delimiter: z.boolean().optional(),
  requireDecimal: z.boolean().optional(),
  dateFormat: z.string().max(50).optional(),
  /** JSON Logic, evaluated by the form engine (never as code). */
  conditions: z.unknown().optional(),
  /** Kept as text for the record; never executed (decision 011). */
  customScripts: z.string().max(20_000).optional(),
  alternativeKeys: z.array(z.string().max(100).regex(KEY_PATTERN)).max(50).optional(),
});
export type DictionaryInput = z.input<typeof DictionaryInputSchema>;

export const DictionarySchema = DictionaryInputSchema.extend({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dictionary = z.output<typeof DictionarySchema>;

export const DictionaryParamsSchema = z.strictObject({ dictionaryId: z.uuid() });
export const ListDictionariesQuerySchema = z.strictObject({
  q: z.string().max(50).optional(),
  type: z.enum(DICTIONARY_TYPES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const DictionaryListSchema = z.object({
  items: z.array(DictionarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
