import { z } from 'zod';
import { DICTIONARY_DATA_TYPES, KeySchema } from './pdf-field.schema';

/** What the detector can tell a box is (issue 25): the mapper's types it can propose. */
export const DETECTED_FIELD_TYPES = ['text', 'checkbox', 'radio', 'signature', 'date'] as const;
export type DetectedFieldType = (typeof DETECTED_FIELD_TYPES)[number];

const Points = z.number().finite();

/** The dictionary entry a detected label was bound to: its key, type and rules come with the proposal. */
export const DetectedBindingSchema = z.strictObject({
  dictionaryId: z.string().max(100).optional(),
  key: KeySchema,
  label: z.string().max(500),
  dataType: z.enum(DICTIONARY_DATA_TYPES),
  required: z.boolean(),
  encrypted: z.boolean(),
});
export type DetectedBinding = z.output<typeof DetectedBindingSchema>;

/**
 * One box found on a flat page, in the coordinates of `mapping_fields` (PDF points from the displayed page's
 * top-left corner). `suggestedKey` is the bound dictionary entry's key, else a key made from the label.
 */
export const DetectedFieldSchema = z.strictObject({
  page: z.number().int().min(1),
  x: Points.min(0),
  y: Points.min(0),
  width: Points.positive(),
  height: Points.positive(),
  type: z.enum(DETECTED_FIELD_TYPES),
  label: z.string().max(500),
  suggestedKey: KeySchema,
  /** 0-1: how sure the detector is of the box and its type together with the binding. */
  confidence: z.number().min(0).max(1),
  /** The choice a radio button stands for (its label), for radio groups. */
  optionValue: z.string().max(500).optional(),
  /** Cells of a comb field (an EIN or SSN printed as separate boxes) read as one field. */
  combCells: z.number().int().min(2).optional(),
  /** A box tall enough for several lines. */
  multiline: z.boolean().optional(),
  /** The owner a row belongs to ("Owner 2"), 1-based. */
  owner: z.number().int().min(1).optional(),
  binding: DetectedBindingSchema.optional(),
});
export type DetectedField = z.output<typeof DetectedFieldSchema>;

export const DetectFieldsResultSchema = z.strictObject({
  fields: z.array(DetectedFieldSchema),
});
export type DetectFieldsResult = z.output<typeof DetectFieldsResultSchema>;
