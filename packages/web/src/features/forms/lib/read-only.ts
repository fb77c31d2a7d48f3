import type { FormComponent } from '@under/core/forms/form.schema';

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
