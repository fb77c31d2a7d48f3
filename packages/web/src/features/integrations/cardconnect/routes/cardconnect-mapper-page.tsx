import { Anchor, Button, Container, Group, List, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@under/core/forms/format';
import type { CcMapperBody, CcMapperView } from '@under/core/integrations/cardconnect.schema';
import { ccFit } from '@under/core/integrations/cardconnect-compat';
import { CC_MAPPER_TEXT as T } from '@under/core/ui-text/admin-cardconnect-mapper';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../../components/form-alert';
import { ListError } from '../../../../components/list-error';
import { PageHeader } from '../../../../components/page-header';
import { errorMessage, HttpError } from '../../../../lib/http-error';
import { notifySuccess } from '../../../../lib/notify';
import { useCcAttributes, useCcMapper, useSaveCcMapper } from '../api/cardconnect-mapper-api';
import { CcMapperTable } from '../components/cc-mapper-table';

type Pairs = Record<string, string>;

const pairsOf = (view: CcMapperView): Pairs => {
  const out: Pairs = {};
  for (const f of view.fields) out[f.formKey] ??= f.attribute;
  return out;
};

/** The lines to save, in the form's field order. */
const linesOf = (view: CcMapperView, pairs: Pairs): CcMapperBody['fields'] =>
  view.formFields.flatMap((f) => (pairs[f.key] ? [{ formKey: f.key, attribute: pairs[f.key] as string }] : []));

/** /card-connect-mapper/{masterFormId} (admin): a master form's fields mapped to CardConnect's boarding attributes. */
export function CardConnectMapperPage() {
  const { masterFormId = '' } = useParams();
  const mapper = useCcMapper(masterFormId);
  const attributes = useCcAttributes();
  const save = useSaveCcMapper(masterFormId);
  const [pairs, setPairs] = useState<Pairs | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);

  useEffect(() => {
    if (mapper.data && pairs === null) setPairs(pairsOf(mapper.data));
  }, [mapper.data, pairs]);

  const view = mapper.data;
  const byName = useMemo(() => new Map((attributes.data ?? []).map((a) => [a.name, a])), [attributes.data]);
  const lines = view && pairs ? linesOf(view, pairs) : [];
  const fits = useMemo(() => {
    if (!view || !pairs) return [];
    return view.formFields.flatMap((f) => {
      const a = pairs[f.key] ? byName.get(pairs[f.key] as string) : undefined;
      return a ? [{ field: f, attribute: a, fit: ccFit(f, a) }] : [];
    });
  }, [view, pairs, byName]);
  const warnings = fits.filter((x) => x.fit.fit === 'warn');
  const isDirty =
    view !== undefined && pairs !== null && JSON.stringify(lines) !== JSON.stringify(linesOf(view, pairsOf(view)));

  const serverErrors = useMemo(() => {
    const out: Record<string, string> = {};
    if (save.error instanceof HttpError) {
      for (const e of save.error.errors) {
        const index = /^fields[.[](\d+)/.exec(e.path)?.[1];
        const key = index === undefined ? undefined : save.variables?.fields[Number(index)]?.formKey;
        if (key) out[key] = out[key] ? `${out[key]} ${e.message}` : e.message;
      }
    }
    return out;
  }, [save.error, save.variables]);

  function change(formKey: string, attribute: string | null) {
    save.reset();
    setBlocked(null);
    setPairs((p) => {
      const next = { ...(p ?? {}) };
      if (attribute) next[formKey] = attribute;
      else delete next[formKey];
      return next;
    });
  }

  async function doSave() {
    setConfirming(false);
    try {
      const saved = await save.mutateAsync({ fields: lines });
      setPairs(pairsOf(saved));
      notifySuccess(T.saved);
    } catch {
      // shown from save.error
    }
  }

  function onSave() {
    const refused = fits.filter((x) => x.fit.fit === 'no').length;
    if (refused > 0) {
      setBlocked(T.blocked(refused));
      return;
    }
    if (warnings.length > 0) setConfirming(true);
    else void doSave();
  }

  const title = view ? `${T.title}: ${view.formName}` : T.title;
  let body: React.ReactNode;
  if (mapper.isError || attributes.isError) {
    const error = mapper.error ?? attributes.error;
    body = (
      <ListError
        title={T.loadError}
        error={error}
        retryLabel={T.retry}
        onRetry={() => void (mapper.isError ? mapper.refetch() : attributes.refetch())}
      />
    );
  } else if (!view || !pairs || !attributes.data) {
    body = <Skeleton height={320} radius="md" />;
  } else {
    body = (
      <Stack gap="md">
        <Paper withBorder radius="md">
          <CcMapperTable
            formFields={view.formFields}
            attributes={attributes.data}
            pairs={pairs}
            errors={serverErrors}
            onChange={change}
          />
        </Paper>
        <FormAlert message={blocked} />
        {save.isError ? <FormAlert message={errorMessage(save.error)} /> : null}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {T.mappedCount(lines.length, view.formFields.length)}
            {' · '}
            {isDirty ? T.unsaved : view.updatedAt ? T.savedAt(formatDateTime(view.updatedAt)) : ''}
          </Text>
          <Button onClick={onSave} loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/templates" size="sm">
          {T.back}
        </Anchor>
        <PageHeader title={title} description={view ? T.lead(view.formName) : undefined} />
        {body}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={T.warningsTitle} centered>
        <Stack gap="md">
          <Text size="sm">{T.warningsLead(warnings.length)}</Text>
          <List size="sm" spacing="xs">
            {warnings.map((w) => (
              <List.Item key={w.field.key}>
                <Text span fw={600} size="sm">
                  {w.field.label} → {w.attribute.label}
                </Text>
                {w.fit.fit === 'warn' ? `: ${w.fit.reason}` : null}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {T.keepEditing}
            </Button>
            <Button onClick={() => void doSave()}>{T.saveAnyway}</Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
