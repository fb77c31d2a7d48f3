import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MAX } from '@under/core/constants';
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
  const [companyId, setCompanyId] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [searchText, setSearchText] = useState('');
  const [q] = useDebouncedValue(searchText.trim() === companyName ? '' : searchText.trim(), 300);
  const companies = useCompanyChoices(q.length <= SEARCH_MAX ? q : '');
  const create = useCreateButtonLink();
  const choices = (companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  // the chosen company stays a choice while another search is shown
  if (companyId && !choices.some((c) => c.value === companyId))
    choices.unshift({ value: companyId, label: companyName });
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { companyId, name, buttonLink: url },
      {
        onSuccess: (made) => {
          setCompanyId('');
          setCompanyName('');
          setSearchText('');
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
          <Select
            label={T.companyLabel}
            description={T.companyDescription}
            placeholder={T.companyPlaceholder}
            required
            searchable
            searchValue={searchText}
            onSearchChange={setSearchText}
            filter={({ options }) => options}
            nothingFoundMessage={companies.isSuccess ? T.companyNothing : undefined}
            value={companyId || null}
            onChange={(id, option) => {
              setCompanyId(id ?? '');
              setCompanyName(option?.label ?? '');
            }}
            data={choices}
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
