import {
  Anchor,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { planAllows } from '@under/core/billing/plan-features';
import { formatDateTime } from '@under/core/forms/format';
import type { CrmMode, SalesforceMapping } from '@under/core/integrations/integrations';
import { MAPPING_TEXT as T } from '@under/core/ui-text/client-integrations-mapping';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyCard } from '../../../../components/empty-card';
import { FormAlert } from '../../../../components/form-alert';
import { ListError } from '../../../../components/list-error';
import { PageHeader } from '../../../../components/page-header';
import { UpgradeRequired } from '../../../../components/upgrade-required';
import { errorMessage, HttpError } from '../../../../lib/http-error';
import { useMe } from '../../../../lib/use-me';
import { useMapping, useProposeMapping, useSaveMapping, useSfAttributes, useSfObjects } from '../api/mapping-api';
import { MappingFieldsTable } from '../components/mapping-fields-table';
import { MappingPreview } from '../components/mapping-preview';

interface Draft {
  object: string;
  mode: CrmMode;
  externalIdField: string | null;
  /** Salesforce field -> form key. */
  pairs: Record<string, string>;
}

const EMPTY: Draft = { object: 'Lead', mode: 'auto-sync', externalIdField: null, pairs: {} };

function fromMapping(m: SalesforceMapping): Draft {
  return {
    object: m.object,
    mode: m.mode,
    externalIdField: m.externalIdField,
    pairs: Object.fromEntries(m.fields.map((f) => [f.sfField, f.formKey])),
  };
}

function toMapping(d: Draft): SalesforceMapping {
  return {
    object: d.object,
    mode: d.mode,
    externalIdField: d.externalIdField,
    fields: Object.entries(d.pairs)
      .filter(([sfField, formKey]) => formKey !== '' && sfField !== d.externalIdField)
      .map(([sfField, formKey]) => ({ formKey, sfField })),
  };
}

const hasCode = (error: unknown, code: string) => error instanceof HttpError && error.code === code;

/** /all-form/sales-force-mapping-field/{masterFormId}/{customFormId}: a custom form's Salesforce mapping. */
export function MappingPage() {
  const { customFormId = '' } = useParams();
  const me = useMe();
  const planOk = me.data ? planAllows(me.data.membership, 'crm') : true;
  const mapping = useMapping(customFormId);
  const objects = useSfObjects(planOk && mapping.isSuccess);
  const [draft, setDraft] = useState<Draft | null>(null);
  const attributes = useSfAttributes(objects.isSuccess ? (draft?.object ?? undefined) : undefined);
  const save = useSaveMapping(customFormId);
  const propose = useProposeMapping(customFormId);
  const [notice, setNotice] = useState<{ kind: 'success' | 'info'; text: string } | null>(null);

  // the saved mapping (or the defaults) once it is read; later refetches never overwrite the person's changes
  useEffect(() => {
    if (mapping.data && draft === null) setDraft(mapping.data.mapping ? fromMapping(mapping.data.mapping) : EMPTY);
  }, [mapping.data, draft]);

  const current = useMemo(() => (draft ? toMapping(draft) : null), [draft]);
  const saveErrors = useMemo(() => {
    const byField: Record<string, string> = {};
    let externalId: string | undefined;
    if (save.error instanceof HttpError && current) {
      for (const e of save.error.errors) {
        const index = /^fields\[(\d+)\]/.exec(e.path)?.[1];
        const sfField = index === undefined ? undefined : current.fields[Number(index)]?.sfField;
        if (sfField) byField[sfField] = byField[sfField] ? `${byField[sfField]}. ${e.message}` : e.message;
        else if (e.path === 'externalIdField') externalId = e.message;
      }
    }
    return { byField, externalId };
  }, [save.error, current]);

  const planRefused = !planOk || hasCode(mapping.error, ERROR_CODES.upgradeRequired);
  const view = mapping.data;
  const canEdit = view?.canEdit === true;
  const mappable = (attributes.data?.attributes ?? []).filter(
    (a) => a.formTypes.length > 0 && a.name !== draft?.externalIdField,
  );
  const externalIds = (attributes.data?.attributes ?? []).filter((a) => a.externalId);
  const requiredLeft = mappable.filter((a) => a.required && !draft?.pairs[a.name]).length;
  const isDirty =
    draft !== null && JSON.stringify(current) !== JSON.stringify(view?.mapping ?? (draft ? toMapping(EMPTY) : null));

  function change(next: Partial<Draft>) {
    setNotice(null);
    save.reset();
    setDraft((d) => ({ ...(d ?? EMPTY), ...next }));
  }

  async function onPropose() {
    if (!draft) return;
    setNotice(null);
    save.reset();
    try {
      const { mapping: proposed } = await propose.mutateAsync(draft.object);
      setDraft(fromMapping({ ...proposed, mode: draft.mode }));
      setNotice({ kind: 'info', text: T.proposed });
    } catch {
      // shown below from propose.error
    }
  }

  async function onSave() {
    if (!current) return;
    setNotice(null);
    try {
      const saved = await save.mutateAsync(current);
      if (saved.mapping) setDraft(fromMapping(saved.mapping));
      setNotice({ kind: 'success', text: T.saved });
    } catch {
      // shown below from save.error
    }
  }

  let body: ReactNode;
  if (planRefused) {
    body = <UpgradeRequired />;
  } else if (mapping.isError) {
    body = (
      <ListError
        title={T.loadError}
        error={mapping.error}
        onRetry={() => void mapping.refetch()}
        retryLabel={T.retry}
      />
    );
  } else if (hasCode(objects.error, ERROR_CODES.integrationUnavailable)) {
    body = (
      <EmptyCard
        title={T.notConnectedTitle}
        text={errorMessage(objects.error)}
        action={
          <Button component={Link} to="/manage-integration">
            {T.manageIntegrations}
          </Button>
        }
      />
    );
  } else if (objects.isError) {
    body = (
      <ListError
        title={T.loadError}
        error={objects.error}
        onRetry={() => void objects.refetch()}
        retryLabel={T.retry}
      />
    );
  } else if (!view || !draft || !objects.data) {
    body = <Skeleton height={320} radius="md" />;
  } else {
    const objectChoices = objects.data.objects.some((o) => o.name === draft.object)
      ? objects.data.objects
      : [{ name: draft.object, label: draft.object, custom: true }, ...objects.data.objects];
    body = (
      <Stack gap="lg">
        {!canEdit ? <FormAlert kind="info" message={T.readOnlyNote} /> : null}
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="settings-title">
              {T.settingsTitle}
            </Title>
            <NativeSelect
              label={T.objectLabel}
              description={T.objectHelp}
              value={draft.object}
              disabled={!canEdit}
              maw={480}
              onChange={(event) => change({ object: event.currentTarget.value, pairs: {}, externalIdField: null })}
              data={objectChoices.map((o) => ({ value: o.name, label: `${o.label} (${o.name})` }))}
            />
            <Radio.Group
              label={T.modeLabel}
              value={draft.mode}
              onChange={(value) => change({ mode: value as CrmMode })}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="auto-sync" label={T.modeAuto} description={T.modeAutoHelp} disabled={!canEdit} />
                <Radio value="manual-sync" label={T.modeManual} description={T.modeManualHelp} disabled={!canEdit} />
              </Stack>
            </Radio.Group>
            <NativeSelect
              label={T.externalIdLabel}
              description={T.externalIdHelp}
              value={draft.externalIdField ?? ''}
              disabled={!canEdit || !attributes.data}
              error={saveErrors.externalId}
              maw={480}
              onChange={(event) => change({ externalIdField: event.currentTarget.value || null })}
              data={[
                { value: '', label: T.externalIdNone },
                ...externalIds.map((a) => ({ value: a.name, label: `${a.label} (${a.name})` })),
              ]}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" component="section" aria-labelledby="fields-title">
          <Stack gap="xs" p="lg" pb="xs">
            <Title order={2} fz="lg" id="fields-title">
              {T.fieldsTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {T.fieldsLead}
            </Text>
          </Stack>
          {attributes.isError ? (
            <ListError error={attributes.error} onRetry={() => void attributes.refetch()} retryLabel={T.retry} />
          ) : attributes.data ? (
            <MappingFieldsTable
              attributes={mappable}
              formFields={view.formFields}
              pairs={draft.pairs}
              errors={saveErrors.byField}
              disabled={!canEdit}
              onChange={(sfField, formKey) => change({ pairs: { ...draft.pairs, [sfField]: formKey } })}
            />
          ) : (
            <Skeleton height={240} m="lg" />
          )}
        </Paper>
        <Stack gap="sm">
          <FormAlert message={notice?.text} kind={notice?.kind} />
          {save.isError ? <FormAlert message={errorMessage(save.error)} /> : null}
          {propose.isError ? <FormAlert message={errorMessage(propose.error)} /> : null}
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c={requiredLeft > 0 ? 'red.9' : 'dimmed'} aria-live="polite">
              {requiredLeft > 0
                ? T.requiredLeft(requiredLeft)
                : isDirty
                  ? T.unsaved
                  : view.updatedAt
                    ? T.savedAt(formatDateTime(view.updatedAt))
                    : ''}
            </Text>
            {canEdit ? (
              <Group gap="sm">
                <Button variant="default" onClick={() => void onPropose()} loading={propose.isPending}>
                  {T.propose}
                </Button>
                <Button onClick={() => void onSave()} loading={save.isPending}>
                  {T.save}
                </Button>
              </Group>
            ) : null}
          </Group>
        </Stack>
        {current ? <MappingPreview customFormId={customFormId} mapping={current} /> : null}
      </Stack>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/all-form" size="sm">
          {T.back}
        </Anchor>
        <PageHeader title={T.title} description={view ? T.lead(view.formName) : undefined} />
        {body}
      </Stack>
    </Container>
  );
}
