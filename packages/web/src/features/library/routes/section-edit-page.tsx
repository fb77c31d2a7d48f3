import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  List,
  Loader,
  Modal,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import type { FormIssue } from '@under/core/forms/form-checks';
import { MESSAGES } from '@under/core/messages';
import type { Section } from '@under/core/templates/section.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useLeaveGuard } from '../../../components/leave-guard';
import { applyServerErrors } from '../../../lib/form-errors';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useProcessors } from '../../../lib/use-processors';
import { FormBuilder, getSaveProblems } from '../../forms/builder/form-builder';
import { FormRenderer } from '../../forms/components/form-renderer';
import { useSaveSection, useSection } from '../api/library-api';
import { PushDialog } from '../components/push-dialog';
import {
  EMPTY_SECTION_FORM,
  type SectionField,
  type SectionFormValues,
  toSectionFormValues,
  toSectionInput,
} from '../lib/section-values';

const SETTINGS: SectionField[] = ['keySection', 'label', 'title', 'processors', 'conditional'];

/** /admin/new-section and /admin/section/{sectionId}: one screen for both. */
export function SectionEditPage() {
  const { sectionId } = useParams();
  const section = useSection(sectionId);
  if (sectionId && section.isPending) {
    return (
      <Container size="xl" py="xl">
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={UI_TEXT.loading} />
        </Group>
      </Container>
    );
  }
  if (sectionId && section.isError) {
    return (
      <Container size="xl" py="xl">
        <Stack gap="md" align="flex-start">
          <Alert color="red" role="alert" w="100%">
            {section.error instanceof HttpError && section.error.status === 404
              ? MESSAGES.sectionNotFound
              : errorMessage(section.error)}
          </Alert>
          <Anchor component={Link} to="/view-sections">
            {T.backToSections}
          </Anchor>
        </Stack>
      </Container>
    );
  }
  return <SectionEditor key={sectionId ?? 'new'} section={section.data} />;
}

function SectionEditor({ section }: { section?: Section }) {
  const navigate = useNavigate();
  const save = useSaveSection();
  const processors = useProcessors();
  const [formError, setFormError] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<{ path: string; message: string }[]>([]);
  const [isPreviewing, setPreviewing] = useState(false);
  const [isPushing, setPushing] = useState(false);

  // the builder starts from the saved components once; later changes come back through onChange
  const [initial] = useState(() => {
    if (!section) return { form: EMPTY_SECTION_FORM, issues: [] as FormIssue[] };
    const parsed = parseFormDefinition(section.components);
    return parsed.ok ? { form: parsed.form, issues: [] } : { form: EMPTY_SECTION_FORM, issues: parsed.errors };
  });
  const [components, setComponents] = useState<FormDefinition>(initial.form);
  const [savedComponents, setSavedComponents] = useState(() => JSON.stringify(initial.form));
  const problems = useMemo(() => getSaveProblems(components, false), [components]);
  const isEmpty = components.components.length === 0;

  const componentsRef = useRef(components);
  componentsRef.current = components;
  const resolver = useCallback<Resolver<SectionFormValues>>(async (values) => {
    const { errors } = toSectionInput(values, componentsRef.current);
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validate', message }])),
    };
  }, []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SectionFormValues>({ resolver, mode: 'onTouched', defaultValues: toSectionFormValues(section) });

  const previewTitle = useWatch({ control, name: 'title' });
  const hasChanges = isDirty || JSON.stringify(components) !== savedComponents;

  const leaveGuard = useLeaveGuard({
    when: hasChanges,
    title: T.leaveTitle,
    message: T.leaveMessage,
    leaveLabel: T.leaveConfirm,
    stayLabel: T.stay,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setServerProblems([]);
    if (problems.length > 0 || isEmpty) return;
    const { body } = toSectionInput(values, components);
    try {
      const saved = await save.mutateAsync({ id: section?.sectionId, body });
      reset(toSectionFormValues(saved));
      setSavedComponents(JSON.stringify(components));
      leaveGuard.release();
      notifySuccess(section ? T.sectionSaved : T.sectionCreated);
      if (!section) navigate(`/section/${saved.sectionId}`, { replace: true });
    } catch (error) {
      if (error instanceof HttpError && error.code === ERROR_CODES.sectionKeyUsed) {
        setError('keySection', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (error instanceof HttpError) {
        const inComponents = error.errors.filter((e) => e.path === 'components' || e.path.startsWith('components.'));
        if (inComponents.length > 0) setServerProblems(inComponents);
      }
      setFormError(applyServerErrors(error, setError, SETTINGS));
    }
  });

  const title = section ? T.editSectionTitle(section.keySection) : T.newSectionTitle;
  const canSave = problems.length === 0 && !isEmpty;

  return (
    <Container size="xl" py="xl">
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
            <Stack gap={4}>
              <Anchor component={Link} to="/view-sections" size="sm">
                ← {T.backToSections}
              </Anchor>
              <Group gap="sm">
                <Title order={1} fz={28}>
                  {title}
                </Title>
                {section ? (
                  <Badge variant="light" color={hasChanges ? 'yellow' : 'green'} c="dark" data-testid="save-state">
                    {hasChanges ? T.unsavedBadge : T.savedBadge}
                  </Badge>
                ) : null}
              </Group>
            </Stack>
            <Group gap="sm">
              <Button variant="default" onClick={() => setPreviewing(true)} disabled={problems.length > 0}>
                {T.previewButton}
              </Button>
              {section ? (
                <Button variant="default" onClick={() => setPushing(true)} disabled={hasChanges}>
                  {T.pushSectionAction}
                </Button>
              ) : null}
              <Button type="submit" loading={isSubmitting} disabled={!canSave}>
                {section ? T.saveSection : T.createSection}
              </Button>
            </Group>
          </Group>
          {section && hasChanges ? (
            <Text size="sm" c="dimmed">
              {T.pushSaveFirst}
            </Text>
          ) : null}

          <FormAlert message={formError} />

          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, md: 3 }}>
                <TextInput
                  label={T.sectionKeyLabel}
                  description={T.sectionKeyDescription}
                  withAsterisk
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={100}
                  error={errors.keySection?.message}
                  {...register('keySection')}
                />
                <TextInput
                  label={T.sectionLabelLabel}
                  withAsterisk
                  autoComplete="off"
                  maxLength={500}
                  error={errors.label?.message}
                  {...register('label')}
                />
                <TextInput
                  label={T.sectionTitleLabel}
                  description={T.sectionTitleDescription}
                  autoComplete="off"
                  maxLength={500}
                  error={errors.title?.message}
                  {...register('title')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Controller
                  control={control}
                  name="processors"
                  render={({ field, fieldState }) => (
                    <MultiSelect
                      label={T.processorsLabel}
                      description={T.processorsDescription}
                      placeholder={field.value.length ? undefined : T.processorsPlaceholder}
                      withAsterisk
                      data={(processors.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={fieldState.error?.message}
                      rightSection={
                        processors.isPending ? (
                          <Loader size="xs" role="status" aria-label={UI_TEXT.loading} />
                        ) : undefined
                      }
                      clearable
                    />
                  )}
                />
                <Textarea
                  label={T.conditionalLabel}
                  description={T.conditionalDescription}
                  rows={3}
                  resize="vertical"
                  spellCheck={false}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  error={errors.conditional?.message}
                  {...register('conditional')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        </Stack>
      </form>

      <Stack gap="sm" mt="xl">
        <Title order={2} fz="xl">
          {T.componentsTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {T.componentsLead}
        </Text>
        {initial.issues.length > 0 ? (
          <Alert color="red" role="alert" title={T.componentsInvalid}>
            <IssueList issues={initial.issues} />
          </Alert>
        ) : null}
        {serverProblems.length > 0 ? (
          <Alert color="red" role="alert" title={T.serverProblems}>
            <IssueList issues={serverProblems} />
          </Alert>
        ) : null}
        {isEmpty ? (
          <Alert color="yellow" c="dark" variant="light">
            {T.componentsEmpty}
          </Alert>
        ) : problems.length > 0 ? (
          <Text size="sm" c="red.8" role="status">
            {T.componentProblems(problems.length)}
          </Text>
        ) : null}
        <FormBuilder value={initial.form} onChange={setComponents} requireSystemFields={false} />
      </Stack>

      <Modal
        opened={isPreviewing}
        onClose={() => setPreviewing(false)}
        title={T.previewTitle}
        size="xl"
        closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      >
        <Stack gap="md">
          {previewTitle.trim() ? (
            <Title order={3} fz="lg">
              {previewTitle}
            </Title>
          ) : null}
          {isPreviewing && problems.length === 0 ? (
            <FormRenderer form={components} submitLabel={T.previewSubmit} />
          ) : null}
        </Stack>
      </Modal>

      {section ? (
        <PushDialog
          kind="section"
          target={isPushing ? { id: section.sectionId, name: section.keySection } : null}
          onClose={() => setPushing(false)}
        />
      ) : null}

      {leaveGuard.dialog}
    </Container>
  );
}

function IssueList({ issues }: { issues: { path: string; message: string }[] }) {
  return (
    <List size="sm" spacing={2}>
      {issues.map((issue) => (
        <List.Item key={`${issue.path}:${issue.message}`}>
          {issue.path ? <Code>{issue.path}</Code> : null} {issue.message}
        </List.Item>
      ))}
    </List>
  );
}
