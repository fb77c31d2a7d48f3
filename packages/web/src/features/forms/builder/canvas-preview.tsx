import { getDefaultData } from '@under/core/forms/compile-form';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { FORM_SCHEMA_VERSION } from '@under/core/forms/form-migrate';
import { type ReactNode, useId, useMemo } from 'react';
import { FormNode } from '../components/form-nodes';
import { RendererContext, type RendererContextValue } from '../components/renderer-context';
import { createFormStore, type FormStore } from '../lib/form-store';

const noop = () => {};
const EMPTY: FormDefinition = { version: FORM_SCHEMA_VERSION, display: 'form', components: [] };

function storeOf(form: FormDefinition): FormStore {
  let store: FormStore;
  try {
    store = createFormStore(form, getDefaultData(form));
  } catch {
    // A form being edited can be briefly invalid (a pattern half typed); its fields still show, without rules.
    store = createFormStore(EMPTY, {});
  }
  // The canvas shows every field, whatever its conditions say about the default values.
  return { ...store, isVisible: () => true };
}

/**
 * The renderer's context for the builder's canvas: the same field components the applicant sees, fed the form's
 * default values, every field shown, nothing written back (the canvas's fields are inert).
 */
export function CanvasPreviewProvider({ form, children }: { form: FormDefinition; children: ReactNode }) {
  const idPrefix = `ub${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const store = useMemo(() => storeOf(form), [form]);
  const value = useMemo<RendererContextValue>(
    () => ({ store, setFieldValue: noop, role: undefined, readOnly: false, upload: undefined, idPrefix }),
    [store, idPrefix],
  );
  return <RendererContext.Provider value={value}>{children}</RendererContext.Provider>;
}

/** One field as the applicant will see it; hidden ones are drawn anyway, since the author must see them. */
export function CanvasField({ component }: { component: FormComponent }) {
  const shown = useMemo(
    () => (component.hidden === true ? ({ ...component, hidden: false } as FormComponent) : component),
    [component],
  );
  return <FormNode component={shown} />;
}
