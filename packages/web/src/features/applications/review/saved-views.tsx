import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { SAVED_VIEW_KEYS, SavedViewBodySchema } from '@under/core/applications/application-list.schema';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSavedViews } from '../api/applications-api';

/** The list's filters and sort as a saved view keeps them: the URL's own keys, in a fixed order. */
function canonical(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of SAVED_VIEW_KEYS) {
    const v = params.get(key);
    if (v) out.set(key, v);
  }
  return out.toString();
}

/** Saved views of the applications list (issue 14): pick one, save the current filters, delete the one shown. */
export function SavedViews() {
  const [params, setParams] = useSearchParams();
  const views = useSavedViews();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const current = canonical(params);
  const items = views.list.data?.items ?? [];
  const shown = items.find((v) => canonical(new URLSearchParams(v.query)) === current && current !== '');

  async function save() {
    const parsed = SavedViewBodySchema.safeParse({ name, query: current });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.savedViewName);
      return;
    }
    try {
      const saved = await views.save.mutateAsync(parsed.data);
      notifySuccess(T.viewSaved(saved.name));
      setSaving(false);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <Group gap="xs" align="flex-end">
      <NativeSelect
        label={T.savedViewLabel}
        w={200}
        value={shown?.viewId ?? ''}
        onChange={(e) => {
          const view = items.find((v) => v.viewId === e.currentTarget.value);
          if (view) setParams(new URLSearchParams(view.query), { replace: true });
        }}
        data={[{ value: '', label: T.savedViewNone }, ...items.map((v) => ({ value: v.viewId, label: v.name }))]}
      />
      <Button
        variant="default"
        onClick={() => {
          setName('');
          setError(null);
          setSaving(true);
        }}
      >
        {T.saveView}
      </Button>
      {shown ? (
        <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
          {T.deleteView}
        </Button>
      ) : null}
      <Modal opened={saving} onClose={() => setSaving(false)} title={T.saveViewTitle} centered>
        <Stack gap="sm">
          <Text size="sm">{T.saveViewLead}</Text>
          <TextInput
            label={T.viewNameLabel}
            value={name}
            maxLength={60}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          {error && !name ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSaving(false)}>
              {T.cancel}
            </Button>
            <Button onClick={() => void save()} loading={views.save.isPending}>
              {T.saveView}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title={MESSAGES.deleteConfirmTitle}
        message={MESSAGES.deleteConfirmText}
        confirmLabel={T.deleteView}
        isDanger
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          if (!shown) return;
          views.remove
            .mutateAsync(shown.viewId)
            .then(() => notifySuccess(T.viewDeleted))
            .catch((e) => notifyError(errorMessage(e)));
        }}
      />
    </Group>
  );
}
