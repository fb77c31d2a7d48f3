import { PHONE_PATTERN } from '@under/core/forms/field-values';
import type { FormComponent } from '@under/core/forms/form.schema';
import { formatPhone } from '@under/core/forms/format';
import { useEffect, useState } from 'react';
import { toReadOnlyComponent } from '../lib/read-only';
import { currencyPrefix, displayText, numberToText, parseNumberText } from '../lib/values';
import { LiteTextarea, LiteTextInput } from './lite-input';
import { type FieldBinding, maskedText, useField } from './use-field';

/** Props every input gets from a binding: label, id, description, error (aria-describedby), required. */
export function inputProps(b: FieldBinding) {
  return {
    id: b.id,
    label: b.label,
    description: b.description,
    placeholder: b.placeholder,
    required: b.required,
    error: b.error,
    name: b.field.name,
    onBlur: b.field.onBlur,
  };
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A field the role may not edit (spec 2 §6): a plain read-only text field with key, label, value, prefix and
 * suffix; no mask, no validation. Encrypted values show masked.
 */
export function ReadOnlyTextField({ component, binding }: { component: FormComponent; binding: FieldBinding }) {
  const replacement = toReadOnlyComponent(component);
  const value = binding.masked ? maskedText(binding.field.value) : displayText(component, binding.field.value);
  return (
    <LiteTextInput
      id={binding.id}
      label={binding.label}
      description={binding.description}
      required={binding.previewRequired}
      value={value}
      readOnly
      aria-readonly
      error={binding.error}
      leftSection={component.type === 'currency' ? currencyPrefix(component) : replacement.prefix}
      rightSection={replacement.suffix}
      rightSectionWidth={replacement.suffix ? Math.max(36, replacement.suffix.length * 9 + 16) : undefined}
      inputStyle={READ_ONLY_STYLE}
    />
  );
}

const READ_ONLY_STYLE = { background: 'var(--mantine-color-gray-0)' };

function sections(component: FormComponent, prefix = component.prefix) {
  return {
    leftSection: prefix || undefined,
    rightSection: component.suffix || undefined,
    rightSectionWidth: component.suffix ? Math.max(36, component.suffix.length * 9 + 16) : undefined,
    leftSectionWidth: prefix ? Math.max(36, prefix.length * 9 + 16) : undefined,
  };
}

/** textfield, email, password and phoneNumber. */
export function TextField({ component }: { component: FormComponent }) {
  const b = useField(component);
  if (!b.editable) return <ReadOnlyTextField component={component} binding={b} />;
  const { field } = b;
  const common = {
    ...inputProps(b),
    ...sections(component),
    ref: field.ref,
    value: text(field.value),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.currentTarget.value),
  };
  if (component.type === 'password') return <LiteTextInput {...common} type="password" autoComplete="new-password" />;
  if (component.type === 'email') return <LiteTextInput {...common} type="email" autoComplete="email" />;
  if (component.type === 'phoneNumber') {
    return (
      <LiteTextInput
        {...common}
        type="tel"
        autoComplete="tel"
        onBlur={() => {
          // Shown as (ddd) ddd-dddd once typed; kept as typed when the display form would not validate.
          const value = text(field.value);
          const formatted = formatPhone(value);
          if (formatted !== value && PHONE_PATTERN.test(formatted)) field.onChange(formatted);
          field.onBlur();
        }}
      />
    );
  }
  return <LiteTextInput {...common} />;
}

export function TextareaField({ component }: { component: FormComponent }) {
  const b = useField(component);
  if (!b.editable) return <ReadOnlyTextField component={component} binding={b} />;
  const rows = component.type === 'textarea' ? (component.rows ?? 3) : 3;
  return (
    <LiteTextarea
      {...inputProps(b)}
      ref={b.field.ref}
      rows={rows}
      value={text(b.field.value)}
      onChange={(e) => b.field.onChange(e.currentTarget.value)}
    />
  );
}

/** number and currency: typed as text, stored as a number once it reads as one. */
export function NumberField({ component }: { component: FormComponent }) {
  const b = useField(component);
  const value = b.field.value;
  const [typed, setTyped] = useState(() => numberToText(value));
  useEffect(() => {
    // A value set from outside (reset, calculation) replaces what was typed.
    setTyped((current) => (parseNumberText(current) === value ? current : numberToText(value)));
  }, [value]);
  if (!b.editable) return <ReadOnlyTextField component={component} binding={b} />;
  const isCurrency = component.type === 'currency';
  return (
    <LiteTextInput
      {...inputProps(b)}
      {...sections(component, isCurrency ? currencyPrefix(component) : component.prefix)}
      ref={b.field.ref}
      inputMode="decimal"
      value={typed}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setTyped(next);
        b.field.onChange(parseNumberText(next));
      }}
      onBlur={() => {
        if (isCurrency && typeof value === 'number' && Number(value.toFixed(2)) === value) setTyped(value.toFixed(2));
        b.field.onBlur();
      }}
    />
  );
}
