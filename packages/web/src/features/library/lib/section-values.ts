import { KEY_PATTERN } from '@under/core/forms/component.schema';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { FORM_SCHEMA_VERSION } from '@under/core/forms/form-migrate';
import { walkComponents } from '@under/core/forms/form-walk';
import { MESSAGES } from '@under/core/messages';
import type { Section, SectionInput } from '@under/core/templates/section.schema';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';

/** Layout components hold fields; they are not fields themselves. */
const LAYOUT_TYPES = new Set(['panel', 'fieldset', 'columns', 'htmlelement']);

/** How many fields a section's components hold (layouts and static content not counted). */
export function countFields(components: unknown): number {
  const list = (components as { components?: unknown } | null)?.components;
  let n = 0;
  // the core walker skips anything that is not an object, so an unexpected shape counts as no fields
  walkComponents((Array.isArray(list) ? list : []) as FormComponent[], ({ component }) => {
    if (!LAYOUT_TYPES.has(String(component.type))) n += 1;
  });
  return n;
}

export const EMPTY_SECTION_FORM: FormDefinition = { version: FORM_SCHEMA_VERSION, display: 'form', components: [] };

/** The section settings the editor holds as inputs (the components are the builder's). */
export interface SectionFormValues {
  keySection: string;
  label: string;
  title: string;
  processors: string[];
  /** JSON text; empty means always shown. */
  conditional: string;
}

export type SectionField = keyof SectionFormValues;

export function toSectionFormValues(section?: Section): SectionFormValues {
  if (!section) return { keySection: '', label: '', title: '', processors: [], conditional: '' };
  return {
    keySection: section.keySection,
    label: section.label,
    title: section.title,
    processors: [...section.processors],
    conditional:
      section.conditional === undefined || section.conditional === null
        ? ''
        : JSON.stringify(section.conditional, null, 2),
  };
}

/** The request body, or the problems by input. */
export function toSectionInput(
  values: SectionFormValues,
  components: FormDefinition,
): { body: SectionInput; errors: Partial<Record<SectionField, string>> } {
  const errors: Partial<Record<SectionField, string>> = {};
  const keySection = values.keySection.trim();
  if (!keySection) errors.keySection = T.sectionKeyRequired;
  else if (!KEY_PATTERN.test(keySection)) errors.keySection = MESSAGES.keyPattern;
  const label = values.label.trim();
  if (!label) errors.label = T.sectionLabelRequired;
  if (values.processors.length === 0) errors.processors = MESSAGES.processorsRequired;
  const body: SectionInput = {
    keySection,
    label,
    title: values.title.trim(),
    components,
    processors: values.processors,
  };
  if (values.conditional.trim()) {
    try {
      body.conditional = JSON.parse(values.conditional);
    } catch {
      errors.conditional = T.conditionalInvalid;
    }
  }
  return { body, errors };
}
