import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_API } from '@under/core/api/library.contract';
import type { DICTIONARY_TYPES, Dictionary, DictionaryInput } from '@under/core/templates/dictionary.schema';
import type { PushUpdate } from '@under/core/templates/master-form.schema';
import type { Section, SectionInput } from '@under/core/templates/section.schema';
import { useSession } from '../../../lib/session-context';

export interface DictionariesParams {
  page: number;
  pageSize: number;
  q: string;
  type: (typeof DICTIONARY_TYPES)[number] | '';
}

const LIBRARY_KEYS = {
  dictionaries: ['dictionaries'] as const,
  dictionaryList: (params: DictionariesParams) => ['dictionaries', 'list', params] as const,
  sections: ['sections'] as const,
  sectionList: (q: string, processor: string) => ['sections', 'list', q, processor] as const,
  section: (id: string) => ['sections', 'detail', id] as const,
  push: (pushId: string) => ['push-updates', pushId] as const,
};

/** How often a running push is asked for its progress. */
const PUSH_POLL_MS = 1000;

// ---- dictionaries

export function useDictionaries(params: DictionariesParams) {
  const { http } = useSession();
  return useQuery({
    queryKey: LIBRARY_KEYS.dictionaryList(params),
    queryFn: ({ signal }) =>
      http.call(LIBRARY_API.listDictionaries, {
        query: { page: params.page, pageSize: params.pageSize, q: params.q, type: params.type || undefined },
        signal,
      }),
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
        ? http.call(LIBRARY_API.updateDictionary, { params: { dictionaryId: id }, body })
        : http.call(LIBRARY_API.createDictionary, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.dictionaries }),
  });
}

export function useDeleteDictionary() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(LIBRARY_API.deleteDictionary, { params: { dictionaryId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.dictionaries }),
  });
}

// ---- sections

export function useSections(q: string, processor: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: LIBRARY_KEYS.sectionList(q, processor),
    queryFn: ({ signal }) => http.call(LIBRARY_API.listSections, { query: { q, processors: processor }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSection(sectionId: string | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: LIBRARY_KEYS.section(sectionId ?? ''),
    queryFn: ({ signal }) => http.call(LIBRARY_API.getSection, { params: { sectionId: sectionId ?? '' }, signal }),
    enabled: Boolean(sectionId),
  });
}

export function useSaveSection() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SectionInput }): Promise<Section> =>
      id
        ? http.call(LIBRARY_API.updateSection, { params: { sectionId: id }, body })
        : http.call(LIBRARY_API.createSection, { body }),
    onSuccess: async (section) => {
      queryClient.setQueryData(LIBRARY_KEYS.section(section.sectionId), section);
      await queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.sections, refetchType: 'none' });
    },
  });
}

// ---- push updates (durable jobs)

export type PushKind = 'dictionary' | 'section';

const PUSH_ENDPOINTS = {
  dictionary: LIBRARY_API.pushDictionary,
  section: LIBRARY_API.pushSection,
} as const satisfies Record<PushKind, unknown>;

export function useStartPush(kind: PushKind) {
  const { http } = useSession();
  return useMutation({
    mutationFn: (id: string) => http.call(PUSH_ENDPOINTS[kind], { body: { id } }),
  });
}

const isFinished = (push: PushUpdate | undefined) => push?.status === 'done' || push?.status === 'failed';

/** The progress of one push, asked again every second until it is done or failed. */
export function usePushProgress(initial: PushUpdate | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: LIBRARY_KEYS.push(initial?.pushId ?? ''),
    queryFn: ({ signal }) => http.call(LIBRARY_API.getPush, { params: { pushId: initial?.pushId ?? '' }, signal }),
    enabled: Boolean(initial),
    initialData: initial,
    // the answer of the POST is already a reading: the first poll comes one interval later
    initialDataUpdatedAt: Date.now(),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : PUSH_POLL_MS),
    refetchIntervalInBackground: true,
  });
}
