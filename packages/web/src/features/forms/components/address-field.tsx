import type { FormComponent } from '@under/core/forms/form.schema';
import { isPlainObject } from '@under/core/forms/path';
import { LiteTextInput } from './lite-input';
import classes from './renderer.module.css';
import { useField } from './use-field';

interface Part {
  key: string;
  label: string;
  required: boolean;
}

/** Street, city, state and zip when the form does not list its own parts. */
const DEFAULT_PARTS: readonly Part[] = [
  { key: 'address1', label: 'Street', required: false },
  { key: 'city', label: 'City', required: false },
  { key: 'state', label: 'State', required: false },
  { key: 'zip', label: 'Zip code', required: false },
];

function partsOf(component: FormComponent): readonly Part[] {
  const declared = component.type === 'address' ? (component.components ?? []) : [];
  const visible = declared.filter((p) => p.type !== 'hidden');
  if (visible.length === 0) return DEFAULT_PARTS;
  return visible.map((p) => ({ key: p.key, label: p.label?.trim() || p.key, required: p.validate?.required === true }));
}

/** The value Form.io stores for a manually entered address: `{ mode: 'manual', address: { city, ... } }`. */
function partsValue(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) return {};
  return isPlainObject(value.address) ? value.address : value;
}

export function AddressField({ component }: { component: FormComponent }) {
  const b = useField(component);
  const parts = partsOf(component);
  const current = partsValue(b.field.value);
  const wholeError = b.errors.find((e) => e.path === component.key)?.message;
  const set = (key: string, text: string) => {
    const address = { ...current, [key]: text };
    const empty = Object.values(address).every((v) => v === '' || v === undefined);
    b.field.onChange(empty ? undefined : { mode: 'manual', address });
  };
  return (
    <fieldset
      className={`${classes.fieldset} ${classes.fieldsetPlain}`}
      aria-describedby={wholeError ? `${b.id}-error` : undefined}
    >
      <legend className={classes.legend}>{b.required ? `${b.label} *` : b.label}</legend>
      <div className={classes.address}>
        {parts.map((part, i) => {
          const error = b.errors.find((e) => e.path === `${component.key}.${part.key}`)?.message;
          return (
            <LiteTextInput
              key={part.key}
              id={i === 0 ? b.id : `${b.id}-${part.key}`}
              ref={i === 0 ? b.field.ref : undefined}
              label={part.label}
              required={part.required || (b.required && i === 0)}
              readOnly={!b.editable}
              error={error}
              value={typeof current[part.key] === 'string' ? (current[part.key] as string) : ''}
              onChange={(e) => set(part.key, e.currentTarget.value)}
              onBlur={b.field.onBlur}
              className={i === 0 ? classes.addressFirst : undefined}
            />
          );
        })}
      </div>
      {wholeError ? (
        <div
          id={`${b.id}-error`}
          className="mantine-InputWrapper-error"
          style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)', marginTop: 6 }}
        >
          {wholeError}
        </div>
      ) : null}
    </fieldset>
  );
}
