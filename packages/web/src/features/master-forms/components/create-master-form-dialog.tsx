import { Alert, Anchor, Button, Group, Loader, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/http-error';
import { useCreateMasterForm, useMappedTemplates } from '../api/master-forms-api';

/** "New master form": a mapped PDF template and a name; created forms open in the layout designer. */
export function CreateMasterFormDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={T.createTitle}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      {opened ? <CreateForm onCancel={onClose} /> : null}
    </Modal>
  );
}

function CreateForm({ onCancel }: { onCancel: () => void }) {
  const templates = useMappedTemplates(true);
  const create = useCreateMasterForm();
  const navigate = useNavigate();
  const [templateId, setTemplateId] = useState('');
  const [name, setName] = useState('');
  const [isNameTouched, setNameTouched] = useState(false);
  const [errors, setErrors] = useState<{ templateId?: string; name?: string }>({});

  const pick = (id: string) => {
    setTemplateId(id);
    setErrors((e) => ({ ...e, templateId: undefined }));
    // the template's name is offered until the admin types one of their own
    const template = templates.data?.find((t) => t.templateId === id);
    if (template && !isNameTouched) setName(template.name);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      templateId: templateId ? undefined : T.templateRequired,
      name: name.trim() ? undefined : T.nameRequired,
    };
    setErrors(next);
    if (next.templateId || next.name) return;
    create.mutate(
      { templateId, name: name.trim() },
      { onSuccess: (form) => navigate(`/layout-universal-form/${templateId}/${form.formId}`) },
    );
  };

  if (templates.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label={UI_TEXT.loading} />
      </Group>
    );
  }
  if (templates.isError) {
    return (
      <Alert color="red" role="alert" title={T.templatesError}>
        {errorMessage(templates.error)}
      </Alert>
    );
  }
  if (templates.data.length === 0) {
    return (
      <Stack gap="md">
        <Text>{T.noMappedTemplates}</Text>
        <Group justify="flex-end">
          <Anchor component={Link} to="/pdf-mapping">
            {T.goToMapping}
          </Anchor>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {T.createLead}
        </Text>
        <NativeSelect
          label={T.templateLabel}
          required
          value={templateId}
          error={errors.templateId}
          onChange={(e) => pick(e.currentTarget.value)}
          data={[
            { value: '', label: T.templatePlaceholder, disabled: true },
            ...templates.data.map((t) => ({ value: t.templateId, label: T.templateOption(t.name, t.fieldCount) })),
          ]}
        />
        <TextInput
          label={T.nameLabel}
          description={T.nameDescription}
          required
          maxLength={200}
          value={name}
          error={errors.name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameTouched(true);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
        />
        {create.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {UI_TEXT.cancelButton}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {T.createButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
