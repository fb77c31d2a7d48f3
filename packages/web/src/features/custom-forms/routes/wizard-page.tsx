import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CustomFormDetail, CustomFormDocument } from '@under/core/custom-forms/custom-form.schema';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLeaveGuard } from '../../../components/leave-guard';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { FormBuilder } from '../../forms/builder/form-builder';
import { FormRenderer } from '../../forms/components/form-renderer';
import { useCreateForm, useCustomForm, useSaveForm } from '../api/custom-forms-api';
import { DocumentsEditor } from '../components/documents-editor';
import { FormPreview } from '../components/form-dialogs';
import { LayoutEditor } from '../components/layout-editor';
import { RichTextEditor } from '../components/rich-text-editor';
import { StepInstitution } from '../components/step-institution';
import { Done } from '../components/wizard-done';
import { ModeSwitch, Steps, UpdateBanner } from '../components/wizard-steps';
import { additionKeyErrors, additionsForm } from '../lib/wizard-additions';

/** /create-form (and ?formId= to resume): the four steps of a client's form. */
export function WizardPage() {
  const [params, setParams] = useSearchParams();
  const formId = params.get('formId') ?? undefined;
  const form = useCustomForm(formId);
  const create = useCreateForm();
  if (!formId) {
    return (
      <Container size="xl" py="xl">
        <Stack gap="lg">
          <PageHeader title={T.wizardTitle} />
          <Steps active={0} />
          <StepInstitution
            isBusy={create.isPending}
            onCreate={(masterFormId, name) => {
              create.mutate(
                { masterFormId, name },
                {
                  onSuccess: (created) => setParams({ formId: created.customFormId, step: '2' }),
                  onError: (error) => notifyError(errorMessage(error)),
                },
              );
            }}
          />
        </Stack>
      </Container>
    );
  }
  if (!form.data) {
    return (
      <Container size="xl" py="xl">
        {form.isError ? <Alert color="red">{errorMessage(form.error)}</Alert> : <Text c="dimmed">…</Text>}
      </Container>
    );
  }
  // a new saved form (another id, or a new version) starts a fresh editor
  return <FormWizard key={`${form.data.customFormId}`} form={form.data} />;
}

function FormWizard({ form }: { form: CustomFormDetail }) {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('step'));
  const resumeStep = Math.min(4, Math.max(2, form.wizardStep + 1));
  const step = requested >= 1 && requested <= 5 ? requested : resumeStep;
  const [doc, setDoc] = useState<CustomFormDocument>(form.structure.customFormDocument);
  // the builder starts from the saved additions once; a new object would start it again on every render
  const [builderStart] = useState(() =>
    additionsForm(form.structure.universalFormMaster, form.structure.customFormDocument),
  );
  const [isDirty, setDirty] = useState(false);
  // the server's key clashes of the last save ('This key already existed.'), by the key of the addition they name
  const [keyErrors, setKeyErrors] = useState<ReadonlyMap<string, string>>(() => new Map());
  const save = useSaveForm(form.customFormId);
  const readOnly = form.readOnly;
  const guard = useLeaveGuard({
    when: isDirty,
    title: T.unsavedTitle,
    message: T.unsavedMessage,
    leaveLabel: T.leave,
    stayLabel: T.stay,
  });

  const edit = (patch: Partial<CustomFormDocument>) => {
    setDoc((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const goTo = (next: number) => setParams({ formId: form.customFormId, step: String(next) });

  async function saveStep(current: number, next: number) {
    if (readOnly) return goTo(next);
    try {
      const saved = await save.mutateAsync({ customFormDocument: doc, step: current });
      setKeyErrors(new Map());
      setDoc(saved.structure.customFormDocument);
      guard.release();
      setDirty(false);
      notifySuccess(T.saved);
      goTo(next);
    } catch (error) {
      if (error instanceof HttpError) setKeyErrors(additionKeyErrors(doc, error.errors));
      notifyError(errorMessage(error));
    }
  }

  const master = form.structure.universalFormMaster;
  const nav = (current: number, next: number, label: string = T.saveAndContinue) => (
    <Group justify="space-between" mt="md">
      <Button variant="default" onClick={() => goTo(current - 1)} disabled={current <= 1}>
        {T.back}
      </Button>
      <Button onClick={() => void saveStep(current, next)} loading={save.isPending}>
        {readOnly ? T.next : label}
      </Button>
    </Group>
  );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.editTitle(form.name)} description={form.institution} />
        {form.status === 'archived' ? <Alert color="gray">{T.archivedNote}</Alert> : null}
        {readOnly && form.status !== 'archived' ? <Alert color="blue">{T.readOnlyNote}</Alert> : null}
        <UpdateBanner form={form} />
        <Steps active={Math.min(step, 5) - 1} onStep={(i) => goTo(i + 1)} />
        {step === 1 ? (
          <Stack>
            <Text>
              {T.stepInstitution}: <strong>{form.institution}</strong>
            </Text>
            <ModeSwitch form={form} />
            {nav(1, 2)}
          </Stack>
        ) : null}
        {step === 2 ? (
          <Stack gap="lg">
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4">
                {T.masterFieldsTitle}
              </Title>
              <Text c="dimmed" size="sm" mb="sm">
                {T.masterFieldsLead}
              </Text>
              <FormRenderer form={master} readOnly />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4">
                {T.ownQuestionsTitle}
              </Title>
              <Text c="dimmed" size="sm" mb="sm">
                {T.ownQuestionsLead}
              </Text>
              {readOnly ? (
                <FormRenderer form={additionsForm(master, doc)} readOnly />
              ) : (
                <FormBuilder
                  value={builderStart}
                  onChange={(next) => edit({ additions: next.components })}
                  requireSystemFields={false}
                  keyErrors={keyErrors}
                />
              )}
            </Paper>
            {nav(2, 3)}
          </Stack>
        ) : null}
        {step === 3 ? (
          <Stack gap="lg">
            <DocumentsEditor customFormId={form.customFormId} doc={doc} readOnly={readOnly} onChange={edit} />
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4">
                {T.termsTitle}
              </Title>
              <Text c="dimmed" size="sm" mb="sm">
                {T.termsLead}
              </Text>
              <RichTextEditor
                value={doc.termsAndConditions}
                disabled={readOnly}
                onChange={(html) => edit({ termsAndConditions: html })}
              />
            </Paper>
            {nav(3, 4)}
          </Stack>
        ) : null}
        {step === 4 ? (
          <Stack gap="lg">
            <LayoutEditor master={master} doc={doc} readOnly={readOnly} onChange={edit} />
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="sm">
                {T.previewTitle}
              </Title>
              <FormPreview
                form={form.form}
                headerColor={form.layout.headerLayout.backgroundColor}
                progressColor={form.layout.progressLayout.activeStepColor}
              />
            </Paper>
            {nav(4, 5, T.finish)}
          </Stack>
        ) : null}
        {step === 5 ? <Done form={form} /> : null}
      </Stack>
      {guard.dialog}
    </Container>
  );
}
