import { UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import classes from './renderer.module.css';

interface RendererButtonProps extends ComponentPropsWithoutRef<'button'> {
  variant?: 'filled' | 'default' | 'subtle';
  loading?: boolean;
}

/** The renderer's buttons; `loading` disables the button and tells assistive technology it is busy. */
export function RendererButton({ variant = 'filled', loading, className, disabled, ...rest }: RendererButtonProps) {
  const variantClass = variant === 'default' ? classes.buttonDefault : variant === 'subtle' ? classes.buttonSubtle : '';
  return (
    <UnstyledButton
      type="button"
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={[classes.button, variantClass, className].filter(Boolean).join(' ')}
    />
  );
}
