import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useState } from 'react';
import { ListSearch } from '../../../components/list-search';
import { useSearchText } from '../../../lib/use-search-text';
import { useInstitution, useInstitutions } from '../api/custom-forms-api';
import { FormPreview } from './form-dialogs';

/** Step 1: the financial institutions (master forms) the caller may build on, searchable, with a preview. */
export function StepInstitution(props: { isBusy: boolean; onCreate: (masterFormId: string, name: string) => void }) {
  const search = useSearchText();
  const institutions = useInstitutions(search.query);
  const [selected, setSelected] = useState<string>();
  const [previewId, setPreviewId] = useState<string>();
  const [name, setName] = useState('');
  const preview = useInstitution(previewId);
  const list = institutions.data ?? [];
  const chosen = list.find((i) => i.formId === selected);
  return (
    <Stack gap="md">
      <Text c="dimmed">{T.stepInstitutionLead}</Text>
      <ListSearch search={search} label={T.institutionSearch} placeholder={T.searchPlaceholder} query={institutions} />
      {institutions.isSuccess && list.length === 0 ? <Text>{T.noInstitutions}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.map((i) => (
          <Card
            key={i.formId}
            withBorder
            radius="md"
            data-testid="institution-card"
            style={
              i.formId === selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
            }
          >
            <Stack gap={6}>
              <Text fw={700}>{i.name}</Text>
              <Text size="sm">
                {`${T.processorLabel}: ${i.processorName ?? T.noProcessor}`}
                {/* a master form made without a PDF (the seed's sample) has no PDF pages to count */}
                {i.pageCount > 0 ? ` · ${T.pages(i.pageCount)}` : null}
              </Text>
              <Group gap="xs" mt="xs">
                <Button
                  size="compact-sm"
                  variant={i.formId === selected ? 'filled' : 'default'}
                  aria-pressed={i.formId === selected}
                  aria-label={`${i.formId === selected ? T.selected : T.select} ${i.name}`}
                  onClick={() => {
                    setSelected(i.formId);
                    if (!name) setName(i.name);
                  }}
                >
                  {i.formId === selected ? T.selected : T.select}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={T.previewOf(i.name)}
                  onClick={() => setPreviewId(i.formId)}
                >
                  {T.preview}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {chosen ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) props.onCreate(chosen.formId, name.trim());
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={T.formNameLabel}
              value={name}
              required
              maxLength={100}
              w={360}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" loading={props.isBusy} disabled={!name.trim()}>
              {T.createAndContinue}
            </Button>
          </Group>
        </form>
      ) : null}
      <Modal
        opened={Boolean(previewId)}
        onClose={() => setPreviewId(undefined)}
        size="xl"
        title={T.previewOf(preview.data?.name ?? '')}
        closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
      >
        {preview.data ? <FormPreview form={preview.data.form} /> : <Text c="dimmed">…</Text>}
      </Modal>
    </Stack>
  );
}
