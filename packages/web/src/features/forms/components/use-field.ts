import type { FormComponent } from '@under/core/forms/form.schema';
import { maskValue } from '@under/core/forms/masking';
import { canEditField, isFieldEditable } from '@under/core/forms/permissions';
import { fieldId, useFieldDisabled, useFieldErrors, useFieldValue, useRenderer } from './renderer-context';

const noop = () => {};

/**
 * What every input needs: its value binding (one subscription per field, to the store, not react-hook-form's
 * controller: a controller is some fifteen hooks and three subscriptions per field), id, label, required flag, whether the
 * current role and owner section may edit it (core's canEditField) and the message of its last validation.
 */
export function useField(component: FormComponent) {
  const { store, role, ownerSection, readOnly, idPrefix, setFieldValue, unsubmitted } = useRenderer();
  const compiled = store.fieldOf(component.key);
  const key = component.key;
  const field = {
    name: key,
    value: useFieldValue(key),
    onChange: (value: unknown) => setFieldValue(key, value),
    onBlur: noop,
    ref: noop as (el: HTMLElement | null) => void,
  };
  const errors = useFieldErrors(component.key);
  // its `disabled` attribute, or `logic` that disables it now (decision 069)
  const disabledNow = useFieldDisabled(key);
  const disabled = compiled?.disabledWhen ? disabledNow : component.disabled === true;
  // the server's rule: the role's euPermission (encrypted fields by it while unsubmitted) and the owner's section
  const roleMay = compiled === undefined || canEditField(compiled, { role, ownerSection, unsubmitted });
  const editable = !readOnly && !disabled && roleMay;
  const own = errors.find((e) => e.path === component.key) ?? errors[0];
  return {
    field,
    id: fieldId(idPrefix, component.key),
    label: component.label?.trim() || component.key,
    description: component.description,
    placeholder: component.placeholder,
    required: compiled?.required === true,
    /**
     * A read-only preview (no role: the wizard's and the admin's previews) marks what the primary applicant will have
     * to fill in (issue 21 §5): required fields they may edit.
     */
    previewRequired:
      readOnly &&
      role === undefined &&
      compiled?.required === true &&
      isFieldEditable(component, 'primaryOwnerEndUser'),
    editable,
    /** Encrypted values are shown masked to anyone who may not edit them (spec 1 §5). */
    masked: compiled?.encrypted === true && !editable,
    errors,
    error: own?.message,
  };
}

export type FieldBinding = ReturnType<typeof useField>;

/** The text a masked field shows: the server's mask as it came, or our mask of a plain value. */
export function maskedText(value: unknown): string {
  if (typeof value === 'string' && value.includes('*')) return value;
  return typeof value === 'string' || typeof value === 'number' ? maskValue(value) : '';
}
