import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { IntegrationView, SalesforceAddInfoBody } from '@under/core/integrations/connections.schema';
import { MANAGE_INTEGRATION_TEXT as T } from '@under/core/ui-text/manage-integration';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../../components/form-alert';
import { errorMessage, HttpError } from '../../../../lib/http-error';

interface SalesforceFormProps {
  view: IntegrationView;
  onSubmit: (body: SalesforceAddInfoBody) => Promise<void>;
  onCancel?: () => void;
}

type Field = 'consumerKey' | 'consumerSecret' | 'salesForceDomain';

/**
 * The connected app's consumer key, consumer secret and domain. Key and secret are never prefilled (the server
 * answers masks only; the saved mask is said under the field); the domain is.
 */
export function SalesforceForm({ view, onSubmit, onCancel }: SalesforceFormProps) {
  const [values, setValues] = useState({ consumerKey: '', consumerSecret: '', salesForceDomain: view.domain ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!values.consumerKey.trim()) next.consumerKey = T.keyRequired;
    if (!values.consumerSecret.trim()) next.consumerSecret = T.secretRequired;
    if (!values.salesForceDomain.trim()) next.salesForceDomain = T.domainRequired;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (cause) {
      // the domain's refusal belongs to its field; anything else is about the whole connection
      if (cause instanceof HttpError && cause.code === ERROR_CODES.integrationDomain) {
        setErrors({ salesForceDomain: cause.message });
      } else {
        setFormError(errorMessage(cause));
      }
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={T.formTitle}>
      <Stack gap="sm">
        <Text size="sm">{T.formHelp}</Text>
        <FormAlert message={formError} />
        <TextInput
          label={T.consumerKeyLabel}
          required
          autoComplete="off"
          spellCheck={false}
          value={values.consumerKey}
          onChange={set('consumerKey')}
          error={errors.consumerKey}
          description={view.consumerKey ? T.savedMask(view.consumerKey) : undefined}
        />
        <PasswordInput
          label={T.consumerSecretLabel}
          required
          autoComplete="new-password"
          value={values.consumerSecret}
          onChange={set('consumerSecret')}
          error={errors.consumerSecret}
          description={view.consumerSecret ? T.savedMask(view.consumerSecret) : undefined}
        />
        <TextInput
          label={T.domainLabel}
          required
          autoComplete="off"
          spellCheck={false}
          value={values.salesForceDomain}
          onChange={set('salesForceDomain')}
          error={errors.salesForceDomain}
          description={T.domainDescription}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isBusy}>
              {T.cancel}
            </Button>
          ) : null}
          <Button type="submit" loading={isBusy}>
            {T.connectSubmit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
