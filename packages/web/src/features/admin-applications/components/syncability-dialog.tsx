import { Alert, Badge, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { INTEGRATION_LABELS } from '@under/core/integrations/sync.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { FORM_INTEGRATIONS_TEXT, SYNCABILITY_TEXT as T } from '@under/core/ui-text/client-form-integrations';
import { useSyncability } from '../api/admin-applications-api';

/**
 * The admin's syncability check of an application (decision 078): per integration, whether it can sync, its CRM
 * mode, and every reason it cannot, in the words the sync itself would store.
 */
export function SyncabilityDialog(props: {
  application: { applicationId: string; number: number } | undefined;
  companyId: string;
  onClose: () => void;
}) {
  const check = useSyncability(props.application?.applicationId, props.companyId);
  return (
    <Modal
      opened={Boolean(props.application)}
      onClose={props.onClose}
      title={`${T.title}: #${props.application?.number ?? ''}`}
      centered
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {T.description}
        </Text>
        {check.isPending ? <Loader size="sm" role="status" aria-label={T.check} /> : null}
        {check.isError ? (
          <Alert color="red" role="alert">
            {T.checkFailed}
          </Alert>
        ) : null}
        {check.data?.integrations.map((i) => (
          <Stack key={i.integration} gap={6} data-testid="syncability">
            <Group gap="sm">
              <Title order={3} size="h5">
                {INTEGRATION_LABELS[i.integration]}
              </Title>
              <Badge color={i.syncable ? 'green.9' : 'red.9'} variant="filled" tt="none">
                {i.syncable ? T.syncable : T.notSyncable}
              </Badge>
              {i.mode ? (
                <Text size="sm" c="dimmed">
                  {FORM_INTEGRATIONS_TEXT.modes[i.mode]}
                </Text>
              ) : null}
            </Group>
            {i.reasons.length > 0 ? (
              <List size="sm" spacing={4}>
                {i.reasons.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
