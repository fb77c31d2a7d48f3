import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { ADMIN_BUTTON_LINKS_TEXT as T } from '@under/core/ui-text/admin-button-links';

/** The signing secret, shown this once (made or replaced). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={T.secretTitle} centered>
      <Stack gap="md">
        <Text size="sm">{T.secretLead}</Text>
        <Code block data-testid="button-link-secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? T.copied : T.copyButton}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{T.secretDone}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
