import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { CardConnectCredentialsBody, CardConnectView } from '@under/core/integrations/cardconnect.schema';
import { CARDCONNECT_MESSAGES as M } from '@under/core/integrations/cardconnect-messages';
import { CARDCONNECT_TEXT as T } from '@under/core/ui-text/cardconnect';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../../components/form-alert';
import { errorMessage, HttpError } from '../../../../lib/http-error';

type Field = keyof CardConnectCredentialsBody;

const FIELDS: { field: Field; label: string; required: string; secret: boolean; max?: number }[] = [
  { field: 'username', label: T.usernameLabel, required: M.usernameRequired, secret: false },
  { field: 'password', label: T.passwordLabel, required: M.passwordRequired, secret: true },
  { field: 'saleCode', label: T.saleCodeLabel, required: M.saleCodeRequired, secret: false },
  {
    field: 'pricingTemplateId',
    label: T.pricingTemplateIdLabel,
    required: M.pricingTemplateIdRequired,
    secret: false,
    max: 19,
  },
  { field: 'clientSecretKey', label: T.clientSecretKeyLabel, required: M.clientSecretKeyRequired, secret: true },
  { field: 'clientId', label: T.clientIdLabel, required: M.clientIdRequired, secret: false },
];

interface CardConnectFormProps {
  view: CardConnectView;
  onSubmit: (body: CardConnectCredentialsBody) => Promise<void>;
}

/**
 * The six card-processor credentials (spec 2 §3). Never prefilled (the server answers masks only): a field left
 * empty keeps its saved value, sent back as its mask (spec 2 §5: a masked value means "unchanged").
 */
export function CardConnectForm({ view, onSubmit }: CardConnectFormProps) {
  const empty = { username: '', password: '', saleCode: '', pricingTemplateId: '', clientSecretKey: '', clientId: '' };
  const [values, setValues] = useState<CardConnectCredentialsBody>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    const body = { ...values };
    for (const f of FIELDS) {
      const typed = values[f.field].trim();
      if (!typed) {
        const saved = view[f.field];
        if (saved) body[f.field] = saved;
        else next[f.field] = f.required;
      } else if (f.max && typed.length > f.max) {
        next[f.field] = M.pricingTemplateIdMax;
      }
    }
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(body);
      setValues(empty);
    } catch (cause) {
      if (cause instanceof HttpError && cause.errors.length > 0) {
        setErrors(Object.fromEntries(cause.errors.map((e) => [e.path, e.message])) as Partial<Record<Field, string>>);
      } else {
        setFormError(errorMessage(cause));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={T.pageTitle}>
      <Stack gap="sm">
        <Text size="sm">{T.dedicatedUser}</Text>
        <FormAlert message={formError} />
        {FIELDS.map((f) => {
          const Input = f.secret ? PasswordInput : TextInput;
          const saved = view[f.field];
          return (
            <Input
              key={f.field}
              label={f.label}
              required={!saved}
              autoComplete={f.secret ? 'new-password' : 'off'}
              spellCheck={false}
              value={values[f.field]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [f.field]: value }));
              }}
              error={errors[f.field]}
              description={saved ? T.savedMask(saved) : undefined}
            />
          );
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={isBusy}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
