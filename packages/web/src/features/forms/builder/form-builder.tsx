import type { FormDefinition } from '@under/core/forms/form.schema';

export interface FormBuilderProps {
  value: FormDefinition | undefined;
  onChange: (next: FormDefinition) => void;
}

export function FormBuilder(_props: FormBuilderProps) {
  return null;
}
