import { Loader, Stack, Switch, Text } from '@mantine/core';
import type { CustomFormSummary } from '@under/core/custom-forms/custom-form.schema';
import type { FormIntegrations } from '@under/core/integrations/form-integrations.schema';
import { INTEGRATION_LABELS } from '@under/core/integrations/sync.schema';
import { FORM_INTEGRATIONS_TEXT as T } from '@under/core/ui-text/client-form-integrations';
import { MANAGE_INTEGRATION_TEXT } from '@under/core/ui-text/manage-integration';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetFormIntegration } from '../api/form-integrations-api';

/**
 * A form's integrations in the forms list (decision 078): Salesforce on or off for the form (a switch for a client
 * ADMINISTRATOR, words for members), the company's connection, the mapping and its CRM mode. A template the
 * platform withholds says so and cannot be turned on.
 */
export function FormIntegrationsCell(props: {
  form: CustomFormSummary;
  status: FormIntegrations | undefined;
  isLoading: boolean;
  canManage: boolean;
}) {
  const { form, status } = props;
  const set = useSetFormIntegration();
  const salesforce = status?.integrations.find((i) => i.integration === 'salesforce');
  if (!salesforce) return props.isLoading ? <Loader size="xs" role="status" aria-label={T.loading} /> : null;
  const name = INTEGRATION_LABELS.salesforce;
  const busy = set.isPending && set.variables?.customFormId === form.customFormId;
  const editable = props.canManage && form.status !== 'archived' && (salesforce.permitted || salesforce.active);
  const details = [
    MANAGE_INTEGRATION_TEXT.states[salesforce.state],
    salesforce.mapped ? `${T.mapped} · ${salesforce.mode ? T.modes[salesforce.mode] : ''}` : T.notMapped,
  ].join(' · ');

  async function toggle(on: boolean) {
    try {
      await set.mutateAsync({ customFormId: form.customFormId, integration: 'salesforce', on });
      notifySuccess(on ? T.turnedOn(name, form.name) : T.turnedOff(name, form.name));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Stack gap={2}>
      {editable ? (
        <Switch
          size="sm"
          label={name}
          checked={salesforce.active}
          disabled={busy}
          aria-label={T.switchOf(name, form.name)}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
      ) : (
        <Text size="sm">
          {name}: {salesforce.active ? T.on : T.off}
        </Text>
      )}
      {salesforce.permitted ? (
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      ) : (
        <Text size="xs" c="orange.9">
          {T.notPermitted}
        </Text>
      )}
    </Stack>
  );
}
