import { Alert, Anchor, Badge, Button, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { FormDefinition } from '@under/core/forms/form.schema';
import type { MasterForm, MasterFormStructure } from '@under/core/templates/master-form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LeaveGuard } from '../../../components/leave-guard';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { FormBuilder, getSaveProblems } from '../../forms/builder/form-builder';
import { useMasterForm, usePublish, useSaveStructure, useSetStatus } from '../api/master-forms-api';
import { LayoutPreview } from '../components/layout-preview';
import {
  type HeaderLayout,
  isLayoutValid,
  LayoutStylePanel,
  type ProgressLayout,
} from '../components/layout-style-panel';

/** /layout-universal-form/{templateId}/{formId}: arranges a master form's fields into pages and panels. */
export function LayoutDesignerPage() {
  const { templateId = '', formId = '' } = useParams();
  const form = useMasterForm(formId);

  const back = (
    <Anchor component={Link} to="/templates" size="sm">
      ← {T.backToTemplates}
    </Anchor>
  );
  // a cached copy may be old: the designer waits for this visit's own read
  if (form.isPending || (form.isFetching && !form.isFetchedAfterMount)) {
    return (
      <Container size="xl" py="xl">
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={UI_TEXT.loading} />
        </Group>
      </Container>
    );
  }
  if (form.isError || form.data.templateId !== templateId) {
    return (
      <Container size="xl" py="xl">
        <Stack gap="md" align="flex-start">
          {back}
          <Alert color="red" role="alert" title={T.loadError}>
            {form.isError ? errorMessage(form.error) : T.wrongTemplate}
          </Alert>
        </Stack>
      </Container>
    );
  }
  // a new form (another id) starts a new designer with its own history
  return <Designer key={form.data.formId} current={form.data} back={back} />;
}

interface Draft {
  allField: FormDefinition;
  headerLayout: HeaderLayout;
  progressLayout: ProgressLayout;
}

const snapshot = (draft: Draft) => JSON.stringify(draft);

/** `current` follows the cache (name, version after a publish); the draft starts from its first value. */
function Designer({ current, back }: { current: MasterForm; back: ReactNode }) {
  const [draft, setDraft] = useState<Draft>(() => ({
    allField: current.structure.allField as FormDefinition,
    headerLayout: current.structure.headerLayout,
    progressLayout: current.structure.progressLayout,
  }));
  const [savedSnapshot, setSavedSnapshot] = useState(() => snapshot(draft));
  const [tab, setTab] = useState<string | null>('layout');
  const [isPublishing, setPublishing] = useState(false);
  const save = useSaveStructure(current.formId);
  const publish = usePublish(current.formId);
  const setStatus = useSetStatus(current.formId);
  const [isOfferingActivation, setOfferingActivation] = useState(false);

  const isDirty = useMemo(() => snapshot(draft) !== savedSnapshot, [draft, savedSnapshot]);
  const problems = useMemo(() => getSaveProblems(draft.allField, true), [draft.allField]);
  const canSave = isDirty && problems.length === 0 && isLayoutValid(draft.headerLayout, draft.progressLayout);

  const onFormChange = useCallback((allField: FormDefinition) => setDraft((d) => ({ ...d, allField })), []);

  const onActivate = () =>
    setStatus.mutate(
      { status: 'active' },
      {
        onSuccess: () => {
          setOfferingActivation(false);
          notifySuccess(T.activated);
        },
        onError: (error) => {
          setOfferingActivation(false);
          notifyError(errorMessage(error));
        },
      },
    );

  const onSave = () => {
    const sent = draft;
    const structure: MasterFormStructure = {
      ...current.structure,
      allField: sent.allField,
      headerLayout: sent.headerLayout,
      progressLayout: sent.progressLayout,
    };
    save.mutate(structure, {
      onSuccess: () => {
        // what was sent is what is saved: the server's copy may be normalised, which is not a change of the admin's
        setSavedSnapshot(snapshot(sent));
        notifySuccess(T.saved);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  const onPublish = () =>
    publish.mutate(undefined, {
      onSuccess: (form) => {
        setPublishing(false);
        notifySuccess(T.published(form.version));
        // a published form is what clients build on: offer to make it available to them now
        if (form.status !== 'active') setOfferingActivation(true);
      },
      onError: (error) => {
        setPublishing(false);
        notifyError(errorMessage(error));
      },
    });

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <div>{back}</div>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
            <Stack gap={6}>
              <Title order={1} fz={28}>
                {T.designerTitle(current.name)}
              </Title>
              <Group gap="xs" aria-live="polite">
                <Badge
                  variant="dot"
                  color={isDirty ? 'orange' : 'green'}
                  size="lg"
                  tt="none"
                  fw={500}
                  miw="max-content"
                  data-testid="save-state"
                >
                  {isDirty ? T.stateUnsaved : T.stateSaved}
                </Badge>
                <Badge variant="dot" color="blue" size="lg" tt="none" fw={500} miw="max-content" data-testid="version">
                  {current.version > 0 ? T.versionNumber(current.version) : T.notPublished}
                </Badge>
                {current.hasUnpublishedChanges && current.version > 0 ? (
                  <Text size="sm" c="orange.9">
                    {T.unpublishedChanges}
                  </Text>
                ) : null}
              </Group>
            </Stack>
            <Group gap="sm">
              {isDirty ? (
                <Text size="sm" c="dimmed" id="publish-hint">
                  {T.saveBeforePublish}
                </Text>
              ) : null}
              <Button
                variant="default"
                onClick={() => setPublishing(true)}
                disabled={isDirty || save.isPending}
                aria-describedby={isDirty ? 'publish-hint' : undefined}
              >
                {T.publishButton}
              </Button>
              <Button onClick={onSave} disabled={!canSave} loading={save.isPending}>
                {T.saveButton}
              </Button>
            </Group>
          </Group>
        </Stack>

        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            <Tabs.Tab value="layout">{T.tabLayout}</Tabs.Tab>
            <Tabs.Tab value="style">{T.tabStyle}</Tabs.Tab>
            <Tabs.Tab value="preview">{T.tabPreview}</Tabs.Tab>
          </Tabs.List>
          {/* the builder stays mounted so its undo history survives a look at the preview */}
          <Tabs.Panel value="layout" keepMounted>
            <FormBuilder value={draft.allField} onChange={onFormChange} requireSystemFields />
          </Tabs.Panel>
          <Tabs.Panel value="style">
            <LayoutStylePanel
              header={draft.headerLayout}
              progress={draft.progressLayout}
              onHeader={(headerLayout) => setDraft((d) => ({ ...d, headerLayout }))}
              onProgress={(progressLayout) => setDraft((d) => ({ ...d, progressLayout }))}
            />
          </Tabs.Panel>
          <Tabs.Panel value="preview">
            {tab === 'preview' ? (
              <LayoutPreview
                form={draft.allField}
                header={draft.headerLayout}
                progress={draft.progressLayout}
                canRender={!problems.some((p) => p.code !== 'systemField')}
              />
            ) : null}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ConfirmDialog
        opened={isPublishing}
        title={T.publishTitle(current.version + 1)}
        message={T.publishText}
        confirmLabel={T.publishConfirm}
        isBusy={publish.isPending}
        onConfirm={onPublish}
        onCancel={() => setPublishing(false)}
      />
      <ConfirmDialog
        opened={isOfferingActivation}
        title={T.activateTitle}
        message={T.activateText(current.name, current.version)}
        confirmLabel={T.activateConfirm}
        cancelLabel={T.activateLater}
        isBusy={setStatus.isPending}
        onConfirm={onActivate}
        onCancel={() => setOfferingActivation(false)}
      />
      <LeaveGuard when={isDirty} title={T.leaveTitle} message={T.leaveText} leaveLabel={T.leaveConfirm} />
    </Container>
  );
}
