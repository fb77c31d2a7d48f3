import { Button, Group, Modal, Text } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useFlag, useSession } from '../lib/session-context';

/** Shown at 2 h 50 min without a server response (spec 1 §9); the timer closes it on any activity. */
export function SessionTimeoutModal() {
  const session = useSession();
  const isOpen = useFlag(session.sessionAlert);
  const [isBusy, setBusy] = useState(false);

  async function stay() {
    setBusy(true);
    try {
      await session.staySignedIn();
    } catch {
      // The HTTP client has already told the user or ended the session.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={isOpen}
      onClose={() => void stay()}
      title={MESSAGES.sessionTimeoutAlertTitle}
      centered
      closeOnClickOutside={false}
    >
      <Text mb="lg">{MESSAGES.sessionTimeoutAlert}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void session.signOut()}>
          {UI_TEXT.logOut}
        </Button>
        <Button onClick={() => void stay()} loading={isBusy} data-autofocus>
          {UI_TEXT.staySignedIn}
        </Button>
      </Group>
    </Modal>
  );
}
