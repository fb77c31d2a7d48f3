import { z } from 'zod';
import { OkResponseSchema } from '../auth/auth.schema';
import {
  DictionaryInputSchema,
  DictionaryListSchema,
  DictionaryParamsSchema,
  DictionarySchema,
  ListDictionariesQuerySchema,
} from '../templates/dictionary.schema';
import {
  ProcessorListSchema,
  PushBodySchema,
  PushParamsSchema,
  PushUpdateSchema,
} from '../templates/master-form.schema';
import {
  ListSectionsQuerySchema,
  SectionInputSchema,
  SectionParamsSchema,
  SectionSchema,
} from '../templates/section.schema';
import { endpoint } from './contract';

/** Dictionaries, sections, their pushes to master forms, and the processors (spec 2 §7). */
export const LIBRARY_API = {
  // ---- dictionaries
  listDictionaries: endpoint({
    method: 'GET',
    path: '/api/dictionaries',
    query: ListDictionariesQuerySchema,
    response: DictionaryListSchema,
    tag: 'dictionaries',
  }),
  getDictionary: endpoint({
    method: 'GET',
    path: '/api/dictionary/:dictionaryId',
    params: DictionaryParamsSchema,
    response: DictionarySchema,
    tag: 'dictionaries',
  }),
  createDictionary: endpoint({
    method: 'POST',
    path: '/api/dictionaries',
    body: DictionaryInputSchema,
    status: 201,
    response: DictionarySchema,
    tag: 'dictionaries',
  }),
  updateDictionary: endpoint({
    method: 'PATCH',
    path: '/api/dictionaries/:dictionaryId',
    params: DictionaryParamsSchema,
    body: DictionaryInputSchema,
    response: DictionarySchema,
    tag: 'dictionaries',
  }),
  deleteDictionary: endpoint({
    method: 'DELETE',
    path: '/api/dictionaries/:dictionaryId',
    params: DictionaryParamsSchema,
    response: OkResponseSchema,
    tag: 'dictionaries',
  }),

  // ---- sections
  listSections: endpoint({
    method: 'GET',
    path: '/api/sections',
    query: ListSectionsQuerySchema,
    response: z.array(SectionSchema),
    tag: 'sections',
  }),
  getSection: endpoint({
    method: 'GET',
    path: '/api/sections/:sectionId',
    params: SectionParamsSchema,
    response: SectionSchema,
    tag: 'sections',
  }),
  createSection: endpoint({
    method: 'POST',
    path: '/api/new-section',
    body: SectionInputSchema,
    status: 201,
    response: SectionSchema,
    tag: 'sections',
  }),
  updateSection: endpoint({
    method: 'PATCH',
    path: '/api/sections/:sectionId',
    params: SectionParamsSchema,
    body: SectionInputSchema,
    response: SectionSchema,
    tag: 'sections',
  }),

  // ---- pushes to master forms (durable jobs)
  pushDictionary: endpoint({
    method: 'POST',
    path: '/api/push-update-by-dictionaries',
    body: PushBodySchema,
    status: 202,
    response: PushUpdateSchema,
    tag: 'jobs',
  }),
  pushSection: endpoint({
    method: 'POST',
    path: '/api/push-update-by-sections',
    body: PushBodySchema,
    status: 202,
    response: PushUpdateSchema,
    tag: 'jobs',
  }),
  getPush: endpoint({
    method: 'GET',
    path: '/api/push-updates/:pushId',
    params: PushParamsSchema,
    response: PushUpdateSchema,
    tag: 'jobs',
  }),

  // ---- processors, which sections and master forms name
  listProcessors: endpoint({
    method: 'GET',
    path: '/api/processors',
    response: ProcessorListSchema,
    tag: 'master-forms',
  }),
} as const;
