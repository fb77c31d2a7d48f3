import { SalesforceMappingSchema } from '../../integrations/integrations';
import {
  CreateMapperBodySchema,
  CustomFormIdParamsSchema,
  MappingPreviewBodySchema,
  MappingPreviewSchema,
  MappingProposalSchema,
  SalesforceMappingViewSchema,
  SfAttributesQuerySchema,
  SfAttributesSchema,
  SfObjectsSchema,
} from '../../integrations/salesforce-mapping.schema';
import { endpoint } from '../contract';

const tag = 'integrations';

/** A custom form's Salesforce mapping (issue #23 §5; spec 2 §7 Integrations; decision 075). */
export const MAPPING_API = {
  objects: endpoint({
    method: 'GET',
    path: '/api/sf-objects',
    response: SfObjectsSchema,
    tag,
    summary: "The Salesforce objects records may be created in (the company's connection)",
  }),
  attributes: endpoint({
    method: 'GET',
    path: '/api/sf-attributes',
    query: SfAttributesQuerySchema,
    response: SfAttributesSchema,
    tag,
    summary: "An object's fields from its describe, with the form field types that may fill each (Lead by default)",
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/salesforce/mapping/:customFormId',
    params: CustomFormIdParamsSchema,
    response: SalesforceMappingViewSchema,
    tag,
    summary: "A custom form's Salesforce mapping and the form's fields",
  }),
  put: endpoint({
    method: 'PUT',
    path: '/api/salesforce/mapping/:customFormId',
    params: CustomFormIdParamsSchema,
    body: SalesforceMappingSchema,
    response: SalesforceMappingViewSchema,
    tag,
    summary: "Saves a custom form's mapping; unknown fields and incompatible pairs are refused with the reason",
  }),
  /** The spec's "PUT/POST mapping": the same save. */
  post: endpoint({
    method: 'POST',
    path: '/api/salesforce/mapping/:customFormId',
    params: CustomFormIdParamsSchema,
    body: SalesforceMappingSchema,
    response: SalesforceMappingViewSchema,
    tag,
    summary: "Saves a custom form's mapping (the same as PUT)",
  }),
  createMapper: endpoint({
    method: 'POST',
    path: '/api/salesforce/create-mapper',
    body: CreateMapperBodySchema,
    response: MappingProposalSchema,
    tag,
    summary: 'A proposed mapping: fields paired by name, label and type, and an External ID field',
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/salesforce/mapping/:customFormId/preview',
    params: CustomFormIdParamsSchema,
    body: MappingPreviewBodySchema,
    response: MappingPreviewSchema,
    tag,
    summary: 'The record an application (or sample answers) would produce, and what would stop its sync',
  }),
} as const;
