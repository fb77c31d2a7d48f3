import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { ADMIN_BUTTON_LINKS_TEXT as T } from '@under/core/ui-text/admin-button-links';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../../components/form-alert';
import { errorMessage } from '../../../../lib/http-error';
import { useCompanyChoices, useCreateButtonLink } from '../api/button-links-api';

/** Company, name and URL of a new button link; answers the secret (shown once by the caller). */
export function AddButtonLinkDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const companies = useCompanyChoices();
  const create = useCreateButtonLink();
  const [companyId, setCompanyId] = useState('');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { companyId, name, buttonLink: url },
      {
        onSuccess: (made) => {
          setCompanyId('');
          setName('');
          setUrl('');
          onCreated(made.secret);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={T.addTitle} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={create.isError ? errorMessage(create.error) : null} />
          <NativeSelect
            label={T.companyLabel}
            required
            value={companyId}
            onChange={(e) => setCompanyId(e.currentTarget.value)}
            data={[
              { value: '', label: T.companyPlaceholder, disabled: true },
              ...(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <TextInput label={T.nameLabel} required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput
            label={T.urlLabel}
            description={T.urlDescription}
            required
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {T.cancelButton}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!companyId || !name || !url}>
              {T.saveButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
