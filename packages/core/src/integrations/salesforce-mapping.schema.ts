import { z } from 'zod';
import { FIELD_TYPES, GROUP_FIELD_TYPES } from '../forms/field-types';
import { SalesforceMappingSchema } from './integrations';

/**
 * Shapes of the Salesforce mapping's calls (issue #23 §5; decision 075): the objects and attributes read from
 * Salesforce's describe, a custom form's mapping, the create mapper's proposal and the preview of a record.
 */

/** A Salesforce API name (object or field): letters, digits and underscores, as Salesforce allows them. */
export const SfApiNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/, 'Not a Salesforce API name');

const FormTypeSchema = z.enum([...FIELD_TYPES, ...GROUP_FIELD_TYPES]);

export const SfObjectSummarySchema = z.object({
  name: z.string(),
  label: z.string(),
  custom: z.boolean(),
});
export const SfObjectsSchema = z.object({ objects: z.array(SfObjectSummarySchema) });
export type SfObjects = z.infer<typeof SfObjectsSchema>;

export const SfAttributesQuerySchema = z.object({ object: SfApiNameSchema.default('Lead') });

/** One Salesforce field as the mapping page shows it, with the form field types that may fill it. */
export const SfAttributeSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  length: z.number().int(),
  /** Not nillable, createable and not defaulted on create: the record must fill it. */
  required: z.boolean(),
  externalId: z.boolean(),
  picklistValues: z.array(z.object({ value: z.string(), label: z.string() })),
  /** The form field types the type matrix lets fill it (none: it cannot be mapped). */
  formTypes: z.array(FormTypeSchema),
});
export type SfAttribute = z.infer<typeof SfAttributeSchema>;

export const SfAttributesSchema = z.object({
  object: z.string(),
  label: z.string(),
  attributes: z.array(SfAttributeSchema),
});
export type SfAttributes = z.infer<typeof SfAttributesSchema>;

export const CustomFormIdParamsSchema = z.object({ customFormId: z.uuid() });

/** A form field a mapping may name. */
export const MappableFormFieldSchema = z.object({ key: z.string(), label: z.string(), type: FormTypeSchema });
export type MappableFormField = z.infer<typeof MappableFormFieldSchema>;

/** `GET /api/salesforce/mapping/{customFormId}`: the saved mapping (null: none yet) and the form's fields. */
export const SalesforceMappingViewSchema = z.object({
  customFormId: z.string(),
  masterFormId: z.string(),
  formName: z.string(),
  mapping: SalesforceMappingSchema.nullable(),
  formFields: z.array(MappableFormFieldSchema),
  updatedAt: z.string().nullable(),
  /** Whether the caller may change it (a client ADMINISTRATOR). */
  canEdit: z.boolean(),
});
export type SalesforceMappingView = z.infer<typeof SalesforceMappingViewSchema>;

export const CreateMapperBodySchema = z.strictObject({ customFormId: z.uuid(), object: SfApiNameSchema });

/** The create mapper's proposal: a mapping to review and save, never saved by itself. */
export const MappingProposalSchema = z.object({ mapping: SalesforceMappingSchema });

export const MappingPreviewBodySchema = z.strictObject({
  /** An application of this form whose answers to use (encrypted answers masked). */
  applicationId: z.uuid().optional(),
  /** Answers to use instead (sample values when neither is given). */
  data: z.record(z.string(), z.unknown()).optional(),
  /** A mapping not saved yet (the page's current choices); the saved one when left out. */
  mapping: SalesforceMappingSchema.optional(),
});

const WireValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const MappingProblemSchema = z.object({
  formKey: z.string().nullable(),
  sfField: z.string(),
  message: z.string(),
  path: z.string(),
});

/** The record an application would produce, and every problem that would stop its sync. */
export const MappingPreviewSchema = z.object({
  object: z.string(),
  externalIdField: z.string().nullable(),
  externalIdValue: z.string(),
  ok: z.boolean(),
  record: z.record(z.string(), WireValueSchema),
  problems: z.array(MappingProblemSchema),
  source: z.enum(['application', 'data', 'sample']),
});
export type MappingPreview = z.infer<typeof MappingPreviewSchema>;
