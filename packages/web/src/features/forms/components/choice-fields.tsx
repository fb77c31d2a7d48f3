import type { FieldOption } from '@under/core/forms/component.schema';
import type { FormComponent } from '@under/core/forms/form.schema';
import type { ReactNode } from 'react';
import { FieldDescription, FieldError, FieldLabel, LiteSelect } from './lite-input';
import classes from './renderer.module.css';
import { inputProps } from './text-fields';
import { type FieldBinding, useField } from './use-field';

function optionsOf(component: FormComponent): readonly FieldOption[] {
  if (component.type === 'select') return component.data.values ?? [];
  if (component.type === 'radio' || component.type === 'selectboxes') return component.values;
  return [];
}

const isInline = (component: FormComponent) =>
  (component.type === 'radio' || component.type === 'selectboxes') && component.inline === true;

function describedBy(b: FieldBinding): string | undefined {
  const ids = [b.description ? `${b.id}-description` : '', b.error ? `${b.id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A labelled group of options (role group or radiogroup) with its description and error, like Mantine's groups. */
function ChoiceGroup({
  b,
  role,
  inline,
  children,
}: {
  b: FieldBinding;
  role: 'group' | 'radiogroup';
  inline: boolean;
  children: ReactNode;
}) {
  const groupProps = {
    role,
    'aria-labelledby': `${b.id}-label`,
    'aria-describedby': describedBy(b),
    'aria-invalid': role === 'radiogroup' && b.error ? true : undefined,
    'aria-required': role === 'radiogroup' && b.required ? true : undefined,
  };
  return (
    <div {...groupProps}>
      <FieldLabel id={`${b.id}-label`} required={b.required} element="div">
        {b.label}
      </FieldLabel>
      {b.description ? <FieldDescription id={`${b.id}-description`}>{b.description}</FieldDescription> : null}
      <div className={inline ? `${classes.options} ${classes.optionsInline}` : classes.options}>{children}</div>
      {b.error ? (
        <FieldError id={`${b.id}-error`} mt={6}>
          {b.error}
        </FieldError>
      ) : null}
    </div>
  );
}

interface ChoiceProps {
  id?: string;
  type: 'checkbox' | 'radio';
  name: string;
  label: ReactNode;
  checked: boolean;
  disabled: boolean;
  invalid: boolean;
  value?: string;
  describedBy?: string;
  inputRef?: (el: HTMLInputElement | null) => void;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
}

function Choice(props: ChoiceProps) {
  return (
    <label className={props.invalid ? `${classes.choice} ${classes.choiceInvalid}` : classes.choice}>
      <input
        id={props.id}
        ref={props.inputRef}
        type={props.type}
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        aria-invalid={props.type === 'checkbox' && props.invalid ? true : undefined}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
        onBlur={props.onBlur}
      />
      <span>{props.label}</span>
    </label>
  );
}

export function CheckboxField({ component }: { component: FormComponent }) {
  const b = useField(component);
  return (
    <div>
      <Choice
        id={b.id}
        inputRef={b.field.ref}
        type="checkbox"
        name={b.field.name}
        label={b.required ? `${b.label} *` : b.label}
        checked={b.field.value === true}
        disabled={!b.editable}
        invalid={Boolean(b.error)}
        describedBy={describedBy(b)}
        onChange={(checked) => b.field.onChange(checked)}
        onBlur={b.field.onBlur}
      />
      {b.description ? <FieldDescription id={`${b.id}-description`}>{b.description}</FieldDescription> : null}
      {b.error ? (
        <FieldError id={`${b.id}-error`} mt={4}>
          {b.error}
        </FieldError>
      ) : null}
    </div>
  );
}

export function SelectboxesField({ component }: { component: FormComponent }) {
  const b = useField(component);
  const options = optionsOf(component);
  const value = (b.field.value ?? {}) as Record<string, boolean>;
  const toggle = (key: string, checked: boolean) =>
    b.field.onChange(
      Object.fromEntries(
        options.map((o) => [String(o.value), String(o.value) === key ? checked : value[String(o.value)] === true]),
      ),
    );
  return (
    <ChoiceGroup b={b} role="group" inline={isInline(component)}>
      {options.map((o, i) => (
        <Choice
          key={String(o.value)}
          id={i === 0 ? b.id : undefined}
          inputRef={i === 0 ? b.field.ref : undefined}
          type="checkbox"
          name={`${b.field.name}-${String(o.value)}`}
          label={o.label}
          value={String(o.value)}
          checked={value[String(o.value)] === true}
          disabled={!b.editable}
          invalid={Boolean(b.error)}
          onChange={(checked) => toggle(String(o.value), checked)}
          onBlur={b.field.onBlur}
        />
      ))}
    </ChoiceGroup>
  );
}

export function RadioField({ component }: { component: FormComponent }) {
  const b = useField(component);
  const options = optionsOf(component);
  const value = b.field.value === undefined || b.field.value === null ? null : String(b.field.value);
  return (
    <ChoiceGroup b={b} role="radiogroup" inline={isInline(component)}>
      {options.map((o, i) => (
        <Choice
          key={String(o.value)}
          // The first option takes the field's id; with one already chosen, that one (it is the tab stop).
          id={(value === null ? i === 0 : String(o.value) === value) ? b.id : undefined}
          inputRef={i === 0 ? b.field.ref : undefined}
          type="radio"
          name={b.field.name}
          label={o.label}
          value={String(o.value)}
          checked={value === String(o.value)}
          disabled={!b.editable}
          invalid={Boolean(b.error)}
          onChange={(checked) => {
            if (checked) b.field.onChange(o.value);
          }}
          onBlur={b.field.onBlur}
        />
      ))}
    </ChoiceGroup>
  );
}

export function SelectField({ component }: { component: FormComponent }) {
  const b = useField(component);
  const options = optionsOf(component);
  const value = b.field.value === undefined || b.field.value === null ? '' : String(b.field.value);
  return (
    <LiteSelect
      {...inputProps(b)}
      ref={b.field.ref}
      disabled={!b.editable}
      value={value}
      data={[
        { value: '', label: component.placeholder || 'Select…' },
        ...options.map((o) => ({ value: String(o.value), label: o.label })),
      ]}
      onChange={(e) => {
        const next = e.currentTarget.value;
        b.field.onChange(next === '' ? undefined : (options.find((o) => String(o.value) === next)?.value ?? next));
      }}
    />
  );
}
