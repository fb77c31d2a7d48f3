import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponseSchema } from '@under/core/auth/auth.schema';
import {
  type DICTIONARY_TYPES,
  type Dictionary,
  type DictionaryInput,
  DictionaryListSchema,
  DictionarySchema,
} from '@under/core/templates/dictionary.schema';
import { type PushUpdate, PushUpdateSchema } from '@under/core/templates/master-form.schema';
import { type Section, type SectionInput, SectionSchema } from '@under/core/templates/section.schema';
import { z } from 'zod';
import { useSession } from '../../../lib/session-context';

export interface DictionariesParams {
  page: number;
  pageSize: number;
  q: string;
  type: (typeof DICTIONARY_TYPES)[number] | '';
}

export const LIBRARY_KEYS = {
  dictionaries: ['dictionaries'] as const,
  dictionaryList: (params: DictionariesParams) => ['dictionaries', 'list', params] as const,
  sections: ['sections'] as const,
  sectionList: (q: string, processor: string) => ['sections', 'list', q, processor] as const,
  section: (id: string) => ['sections', 'detail', id] as const,
  push: (pushId: string) => ['push-updates', pushId] as const,
};

/** How often a running push is asked for its progress. */
export const PUSH_POLL_MS = 1000;

// ---- dictionaries

export function useDictionaries(params: DictionariesParams) {
  const { http } = useSession();
  return useQuery({
    queryKey: LIBRARY_KEYS.dictionaryList(params),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
      if (params.q) search.set('q', params.q);
      if (params.type) search.set('type', params.type);
      return http.get(`/dictionaries?${search}`, { schema: DictionaryListSchema, signal });
    },
    // the table keeps its rows while the next page or search loads
    placeholderData: keepPreviousData,
  });
}

export function useSaveDictionary() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DictionaryInput }): Promise<Dictionary> =>
      id
        ? http.request(`/dictionaries/${id}`, { method: 'PATCH', body, schema: DictionarySchema })
        : http.post('/dictionaries', body, { schema: DictionarySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.dictionaries }),
  });
}

export function useDeleteDictionary() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.request(`/dictionaries/${id}`, { method: 'DELETE', schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.dictionaries }),
  });
}

// ---- sections

export function useSections(q: string, processor: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: LIBRARY_KEYS.sectionList(q, processor),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams();
      if (q) search.set('q', q);
      if (processor) search.append('processors', processor);
      const query = search.size > 0 ? `?${search}` : '';
      return http.get(`/sections${query}`, { schema: z.array(SectionSchema), signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useSection(sectionId: string | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: LIBRARY_KEYS.section(sectionId ?? ''),
    queryFn: ({ signal }) => http.get(`/sections/${sectionId}`, { schema: SectionSchema, signal }),
    enabled: Boolean(sectionId),
  });
}

export function useSaveSection() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SectionInput }): Promise<Section> =>
      id
        ? http.request(`/sections/${id}`, { method: 'PATCH', body, schema: SectionSchema })
        : http.post('/new-section', body, { schema: SectionSchema }),
    onSuccess: async (section) => {
      queryClient.setQueryData(LIBRARY_KEYS.section(section.sectionId), section);
      await queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.sections, refetchType: 'none' });
    },
  });
}

// ---- push updates (durable jobs)

export type PushKind = 'dictionary' | 'section';

const PUSH_PATHS: Record<PushKind, string> = {
  dictionary: '/push-update-by-dictionaries',
  section: '/push-update-by-sections',
};

export function useStartPush(kind: PushKind) {
  const { http } = useSession();
  return useMutation({
    mutationFn: (id: string) => http.post(PUSH_PATHS[kind], { id }, { schema: PushUpdateSchema }),
  });
}

const isFinished = (push: PushUpdate | undefined) => push?.status === 'done' || push?.status === 'failed';

/** The progress of one push, asked again every second until it is done or failed. */
export function usePushProgress(initial: PushUpdate | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: LIBRARY_KEYS.push(initial?.pushId ?? ''),
    queryFn: ({ signal }) => http.get(`/push-updates/${initial?.pushId}`, { schema: PushUpdateSchema, signal }),
    enabled: Boolean(initial),
    initialData: initial,
    // the answer of the POST is already a reading: the first poll comes one interval later
    initialDataUpdatedAt: Date.now(),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : PUSH_POLL_MS),
    refetchIntervalInBackground: true,
  });
}
