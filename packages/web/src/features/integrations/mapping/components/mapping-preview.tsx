import { Alert, Button, Group, List, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { SalesforceMapping } from '@under/core/integrations/integrations';
import { MAPPING_TEXT as T } from '@under/core/ui-text/client-integrations-mapping';
import { useState } from 'react';
import { FormAlert } from '../../../../components/form-alert';
import { ScrollTable } from '../../../../components/scroll-table';
import { errorMessage } from '../../../../lib/http-error';
import { usePreviewMapping } from '../api/mapping-api';

/** The record an application (or sample answers) would produce under the page's current choices. */
export function MappingPreview({ customFormId, mapping }: { customFormId: string; mapping: SalesforceMapping }) {
  const preview = usePreviewMapping(customFormId);
  const [applicationId, setApplicationId] = useState('');
  const result = preview.data;
  const entries = result ? Object.entries(result.record) : [];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="preview-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="preview-title">
          {T.previewTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {T.previewLead}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const id = applicationId.trim();
            preview.mutate({ mapping, ...(id ? { applicationId: id } : {}) });
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={T.previewApplicationLabel}
              description={T.previewApplicationHelp}
              value={applicationId}
              onChange={(event) => setApplicationId(event.currentTarget.value)}
              w={{ base: '100%', sm: 360 }}
            />
            <Button type="submit" variant="default" loading={preview.isPending}>
              {T.previewButton}
            </Button>
          </Group>
        </form>
        {preview.isError ? <FormAlert message={errorMessage(preview.error)} /> : null}
        {result ? (
          <Stack gap="sm" data-testid="mapping-preview">
            {result.ok ? (
              <Alert color="green" role="status" c="dark">
                {T.previewOk}
              </Alert>
            ) : (
              <Alert color="red" role="alert" title={T.previewProblems}>
                <List size="sm">
                  {result.problems.map((p) => (
                    <List.Item key={`${p.path}-${p.sfField}-${p.message}`}>{p.message}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {result.externalIdField ? (
              <Text size="sm">{T.previewExternalId(result.externalIdField, result.externalIdValue)}</Text>
            ) : null}
            <ScrollTable minWidth={480} label={T.previewTitle}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{T.previewFieldColumn}</Table.Th>
                    <Table.Th scope="col">{T.previewValueColumn}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map(([field, value]) => (
                    <Table.Tr key={field}>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {field}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{value === null ? T.previewEmpty : String(value)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
