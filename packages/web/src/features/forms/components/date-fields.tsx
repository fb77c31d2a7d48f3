import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import type { FormComponent } from '@under/core/forms/form.schema';
import { inputToIso, isoToInput, joinDay, splitDay, timeToValue } from '../lib/values';
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

/** datetime: the browser's date (or date and time) input; the value is ISO `yyyy-MM-dd[THH:mm:ss]`. */
export function DatetimeField({ component }: { component: FormComponent }) {
  const b = useField(component);
  if (!b.editable) return <ReadOnlyTextField component={component} binding={b} />;
  const withTime = component.type === 'datetime' && component.enableTime === true;
  return (
    <TextInput
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
    <TextInput
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
    <Input.Wrapper
      label={b.label}
      labelElement="div"
      labelProps={{ id: `${b.id}-label` }}
      description={b.description}
      required={b.required}
      error={b.error}
      errorProps={{ id: errorId }}
    >
      <Group gap="xs" mt={4} wrap="nowrap" role="group" aria-labelledby={`${b.id}-label`}>
        <NativeSelect
          id={b.id}
          ref={b.field.ref}
          aria-label={`${b.label} month`}
          aria-describedby={errorId}
          aria-invalid={b.error ? true : undefined}
          value={parts.month}
          onChange={(e) => set({ month: e.currentTarget.value })}
          onBlur={b.field.onBlur}
          data={[{ value: '', label: 'Month' }, ...MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))]}
          w={150}
        />
        <TextInput
          id={`${b.id}-day`}
          aria-label={`${b.label} day`}
          aria-describedby={errorId}
          aria-invalid={b.error ? true : undefined}
          placeholder="DD"
          inputMode="numeric"
          maxLength={2}
          value={parts.day}
          onChange={(e) => set({ day: e.currentTarget.value.replace(/\D/g, '') })}
          w={70}
        />
        <TextInput
          id={`${b.id}-year`}
          aria-label={`${b.label} year`}
          aria-describedby={errorId}
          aria-invalid={b.error ? true : undefined}
          placeholder="YYYY"
          inputMode="numeric"
          maxLength={4}
          value={parts.year}
          onChange={(e) => set({ year: e.currentTarget.value.replace(/\D/g, '') })}
          w={90}
        />
      </Group>
    </Input.Wrapper>
  );
}
