import type { FormComponent } from '@under/core/forms/form.schema';
import { inputToIso, isoToInput, joinDay, splitDay, timeToValue } from '../lib/values';
import { FieldShell, LiteSelect, LiteTextInput } from './lite-input';
import classes from './renderer.module.css';
import { inputProps, ReadOnlyTextField } from './text-fields';
import { useField } from './use-field';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const MONTH_OPTIONS = [{ value: '', label: 'Month' }, ...MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))];
const W150 = 'calc(9.375rem * var(--mantine-scale))';
const W70 = 'calc(4.375rem * var(--mantine-scale))';
const W90 = 'calc(5.625rem * var(--mantine-scale))';

/** datetime: the browser's date (or date and time) input; the value is ISO `yyyy-MM-dd[THH:mm:ss]`. */
export function DatetimeField({ component }: { component: FormComponent }) {
  const b = useField(component);
  if (!b.editable) return <ReadOnlyTextField component={component} binding={b} />;
  const withTime = component.type === 'datetime' && component.enableTime === true;
  return (
    <LiteTextInput
      {...inputProps(b)}
      ref={b.field.ref}
      type={withTime ? 'datetime-local' : 'date'}
      value={isoToInput(b.field.value, withTime)}
      onChange={(e) => b.field.onChange(inputToIso(e.currentTarget.value, withTime))}
    />
  );
}

export function TimeField({ component }: { component: FormComponent }) {
  const b = useField(component);
  if (!b.editable) return <ReadOnlyTextField component={component} binding={b} />;
  const dataFormat = component.type === 'time' ? component.dataFormat : undefined;
  const value = typeof b.field.value === 'string' ? b.field.value.slice(0, 5) : '';
  return (
    <LiteTextInput
      {...inputProps(b)}
      ref={b.field.ref}
      type="time"
      value={value}
      onChange={(e) => b.field.onChange(timeToValue(e.currentTarget.value, dataFormat))}
    />
  );
}

/** day: month, day and year inputs grouped under one label; the value is `MM/DD/YYYY` (Form.io's). */
export function DayField({ component }: { component: FormComponent }) {
  const b = useField(component);
  if (!b.editable) return <ReadOnlyTextField component={component} binding={b} />;
  const dayFirst = component.type === 'day' && component.dayFirst === true;
  const parts = splitDay(b.field.value, dayFirst);
  const set = (change: Partial<typeof parts>) => b.field.onChange(joinDay({ ...parts, ...change }, dayFirst));
  const errorId = b.error ? `${b.id}-error` : undefined;
  return (
    <FieldShell
      id={b.id}
      label={b.label}
      labelElement="div"
      description={b.description}
      required={b.required}
      error={b.error}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the label above names the group; a fieldset would draw its own frame */}
      <div className={classes.dayGroup} role="group" aria-labelledby={`${b.id}-label`}>
        <LiteSelect
          id={b.id}
          ref={b.field.ref}
          aria-label={`${b.label} month`}
          aria-describedby={errorId}
          aria-invalid={b.error ? true : undefined}
          value={parts.month}
          onChange={(e) => set({ month: e.currentTarget.value })}
          onBlur={b.field.onBlur}
          data={MONTH_OPTIONS}
          style={{ width: W150 }}
        />
        <LiteTextInput
          id={`${b.id}-day`}
          aria-label={`${b.label} day`}
          aria-describedby={errorId}
          aria-invalid={b.error ? true : undefined}
          placeholder="DD"
          inputMode="numeric"
          maxLength={2}
          value={parts.day}
          onChange={(e) => set({ day: e.currentTarget.value.replace(/\D/g, '') })}
          style={{ width: W70 }}
        />
        <LiteTextInput
          id={`${b.id}-year`}
          aria-label={`${b.label} year`}
          aria-describedby={errorId}
          aria-invalid={b.error ? true : undefined}
          placeholder="YYYY"
          inputMode="numeric"
          maxLength={4}
          value={parts.year}
          onChange={(e) => set({ year: e.currentTarget.value.replace(/\D/g, '') })}
          style={{ width: W90 }}
        />
      </div>
    </FieldShell>
  );
}
