import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that backs out; 'Cancel' unless given. */
  cancelLabel?: string;
  /** Red for actions that take something away (deactivate, revoke). */
  isDanger?: boolean;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that signs someone out or breaks a link. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = UI_TEXT.cancelButton,
  isDanger = false,
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': UI_TEXT.closeDialog }}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isBusy}>
            {cancelLabel}
          </Button>
          <Button color={isDanger ? 'red' : undefined} onClick={onConfirm} loading={isBusy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
