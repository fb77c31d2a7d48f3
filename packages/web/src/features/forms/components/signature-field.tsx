import { Input, Text } from '@mantine/core';
import type { FormComponent } from '@under/core/forms/form.schema';
import { lazy, Suspense } from 'react';
import { useField } from './use-field';

/** signature_pad and the drawing UI load only when a form has a signature. */
const SignatureInput = lazy(() => import('./signature-input').then((m) => ({ default: m.SignatureInput })));

export function SignatureField({ component }: { component: FormComponent }) {
  const b = useField(component);
  const footer = component.type === 'signature' ? component.footer : undefined;
  return (
    <Input.Wrapper
      id={b.id}
      label={b.label}
      labelElement="div"
      labelProps={{ id: `${b.id}-label` }}
      required={b.required}
      description={b.description ?? footer}
      error={b.error}
    >
      <Suspense
        fallback={
          <Text size="sm" c="dimmed">
            Loading the signature pad…
          </Text>
        }
      >
        <SignatureInput
          id={b.id}
          label={b.label}
          value={typeof b.field.value === 'string' ? b.field.value : ''}
          disabled={!b.editable}
          invalid={Boolean(b.error)}
          describedBy={b.error ? `${b.id}-error` : undefined}
          penColor={component.type === 'signature' ? component.penColor : undefined}
          backgroundColor={component.type === 'signature' ? component.backgroundColor : undefined}
          onChange={(value) => b.field.onChange(value)}
          inputRef={b.field.ref}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
