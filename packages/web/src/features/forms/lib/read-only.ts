import type { FormComponent } from '@under/core/forms/form.schema';

/** Types whose read-only form is a plain text field (spec 2 §6); the others are shown disabled as they are. */
export const TEXT_LIKE_TYPES: ReadonlySet<FormComponent['type']> = new Set([
  'textfield',
  'textarea',
  'password',
  'email',
  'phoneNumber',
  'number',
  'currency',
  'datetime',
  'day',
  'time',
]);

/** The attributes the read-only replacement keeps; masks and validation are dropped. */
const KEPT = [
  'key',
  'label',
  'defaultValue',
  'calculateValue',
  'clearOnHide',
  'conditional',
  'hidden',
  'prefix',
  'suffix',
] as const;

/**
 * Spec 2 §6: a read-only text-like field becomes a plain text field keeping key, label, default, calculation,
 * clear-on-hide, conditional, hidden, prefix and suffix; masks and validation are removed.
 */
export function toReadOnlyComponent(component: FormComponent): FormComponent {
  const out: Record<string, unknown> = { type: 'textfield', input: true, disabled: true };
  for (const name of KEPT) {
    if (component[name] !== undefined) out[name] = component[name];
  }
  return out as FormComponent;
}
