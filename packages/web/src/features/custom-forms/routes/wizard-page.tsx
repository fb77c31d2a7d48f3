import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  Container,
  FileButton,
  Group,
  List,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CustomFormDetail, CustomFormDocument } from '@under/core/custom-forms/custom-form.schema';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLeaveGuard } from '../../../components/leave-guard';
import { PageHeader } from '../../../components/page-header';
import { sameOriginFileUrl } from '../../../lib/file-url';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { putFile } from '../../../lib/put-file';
import { FormBuilder } from '../../forms/builder/form-builder';
import { FormRenderer } from '../../forms/components/form-renderer';
import {
  applicantLink,
  useCreateForm,
  useCustomForm,
  useDocumentUpload,
  useFormActions,
  useSaveForm,
} from '../api/custom-forms-api';
import { FormPreview } from '../components/form-dialogs';
import { QrCode } from '../components/qr-code';
import { RichTextEditor } from '../components/rich-text-editor';
import { StepInstitution } from '../components/step-institution';

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

function Steps({ active, onStep }: { active: number; onStep?: (step: number) => void }) {
  return (
    <Stepper active={active} onStepClick={onStep} allowNextStepsSelect={false} size="sm">
      <Stepper.Step label={T.stepInstitution} />
      <Stepper.Step label={T.stepQuestions} />
      <Stepper.Step label={T.stepDocuments} />
      <Stepper.Step label={T.stepLayout} />
    </Stepper>
  );
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

const ADDITIONS_PATH = 'customFormDocument.additions';

/**
 * The server's problems with the keys of the client's additions (`customFormDocument.additions[0].components[1].key`)
 * by the key of the component the path names, so the builder shows them at that component.
 */
export function additionKeyErrors(
  doc: CustomFormDocument,
  errors: readonly { path: string; message: string }[],
): Map<string, string> {
  const byPath = new Map<string, string>();
  walkComponents(
    doc.additions as FormComponent[],
    ({ component, path }) => byPath.set(`${path}.key`, component.key),
    ADDITIONS_PATH,
  );
  const out = new Map<string, string>();
  for (const e of errors) {
    const key = byPath.get(e.path);
    if (key !== undefined && !out.has(key)) out.set(key, e.message);
  }
  return out;
}

/** The client's additions as a form of their own, for the builder (the master's display: wizard pages stay panels). */
function additionsForm(master: FormDefinition, doc: CustomFormDocument): FormDefinition {
  const additions = doc.additions as FormComponent[];
  // a wizard's questions live on pages: an empty wizard starts with one page, so a first question has a place
  if (master.display === 'wizard' && additions.length === 0) {
    const key = freeKey('additionalQuestions', masterKeys(master));
    const title = T.firstAdditionalPage;
    const page = { type: 'panel', key, title, label: title, input: false, components: [] } as FormComponent;
    return { version: master.version, display: master.display, components: [page] };
  }
  return { version: master.version, display: master.display, components: additions };
}

/** Every key the master form uses, at any depth. */
function masterKeys(master: FormDefinition): Set<string> {
  const keys = new Set<string>();
  walkComponents(master.components, ({ component }) => keys.add(component.key));
  return keys;
}

function freeKey(stem: string, taken: ReadonlySet<string>): string {
  if (!taken.has(stem)) return stem;
  for (let i = 1; ; i++) if (!taken.has(`${stem}${i}`)) return `${stem}${i}`;
}

function UpdateBanner({ form }: { form: CustomFormDetail }) {
  const { applyUpdate } = useFormActions();
  if (!form.update) return null;
  const { diff } = form.update;
  const names = (list: { label: string }[]) => list.map((f) => f.label).join(', ');
  return (
    <Alert color="orange" title={form.update.message}>
      <Stack gap="xs">
        <List size="sm">
          {diff.added.length ? <List.Item>{`${T.added}: ${names(diff.added)}`}</List.Item> : null}
          {diff.removed.length ? <List.Item>{`${T.removed}: ${names(diff.removed)}`}</List.Item> : null}
          {diff.changed.length ? <List.Item>{`${T.changed}: ${names(diff.changed)}`}</List.Item> : null}
        </List>
        {form.readOnly ? null : (
          <Button
            w="fit-content"
            size="compact-sm"
            loading={applyUpdate.isPending}
            onClick={() =>
              applyUpdate.mutate(form.customFormId, {
                onSuccess: () => notifySuccess(T.updated),
                onError: (error) => notifyError(errorMessage(error)),
              })
            }
          >
            {T.updateAction}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function ModeSwitch({ form }: { form: CustomFormDetail }) {
  const { setMode } = useFormActions();
  const isAuto = form.updateMode === 'system-auto-update';
  return (
    <Stack gap={4}>
      <Switch
        label={T.autoUpdateLabel}
        checked={isAuto}
        disabled={form.readOnly || setMode.isPending}
        onChange={(event) =>
          setMode.mutate(
            {
              customFormId: form.customFormId,
              updateMode: event.currentTarget.checked ? 'system-auto-update' : 'user-manual-update',
            },
            { onError: (error) => notifyError(errorMessage(error)) },
          )
        }
      />
      <Text size="sm" c="dimmed">
        {isAuto ? T.autoUpdateWarning : T.manualUpdateWarning}
      </Text>
    </Stack>
  );
}

function DocumentsEditor(props: {
  customFormId: string;
  doc: CustomFormDocument;
  readOnly: boolean;
  onChange: (patch: Partial<CustomFormDocument>) => void;
}) {
  const issue = useDocumentUpload(props.customFormId);
  const [progress, setProgress] = useState<number>();
  async function upload(file: File | null) {
    if (!file) return;
    try {
      setProgress(0);
      const { uploadUrl, fileUrl } = await issue.mutateAsync();
      await putFile(sameOriginFileUrl(uploadUrl), file, setProgress, 'application/pdf');
      const name = file.name.replace(/\.pdf$/i, '').slice(0, 200) || file.name;
      props.onChange({ documents: [...props.doc.documents, { documentId: crypto.randomUUID(), name, fileUrl }] });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4">
        {T.documentsTitle}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {T.documentsLead}
      </Text>
      <Stack gap="xs">
        {props.doc.documents.map((d, i) => (
          <Group key={d.documentId} gap="xs" data-testid="document-row">
            <TextInput
              aria-label={T.documentName}
              value={d.name}
              disabled={props.readOnly}
              maxLength={200}
              onChange={(event) => {
                const documents = [...props.doc.documents];
                documents[i] = { ...d, name: event.currentTarget.value };
                props.onChange({ documents });
              }}
            />
            {props.readOnly ? null : (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={T.removeDocument(d.name)}
                onClick={() => props.onChange({ documents: props.doc.documents.filter((x) => x !== d) })}
              >
                ✕
              </ActionIcon>
            )}
          </Group>
        ))}
        {progress !== undefined ? (
          <Stack gap={2}>
            <Text size="sm">{T.uploading(progress)}</Text>
            <Progress value={progress} aria-label={T.uploading(progress)} />
          </Stack>
        ) : null}
        {props.readOnly ? null : (
          <FileButton accept="application/pdf" onChange={(file) => void upload(file)}>
            {(p) => (
              <Button {...p} variant="default" w="fit-content" loading={progress !== undefined}>
                {T.addDocument}
              </Button>
            )}
          </FileButton>
        )}
      </Stack>
    </Paper>
  );
}

function LayoutEditor(props: {
  master: FormDefinition;
  doc: CustomFormDocument;
  readOnly: boolean;
  onChange: (patch: Partial<CustomFormDocument>) => void;
}) {
  const { master, doc, readOnly, onChange } = props;
  const editable: FormComponent[] = [];
  const emails: FormComponent[] = [];
  const collect = (list: readonly FormComponent[], isMaster: boolean) =>
    walkComponents(list, ({ component }) => {
      if (isMaster && component.editableByUc === true) editable.push(component);
      if (component.type === 'email') emails.push(component);
    });
  collect(master.components, true);
  collect(doc.additions as FormComponent[], false);
  const pages = (doc.additions as FormComponent[]).map((c) => c.key);
  const order = [...doc.pageOrder.filter((k) => pages.includes(k)), ...pages.filter((k) => !doc.pageOrder.includes(k))];
  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(i, 1);
    if (item === undefined) return;
    next.splice(i + by, 0, item);
    onChange({ pageOrder: next });
  };
  const labelOf = (key: string) => {
    const c = (doc.additions as FormComponent[]).find((x) => x.key === key) as FormComponent & { title?: string };
    return c?.title || c?.label || key;
  };
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4">
          {T.defaultsTitle}
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          {T.defaultsLead}
        </Text>
        {editable.length === 0 ? <Text size="sm">{T.noDefaults}</Text> : null}
        <Stack gap="xs" maw={480}>
          {editable.map((field) => (
            <TextInput
              key={field.key}
              label={field.label ?? field.key}
              disabled={readOnly}
              value={String(doc.defaultValues[field.key] ?? '')}
              onChange={(event) => {
                const text = event.currentTarget.value;
                const defaultValues = { ...doc.defaultValues };
                if (text === '') delete defaultValues[field.key];
                else
                  defaultValues[field.key] =
                    field.type === 'number' && text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
                onChange({ defaultValues });
              }}
            />
          ))}
          <NativeSelect
            label={T.ownerEmailLabel}
            disabled={readOnly}
            value={doc.ownersEmailField ?? ''}
            onChange={(event) => onChange({ ownersEmailField: event.currentTarget.value || null })}
            data={[
              { value: '', label: T.ownerEmailNone },
              ...emails.map((f) => ({ value: f.key, label: f.label ?? f.key })),
            ]}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="sm">
          {T.pageOrderTitle}
        </Title>
        {order.length === 0 ? <Text size="sm">{T.noOwnPages}</Text> : null}
        <Stack gap={4}>
          {order.map((key, i) => (
            <Group key={key} gap="xs">
              <Text size="sm" w={240}>
                {labelOf(key)}
              </Text>
              <ActionIcon
                variant="default"
                aria-label={T.moveUp(labelOf(key))}
                disabled={readOnly || i === 0}
                onClick={() => move(i, -1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={T.moveDown(labelOf(key))}
                disabled={readOnly || i === order.length - 1}
                onClick={() => move(i, 1)}
              >
                ↓
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end">
          <ColorInput
            label={T.headerColorLabel}
            value={doc.headerColor}
            disabled={readOnly}
            format="hex"
            withEyeDropper={false}
            onChange={(headerColor) => /^#[0-9a-fA-F]{6}$/.test(headerColor) && onChange({ headerColor })}
          />
          <ColorInput
            label={T.progressColorLabel}
            value={doc.progressColor}
            disabled={readOnly}
            format="hex"
            withEyeDropper={false}
            onChange={(progressColor) => /^#[0-9a-fA-F]{6}$/.test(progressColor) && onChange({ progressColor })}
          />
          <Switch
            label={T.showLogoLabel}
            checked={doc.showLogo}
            disabled={readOnly}
            onChange={(event) => onChange({ showLogo: event.currentTarget.checked })}
          />
        </Group>
      </Paper>
    </Stack>
  );
}

function Done({ form }: { form: CustomFormDetail }) {
  const link = applicantLink(form.customFormId);
  const { setStatus } = useFormActions();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const linkRef = useRef<HTMLInputElement>(null);
  // the clipboard API exists only on https and localhost: elsewhere the selected field is copied the old way, and
  // if that fails too the link is left selected with the keys to press (issue 21 §5: Copy link shows it copied)
  async function copyLink() {
    const selectLink = () => {
      linkRef.current?.focus();
      linkRef.current?.select();
    };
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      selectLink();
      setCopy(typeof document.execCommand === 'function' && document.execCommand('copy') ? 'copied' : 'failed');
    }
  }
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {T.doneTitle}
        </Title>
        <Text c="dimmed" data-testid="done-lead">
          {form.status === 'active' ? T.doneLeadActive : T.doneLead}
        </Text>
        <Group align="flex-end">
          <TextInput
            ref={linkRef}
            label={T.applicantLink}
            value={link}
            readOnly
            w={480}
            maw="100%"
            data-testid="applicant-link"
          />
          <Button variant="default" onClick={() => void copyLink()}>
            {copy === 'copied' ? T.copied : T.copy}
          </Button>
        </Group>
        <Text size="sm" role="status" c={copy === 'failed' ? 'red.8' : 'teal.9'} mih={20}>
          {copy === 'copied' ? T.linkCopied : copy === 'failed' ? T.copyFailed : ''}
        </Text>
        <QrCode value={link} label={T.qrLabel(form.name)} />
        <Group>
          {form.status === 'inactive' && !form.readOnly ? (
            <Button
              loading={setStatus.isPending}
              onClick={() =>
                setStatus.mutate(
                  { customFormId: form.customFormId, status: 'active' },
                  {
                    onSuccess: () => notifySuccess(T.activated(form.name)),
                    onError: (error) => notifyError(errorMessage(error)),
                  },
                )
              }
            >
              {T.activateOf(form.name)}
            </Button>
          ) : null}
          <Button component={Link} to="/all-form" variant="default">
            {T.toList}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
