import type { EndUserRole } from '@under/core/forms/field-types';
import type { SubmissionError } from '@under/core/forms/validate-submission';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { FormStore } from '../lib/form-store';

/** What a pluggable upload returns; it becomes the file field's value. */
export interface UploadedFile {
  url: string;
  name: string;
  size: number;
  type: string;
}
export type UploadFn = (file: File) => Promise<UploadedFile>;

export interface RendererContextValue {
  store: FormStore;
  /** Writes one field's value into the form (react-hook-form's `setValue`); conditions and calculations follow. */
  setFieldValue: (key: string, value: unknown) => void;
  role: EndUserRole | undefined;
  /** The owner's section of the form (FormRendererProps.ownerSection). */
  ownerSection?: number;
  /** Every field read-only (a submitted application shown for review). */
  readOnly: boolean;
  upload: UploadFn | undefined;
  idPrefix: string;
  /** Not submitted yet: encrypted fields follow their euPermission (FormRendererProps.unsubmitted). */
  unsubmitted?: boolean;
}

export const RendererContext = createContext<RendererContextValue | null>(null);

export function useRenderer(): RendererContextValue {
  const value = useContext(RendererContext);
  if (!value) throw new Error('Form fields must be rendered inside <FormRenderer>');
  return value;
}

/** The id of a field's first focusable element, which its label and the error summary point at. */
export function fieldId(prefix: string, key: string): string {
  return `${prefix}-${key}`;
}

/** True while the node is shown; re-renders only when its own visibility changes. */
export function useNodeVisible(index: number): boolean {
  const { store } = useRenderer();
  const subscribe = useCallback((listener: () => void) => store.subscribeNode(index, listener), [store, index]);
  return useSyncExternalStore(subscribe, () => store.isVisible(index));
}

/** The last validation's errors of one field (its parts included). */
export function useFieldErrors(key: string): readonly SubmissionError[] {
  const { store } = useRenderer();
  const subscribe = useCallback((listener: () => void) => store.subscribeErrors(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => store.errorsOf(key));
}

/** The current value of one field; re-renders when that value changes, never for other fields. */
export function useFieldValue(key: string): unknown {
  const { store } = useRenderer();
  const subscribe = useCallback((listener: () => void) => store.subscribeValue(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => store.valueOf(key));
}

/** Whether the field is disabled now, by its `disabled` attribute or by `logic` (decision 069). */
export function useFieldDisabled(key: string): boolean {
  const { store } = useRenderer();
  const subscribe = useCallback((listener: () => void) => store.subscribeValue(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => store.isDisabled(key));
}

export function useAllErrors(): readonly SubmissionError[] {
  const { store } = useRenderer();
  return useSyncExternalStore(store.subscribeAllErrors, store.allErrors);
}
