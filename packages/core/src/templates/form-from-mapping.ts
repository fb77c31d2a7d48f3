import type { FieldType } from '../forms/field-types';
import type { FormComponent, FormDefinition } from '../forms/form.schema';
import { FORM_SCHEMA_VERSION } from '../forms/form-migrate';
import { createSystemFieldComponent, SYSTEM_FIELDS } from '../forms/system-fields';
import { PDF_TO_FORM_TYPES } from './mapping-rules';
import type { PdfField, PdfFieldType } from './pdf-field.schema';

/** The form type a mapped box becomes when it is bound to nothing: the first of its matches. */
export function defaultFormType(type: Exclude<PdfFieldType, 'replica'>): FieldType {
  const allowed = PDF_TO_FORM_TYPES[type];
  return (allowed === 'any' ? 'textfield' : allowed[0]) as FieldType;
}

/**
 * The universal form of a mapped template (spec 1 §3 `allField`): the system fields, then one field per mapped key
 * in page and render order (a radio group or checkbox list once, with its boxes' choices), each bound by its key.
 * Replicas repeat another key and add no field.
 */
export function formFromMapping(fields: readonly PdfField[]): {
  form: FormDefinition;
  bindingFields: { name: string; type: string }[];
} {
  const components: FormComponent[] = SYSTEM_FIELDS.map(createSystemFieldComponent);
  const taken = new Set(components.map((c) => c.key));
  const bindingFields: { name: string; type: string }[] = [];
  const ordered = [...fields].sort((a, b) => a.page - b.page || a.renderOrder - b.renderOrder || a.y - b.y);
  for (const f of ordered) {
    if (f.type === 'replica' || taken.has(f.key)) continue;
    taken.add(f.key);
    const type = (f.bindingField?.type as FieldType | undefined) ?? defaultFormType(f.type);
    const group = fields.filter((x) => x.key === f.key && x.type === f.type);
    const choices = group
      .map((x) => x.optionValue)
      .filter((v): v is string => typeof v === 'string' && v !== '')
      .map((v) => ({ label: f.options?.find((o) => o.value === v)?.label ?? v, value: v }));
    const base = {
      key: f.key,
      label: f.label || f.name || f.key,
      input: true,
      euPermission: f.euPermission,
      euEncrypted: f.euEncrypted,
      validate: { required: f.required },
    };
    let component: Record<string, unknown> = { ...base, type };
    if (type === 'radio' || type === 'selectboxes')
      component = { ...component, values: choices.length ? choices : [{ label: 'Yes', value: 'yes' }] };
    if (type === 'select') component = { ...component, data: { values: choices } };
    components.push(component as unknown as FormComponent);
    bindingFields.push({ name: f.key, type });
  }
  return { form: { version: FORM_SCHEMA_VERSION, display: 'form', components } as FormDefinition, bindingFields };
}
