import { Anchor, Container, Paper, Select, Skeleton, Stack, Title } from '@mantine/core';
import type { TransaxPricing } from '@under/core/integrations/transax.schema';
import { TRANSAX_TEXT as T } from '@under/core/ui-text/transax';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../../components/form-alert';
import { PageHeader } from '../../../../components/page-header';
import { errorMessage } from '../../../../lib/http-error';
import { notifySuccess } from '../../../../lib/notify';
import { useIntegrations } from '../../connections/api/connections-api';
import {
  useFormsForPricing,
  useRetrieveTransaxPricing,
  useSelectTransaxPricing,
  useStoredTransaxPricing,
} from '../api/transax-api';
import { TransaxPricingTable, TransaxRetrieveForm } from '../components/transax-pricing';

/** The picked plan as the integration config keeps it (spec 2 §3 `selectedStoredPricing`). */
const selection = (p: TransaxPricing) => ({
  id: p.id,
  name: p.name,
  discountRatePct: p.discountRatePct,
  perItemFee: p.perItemFee,
  monthlyFee: p.monthlyFee,
});

/**
 * /transax-pricing/{formId?} (issue #24 §2): a client ADMINISTRATOR reads the company's stored pricing from its
 * Transax gateway (URL, user and password typed here; the password is not kept), then picks one plan for a form:
 * the form's TSYS integration config keeps it as `selectedStoredPricing` (its other settings unchanged).
 */
export function TransaxPricingPage() {
  const params = useParams();
  const [formId, setFormId] = useState<string | null>(params.formId ?? null);
  const stored = useStoredTransaxPricing();
  const retrieve = useRetrieveTransaxPricing();
  const forms = useFormsForPricing();
  const overview = useIntegrations();
  const select = useSelectTransaxPricing();
  const [error, setError] = useState<string | null>(null);

  const config = overview.data?.configs.find((c) => c.formId === formId && c.integrationToActivate === 'tsys');
  const selectedId = typeof config?.selectedStoredPricing?.id === 'string' ? config.selectedStoredPricing.id : null;

  async function pick(id: string) {
    const plan = stored.data?.pricing.find((p) => p.id === id);
    // the form's stored config must be known: a save without it would overwrite its settings with defaults
    if (!formId || !plan || !overview.isSuccess) return;
    setError(null);
    try {
      await select.mutateAsync({
        formId,
        integrationToActivate: 'tsys',
        // masks sent back keep the stored credentials; the form's other settings stay as they are
        credentials: config?.credentials ?? {},
        credentialsTemplateId: config?.credentialsTemplateId ?? null,
        autoSync: config?.autoSync ?? false,
        activeIntegration: config?.activeIntegration ?? true,
        selectedStoredPricing: selection(plan),
      });
      notifySuccess(T.saved);
    } catch (cause) {
      setError(errorMessage(cause));
    }
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.title} description={T.description} />
        <Anchor component={Link} to="/manage-integration" size="sm">
          {T.back}
        </Anchor>
        <Paper withBorder radius="md" p="lg">
          <TransaxRetrieveForm
            onRetrieve={async (body) => {
              await retrieve.mutateAsync(body);
            }}
          />
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="transax-stored-title">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="transax-stored-title">
              {T.storedTitle}
            </Title>
            <Select
              label={T.formLabel}
              data={(forms.data?.items ?? []).map((f) => ({ value: f.customFormId, label: f.name }))}
              value={formId}
              onChange={setFormId}
              searchable
              clearable
            />
            <FormAlert
              message={
                error ??
                (stored.isError ? errorMessage(stored.error) : overview.isError ? errorMessage(overview.error) : null)
              }
            />
            {stored.data ? (
              <TransaxPricingTable
                stored={stored.data}
                selectedId={selectedId}
                // only once the form's stored config is known (its other settings are sent back as they are)
                onPick={formId && overview.isSuccess ? (id) => void pick(id) : null}
                picking={select.isPending}
              />
            ) : stored.isError ? null : (
              <Skeleton height={120} radius="md" />
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
