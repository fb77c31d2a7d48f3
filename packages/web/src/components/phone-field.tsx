import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhone, isValidPhone } from '@under/core/accounts/phone';
import { UI_TEXT } from '@under/core/ui-text';
import type { FocusEvent, Ref } from 'react';

interface PhoneFieldProps extends Omit<TextInputProps, 'onBlur'> {
  ref?: Ref<HTMLInputElement>;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Receives the number in the spec's display, (555) 123-4567, once a valid one is typed. */
  onFormatted: (value: string) => void;
}

/** The contact number input: checked by the core rule, shown as (ddd) ddd-dddd (spec 1 §5) on leaving it. */
export function PhoneField({ ref, onBlur, onFormatted, ...props }: PhoneFieldProps) {
  return (
    <TextInput
      ref={ref}
      label={UI_TEXT.phoneLabel}
      description={UI_TEXT.phoneHint}
      type="tel"
      autoComplete="tel"
      withAsterisk
      {...props}
      onBlur={(event) => {
        const typed = event.currentTarget.value;
        const shown = formatPhone(typed.trim());
        if (shown !== typed && isValidPhone(shown)) onFormatted(shown);
        onBlur?.(event);
      }}
    />
  );
}

/** A stored number in the spec's display, or null. */
export function displayPhone(value: string | null | undefined): string | null {
  return value ? formatPhone(value) : null;
}
