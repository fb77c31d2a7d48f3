import { Loader, Stack, Switch, Text } from '@mantine/core';
import type { CustomFormSummary } from '@under/core/custom-forms/custom-form.schema';
import type { FormIntegration, FormIntegrations } from '@under/core/integrations/form-integrations.schema';
import { INTEGRATION_LABELS } from '@under/core/integrations/sync.schema';
import { FORM_INTEGRATIONS_TEXT as T } from '@under/core/ui-text/client-form-integrations';
import { MANAGE_INTEGRATION_TEXT } from '@under/core/ui-text/manage-integration';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetFormAutoSync, useSetFormIntegration, useSetFormKyc } from '../api/form-integrations-api';

/**
 * CardConnect is listed once the company connected it (or while a form still uses it): a company without it sees
 * Salesforce alone, as before.
 */
export function showsCardConnect(cc: FormIntegration | undefined): cc is FormIntegration {
  return Boolean(cc && (cc.state === 'connected' || cc.active));
}

/**
 * A form's integrations in the forms list (decision 078): Salesforce, and CardConnect once the company connected
 * it, each on or off for the form (a switch for a client ADMINISTRATOR, words for members), the company's
 * connection, and the mode: Salesforce's mapping and CRM mode; CardConnect's auto-sync (its config's `autoSync`, a
 * second switch: on, an application is sent on submit; off, from the application's page). A template the platform
 * withholds says so and cannot be turned on.
 */
export function FormIntegrationsCell(props: {
  form: CustomFormSummary;
  status: FormIntegrations | undefined;
  isLoading: boolean;
  canManage: boolean;
  /** KYC (decision 089): listed once the company set it up (or while the form still uses it). */
  kyc?: { connected: boolean; active: boolean } | undefined;
}) {
  const { form, status, kyc } = props;
  const salesforce = status?.integrations.find((i) => i.integration === 'salesforce');
  const cardconnect = status?.integrations.find((i) => i.integration === 'cardconnect');
  if (!salesforce) return props.isLoading ? <Loader size="xs" role="status" aria-label={T.loading} /> : null;
  return (
    <Stack gap={6}>
      <IntegrationLine form={form} item={salesforce} canManage={props.canManage} />
      {showsCardConnect(cardconnect) ? (
        <IntegrationLine form={form} item={cardconnect} canManage={props.canManage} />
      ) : null}
      {kyc && (kyc.connected || kyc.active) ? (
        <KycLine form={form} active={kyc.active} canManage={props.canManage} />
      ) : null}
    </Stack>
  );
}

function IntegrationLine({
  form,
  item,
  canManage,
}: {
  form: CustomFormSummary;
  item: FormIntegration;
  canManage: boolean;
}) {
  const set = useSetFormIntegration();
  const mode = useSetFormAutoSync();
  const name = INTEGRATION_LABELS[item.integration] ?? item.integration;
  const salesforce = item.integration === 'salesforce';
  const busy = set.isPending || mode.isPending;
  const editable = canManage && form.status !== 'archived' && (item.permitted || item.active);
  const autoSync = item.mode === 'auto-sync';
  const details = [
    MANAGE_INTEGRATION_TEXT.states[item.state],
    salesforce
      ? item.mapped
        ? `${T.mapped} · ${item.mode ? T.modes[item.mode] : ''}`
        : T.notMapped
      : item.active
        ? T.modes[autoSync ? 'auto-sync' : 'manual-sync']
        : null,
  ]
    .filter(Boolean)
    .join(' · ');

  async function toggle(on: boolean) {
    try {
      await set.mutateAsync({ customFormId: form.customFormId, integration: item.integration, on });
      notifySuccess(on ? T.turnedOn(name, form.name) : T.turnedOff(name, form.name));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function setAutoSync(on: boolean) {
    if (item.integration !== 'cardconnect') return;
    try {
      await mode.mutateAsync({
        customFormId: form.customFormId,
        integration: item.integration,
        active: item.active,
        autoSync: on,
      });
      notifySuccess(on ? T.autoSyncOn(name, form.name) : T.autoSyncOff(name, form.name));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Stack gap={2} data-testid={`form-integration-${item.integration}`}>
      {editable ? (
        <Switch
          size="sm"
          label={name}
          checked={item.active}
          disabled={busy}
          aria-label={T.switchOf(name, form.name)}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
      ) : (
        <Text size="sm">
          {name}: {item.active ? T.on : T.off}
        </Text>
      )}
      {!salesforce && editable && item.active ? (
        <Switch
          size="xs"
          label={T.autoSync}
          checked={autoSync}
          disabled={busy}
          aria-label={T.autoSyncOf(name, form.name)}
          onChange={(event) => void setAutoSync(event.currentTarget.checked)}
        />
      ) : null}
      {item.permitted ? (
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

/** The form's identity checks of its owners on signature (its `kyc` config): a switch for a client ADMINISTRATOR. */
function KycLine({ form, active, canManage }: { form: CustomFormSummary; active: boolean; canManage: boolean }) {
  const set = useSetFormKyc();
  const editable = canManage && form.status !== 'archived';

  async function toggle(on: boolean) {
    try {
      await set.mutateAsync({ customFormId: form.customFormId, on });
      notifySuccess(on ? T.kycOn(form.name) : T.kycOff(form.name));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Stack gap={2} data-testid="form-integration-kyc">
      {editable ? (
        <Switch
          size="sm"
          label={T.kyc}
          checked={active}
          disabled={set.isPending}
          aria-label={T.switchOf(T.kyc, form.name)}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
      ) : (
        <Text size="sm">
          {T.kyc}: {active ? T.on : T.off}
        </Text>
      )}
    </Stack>
  );
}
