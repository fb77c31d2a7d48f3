import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import type { Ref } from 'react';

/**
 * Mantine's PasswordInput links its error through aria-describedby but does not mark the input
 * aria-invalid (TextInput does); screen readers then do not say the field is invalid.
 */
export function PasswordField({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <PasswordInput
      ref={ref}
      aria-invalid={props.error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': UI_TEXT.togglePasswordVisibility }}
      {...props}
    />
  );
}
